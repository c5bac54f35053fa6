// Public entry of @chaindata/wallet: the generated client and types, plus the
// runtime's option and error types (generated/runtime.ts) so callers need only this one import.
export * from "./generated/client.js";
export type * from "./generated/types.js";
export * from "./generated/runtime.js";
