/** The JSON-RPC 2.0 client: one call per request, or batches through the opt-in `batch` option (batch.ts). */
import type {
  ClientOptions,
  Logger,
  OperationDescriptor,
  RequestOptions,
} from "./config.js";
import { JsonRpcError } from "./errors.js";
import type { Host } from "./generated/environments.js";
import { createHttp } from "./http.js";
import { reviveU64, stringifyJson } from "./json.js";
import { validate } from "./validate.js";

/** A JSON-RPC method, as emitted by the generator. `id` is the method name. */
export interface RpcMethodDescriptor extends OperationDescriptor {
  /**
   * Sends the params as an array of these members' values, in this order (trailing
   * `undefined`s dropped), instead of as the object itself.
   */
  positional?: readonly string[];
  /** Call options sent as query parameters: option name → query name, e.g. `{ swqosOnly: 'swqos_only' }`. */
  query?: Readonly<Record<string, string>>;
}

/** A client for one JSON-RPC endpoint. */
export interface JsonRpcClient {
  /**
   * Calls `method`. Resolves with the result (u64 fields as `bigint`); rejects with
   * `ValidationError` (nothing sent), `JsonRpcError` (the server's error object), `APIError`
   * (non-2xx), `InvalidResponseError`, `ConnectionError`, `TimeoutError` or `AbortError`.
   *
   * @param options - request options, plus the method's query options (see `query`)
   */
  call<R>(
    method: RpcMethodDescriptor,
    params: unknown,
    options?: RequestOptions & Record<string, unknown>
  ): Promise<R>;
  /** The client's logger (for the generated code's deprecation warnings). */
  readonly logger?: Logger | undefined;
}

/** A call on its way: the request object and how to settle the caller's promise. */
interface Call {
  request: { jsonrpc: "2.0"; id: string; method: string; params: unknown };
  method: RpcMethodDescriptor;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * A JSON-RPC client for `path` on `host`.
 * @throws ConfigurationError when the environment has no URL for the host (see `baseUrls`)
 */
export function createJsonRpcClient(
  options: ClientOptions | undefined,
  host: Host,
  path: string
): JsonRpcClient {
  const http = createHttp(options, host);
  const { redact } = http;
  const url = http.baseUrl + path;
  let lastId = 0;

  /** The result of one response object, or the error it stands for (`undefined`: missing from a batch). */
  const unwrap = (
    response: any,
    { request, method }: Call,
    status: number
  ): unknown => {
    const invalid = (
      reason: "id-mismatch" | "not-json-rpc" | "missing-entry"
    ) =>
      http.invalid(
        reason,
        status,
        String(stringifyJson(response) ?? ""),
        method.id
      );
    if (response === undefined) throw invalid("missing-entry");
    if (!response || typeof response !== "object" || Array.isArray(response))
      throw invalid("not-json-rpc");
    const { id, error } = response;
    // `id: null` is how a server reports an error it could not tie to a request.
    if (error && (id == null || id === request.id)) {
      const rpcMessage = redact(error.message ?? error);
      throw new JsonRpcError(
        `JSON-RPC error ${error.code} from ${method.id}: ${rpcMessage}`,
        {
          code: error.code,
          rpcMessage,
          data: http.scrub(error.data),
          method: method.id,
          id: id ?? null,
        }
      );
    }
    if (id !== request.id) throw invalid("id-mismatch");
    if (!("result" in response)) throw invalid("not-json-rpc");
    return reviveU64(response.result, method.u64);
  };

  /** Posts `body`; resolves with the parsed answer and the HTTP status. */
  const post = async (
    body: unknown,
    operation: OperationDescriptor,
    options?: RequestOptions,
    target = url
  ): Promise<[unknown, number]> => {
    const exchange = await http.send(
      target,
      { method: "POST", body: stringifyJson(body) },
      operation,
      options
    );
    return [http.json(exchange, operation.id), exchange.response.status];
  };

  const settle = (call: Call, entry: unknown, status: number) => {
    try {
      call.resolve(unwrap(entry, call, status));
    } catch (error) {
      call.reject(error);
    }
  };

  // A batch is only ever made of idempotent calls.
  const { batch } = http.config;
  const enqueue =
    batch &&
    batch.bind<Call>({
      request: (call) => call.request,
      post: (body, id) => post(body, { id, idempotent: true }),
      settle,
      fail: (call, error) => call.reject(error),
    });

  return {
    logger: http.config.logger,
    call: (method, params, options = {}) =>
      new Promise((resolve, reject) => {
        // A throw here (ValidationError) rejects the promise: nothing is sent.
        if (method.params) validate(method.params, params);
        const { positional, query } = method;
        let wire: unknown = params ?? {};
        if (positional) {
          const values = positional.map(
            (name) => (params as Record<string, unknown> | undefined)?.[name]
          );
          while (values.length && values[values.length - 1] === undefined)
            values.pop();
          wire = values;
        }
        let target = url;
        for (const option in query) {
          if (options[option] !== undefined)
            target +=
              (target.includes("?") ? "&" : "?") +
              `${query[option]}=${encodeURIComponent(String(options[option]))}`;
        }
        const call: Call = {
          request: {
            jsonrpc: "2.0",
            id: String(++lastId),
            method: method.id,
            params: wire,
          },
          method,
          resolve: resolve as Call["resolve"],
          reject,
        };
        // Calls with their own signal, timeout, headers, retries or query options go alone;
        // writes are never batched.
        if (
          enqueue &&
          method.idempotent &&
          !Object.values(options).some((v) => v !== undefined)
        )
          enqueue(call);
        else
          post(call.request, method, options, target).then(
            ([answer, status]) => settle(call, answer ?? null, status),
            reject
          );
      }),
  };
}
