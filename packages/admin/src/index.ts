// Public entry of @chaindata/admin: the generated client and types, plus the runtime's
// option factories and error types (generated/runtime.ts) so callers need only this one import.
export * from "./generated/client.js";
export type * from "./generated/types.js";
export * from "./generated/runtime.js";
// The admin host allows 5 requests/s per project:
// `createAdminClient({ rateLimit: createRateLimiter(adminRateLimit) })`.
export { adminRateLimit } from "./generated/operations.js";
