// Public entry of @chaindata/sender: the generated client, types and constants (tip accounts,
// minimum tip, regional endpoints), plus the runtime's option and error types
// (generated/runtime.ts) so callers need only this one import.
export * from "./generated/client.js";
export * from "./generated/constants.js";
export type * from "./generated/types.js";
export * from "./generated/runtime.js";
