/**
 * JSON-RPC error objects: the standard codes, the error body of an answer, the documented error
 * for a code, and the name of the `X-Mock-JsonRpc-Error` hook that forces one (hooks.ts).
 */
import type { RpcEndpoints } from "./areas.js";
import type { RpcError } from "./convert.js";

/** A request header that turns a 200 JSON-RPC answer into an error object; see README. */
export const RPC_ERROR_HEADER = "x-mock-jsonrpc-error";

export const STANDARD: Record<number, RpcError> = {
  [-32700]: { code: -32700, message: "Parse error" },
  [-32600]: { code: -32600, message: "Invalid Request" },
  [-32601]: { code: -32601, message: "Method not found" },
  [-32602]: { code: -32602, message: "Invalid params" },
  [-32603]: { code: -32603, message: "Internal error" },
};

/** The error object of `code` documented by any method of any endpoint, else the standard one. */
export function knownError(endpoints: RpcEndpoints, code: number): RpcError | undefined {
  for (const byName of endpoints.values())
    for (const m of byName.values()) if (m.errors.has(code)) return m.errors.get(code);
  return STANDARD[code];
}

export function rpcErrorBody(id: unknown, error: RpcError) {
  return {
    jsonrpc: "2.0",
    id: isValidId(id) ? id : null,
    error: {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined && { data: error.data }),
    },
  };
}

export const isValidId = (id: unknown) =>
  id === null || typeof id === "string" || typeof id === "number" || typeof id === "bigint";
