/** The JSON-RPC 2.0 client: single calls and opt-in auto-batching over the shared transport engine. */
import type { ClientOptions, Logger } from './config.js';
import { JsonRpcError } from './errors.js';
import type { HostName } from './generated/environments.js';
import { reviveU64, stringifyJson } from './json.js';
import { redactDeep } from './redact.js';
import { createEngine, type OperationDescriptor, type RequestOptions } from './transport.js';

/** A JSON-RPC method, as emitted by the generator. `id` is the method name. */
export interface RpcMethodDescriptor extends OperationDescriptor {
  /**
   * How `params` goes on the wire: `'object'` as is (by name); `'array'` as is (the params
   * value is the array); `'positional'` as `[params[positional[0]], ...]`, trailing
   * `undefined`s dropped.
   */
  paramsShape: 'object' | 'array' | 'positional';
  /** For `'positional'`: the parameter names in wire order. */
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
  call<R>(method: RpcMethodDescriptor, params: unknown, options?: RequestOptions & Record<string, unknown>): Promise<R>;
  /** The client's logger (for the generated code's deprecation warnings). */
  readonly logger?: Logger | undefined;
}

interface Pending {
  request: { jsonrpc: '2.0'; id: string; method: string; params: unknown };
  method: RpcMethodDescriptor;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * A JSON-RPC client for `endpoint.path` on `endpoint.host`.
 * @throws ConfigurationError when the environment has no URL for the host (see `baseUrls`)
 */
export function createJsonRpcClient(
  options: ClientOptions | undefined,
  endpoint: { host: HostName; path: string },
): JsonRpcClient {
  const engine = createEngine(options, endpoint.host);
  const url = engine.baseUrl + endpoint.path;
  const { batch } = engine.config;
  let lastId = 0;
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The result of one response object, or the error it stands for. */
  const unwrap = (response: any, { request, method }: Pending, status: number): unknown => {
    const invalid = (reason: 'id-mismatch' | 'not-json-rpc') =>
      engine.invalid(reason, status, String(stringifyJson(response)), method.id);
    if (!response || typeof response !== 'object' || Array.isArray(response)) throw invalid('not-json-rpc');
    const { id, error } = response;
    // `id: null` is how a server reports an error it could not tie to a request.
    if (error && (id == null || id === request.id)) {
      const rpcMessage = engine.redact(String(error.message ?? error));
      throw new JsonRpcError(`JSON-RPC error ${error.code} from ${method.id}: ${rpcMessage}`, {
        code: error.code,
        rpcMessage,
        data: redactDeep(error.data, engine.redact),
        method: method.id,
        id: id ?? null,
      });
    }
    if (id !== request.id) throw invalid('id-mismatch');
    if (!('result' in response)) throw invalid('not-json-rpc');
    return reviveU64(response.result, method.u64);
  };

  /** Sends one request (or a batch of several) and settles every pending call. */
  const dispatch = async (pending: Pending[], options?: RequestOptions, target = url) => {
    const single = pending.length === 1 ? pending[0] : undefined;
    // A batch is only ever made of idempotent calls.
    const operation = single?.method ?? { id: `batch(${pending.map((p) => p.method.id).join(', ')})`, idempotent: true };
    try {
      const exchange = await engine.exchange(
        target,
        { method: 'POST', body: stringifyJson(single ? single.request : pending.map((p) => p.request)) },
        operation,
        options,
      );
      const response: any = engine.readJson(exchange, operation);
      const { status } = exchange.response;
      // Entries may come back in any order: route them by id.
      const byId = !single && Array.isArray(response) ? new Map(response.map((entry) => [entry?.id, entry])) : undefined;
      for (const p of pending) {
        try {
          if (byId && !byId.has(p.request.id)) throw engine.invalid('missing-entry', status, '', p.method.id);
          p.resolve(unwrap(byId ? byId.get(p.request.id) : response, p, status));
        } catch (error) {
          p.reject(error);
        }
      }
    } catch (error) {
      for (const p of pending) p.reject(error);
    }
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const pending = queue;
    queue = [];
    if (pending.length) void dispatch(pending);
  };

  return {
    logger: engine.config.logger,
    call<R>(method: RpcMethodDescriptor, params: unknown, options: RequestOptions & Record<string, unknown> = {}) {
      return new Promise<R>((resolve, reject) => {
        // A throw here (ValidationError) rejects the promise: nothing is sent.
        engine.prepare(method, params);
        const { paramsShape, positional = [], query = {} } = method;
        let wire: unknown = params ?? (paramsShape === 'object' ? {} : []);
        if (paramsShape === 'positional') {
          const values = positional.map((name) => (params as Record<string, unknown> | undefined)?.[name]);
          while (values.length && values[values.length - 1] === undefined) values.pop();
          wire = values;
        }
        let target = url;
        const extras = Object.entries(query).filter(([option]) => options[option] !== undefined);
        if (extras.length) {
          const u = new URL(url);
          for (const [option, name] of extras) u.searchParams.set(name, String(options[option]));
          target = u.href;
        }
        const p: Pending = {
          request: { jsonrpc: '2.0', id: String(++lastId), method: method.id, params: wire },
          method,
          resolve: resolve as (result: unknown) => void,
          reject,
        };
        // Calls with their own signal, timeout, headers, retries or query options go alone;
        // writes are never batched.
        if (batch && method.idempotent && !Object.values(options).some((v) => v !== undefined)) {
          queue.push(p);
          if (queue.length >= batch.maxSize) flush();
          else if (queue.length === 1) {
            if (batch.wait > 0) timer = setTimeout(flush, batch.wait);
            else queueMicrotask(flush);
          }
        } else void dispatch([p], options, target);
      });
    },
  };
}
