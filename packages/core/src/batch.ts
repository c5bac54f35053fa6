/** Opt-in JSON-RPC auto-batching: the `batch` client option. */
import { got, knownOptions, misconfigured } from "./config.js";
import { ownCopy } from "./internal/stack.js";

/**
 * A call a JSON-RPC client offers its batcher: its request object, its method, and how to fail it.
 * (The JSON-RPC client's, not an application's; declared because {@link Batcher.bind} names it.)
 */
export interface BatchedCall {
  request: { id: string; method: string };
  /** The request written as JSON (at call time, so a value that cannot be written fails its own call only). */
  text: string;
  method: { idempotent: boolean };
  reject(error: unknown): void;
}

/** Collects calls and sends them in groups. Made by {@link createBatcher}. */
export interface Batcher {
  /**
   * A client's way into the batcher. Calls of clients bound with equal `endpoint`s (the same URL,
   * key, headers, fetch, limits and logger: the areas of one `createChainDataClient`) share a batch.
   * (The JSON-RPC client's. Kept in the declarations: without its members, `Batcher` would be an
   * empty type, and any object would type-check as the `batch` option.)
   */
  bind<C extends BatchedCall>(
    /** Posts a batch (or a lone request) as JSON text; resolves with the parsed answer and the HTTP response. */
    post: (body: string, id: string) => Promise<[answer: unknown, response: Response]>,
    /** Settles `call` with its entry of the answer (`undefined`: missing; `duplicate`: its id came back twice). */
    settle: (call: C, entry: unknown, response: Response, duplicate?: boolean) => void,
    /** What makes two clients' requests interchangeable, compared item by item with `===`. @default [post] (this client alone) */
    endpoint?: readonly unknown[],
  ): (call: C, options: object) => boolean;
  /** The id for a request of a client bound here: unique per batcher, so shared batches never repeat one. (The JSON-RPC client's.) */
  nextId(): string;
}

/**
 * Batches JSON-RPC calls made in the same tick (or within `wait` ms) into one batch request;
 * results are routed back by id, in whatever order they come, and each call gets its own result
 * or error. Only plain idempotent calls are batched: a write, or a call with its own `signal`,
 * `timeout`, `maxRetries`, `headers` or query options, goes alone. (An `onResponse` callback
 * does not stop a call from being batched: it sees the batch's answer.)
 *
 * ```ts
 * const das = createDasClient({ batch: createBatcher({ maxSize: 50 }) });
 * ```
 * Clients given the same batcher and otherwise equal options share its batches.
 *
 * On Cloudflare Workers, a batcher with `wait` > 0 belongs to one request: make it in the `fetch`
 * handler, not at module scope. Shared, it puts one request's calls into a batch that another
 * request's `fetch` sends, and workerd cancels the requests left waiting on it as hung. (With
 * `wait: 0`, a batch never spans two requests.)
 * @throws ConfigurationError for options that are not an object, an unknown option name, a
 * `maxSize` that is not a whole number >= 1 (or `Infinity`), or a `wait` out of range
 */
export function createBatcher(
  options: {
    /**
     * Most calls per batch request; a full batch is sent at once.
     * @default 100
     */
    maxSize?: number | undefined;
    /**
     * How long to collect calls, in ms; `0` = calls made in the same tick.
     * @default 0
     */
    wait?: number | undefined;
  } = {},
): Batcher {
  // (A typo such as `maxsize` would otherwise mean batches of 100.)
  if (options != null && typeof options !== "object")
    misconfigured("batch", `must be an object of batcher options (got ${typeof options})`);
  knownOptions(options, ["maxSize", "wait"], "batcher", "batch.");
  const { maxSize = 100, wait = 0 } = options ?? {};
  if (!((Number.isInteger(maxSize) || maxSize === Infinity) && maxSize >= 1))
    misconfigured(
      "batch.maxSize",
      `must be a whole number >= 1, or Infinity (got ${got(maxSize)})`,
    );
  // (A timer cannot wait longer than 2^31 - 1 ms: it would fire at once.)
  if (!(typeof wait === "number" && wait >= 0 && wait <= 2 ** 31 - 1))
    misconfigured("batch.wait", `must be >= 0 and <= 2147483647 ms (got ${got(wait)})`);
  /** The batches being collected, one per endpoint; a batch leaves when it is sent. */
  type Pending = {
    endpoint: readonly unknown[];
    post: (body: string, id: string) => Promise<[unknown, Response]>;
    calls: [call: BatchedCall, settle: (...args: any[]) => void][];
    timer?: ReturnType<typeof setTimeout>;
  };
  let pending: Pending[] = [];
  let lastId = 0;
  const flush = (batch: Pending) => {
    clearTimeout(batch.timer);
    // (Already sent: a full batch goes at once, and its timer or microtask finds it gone.)
    if (!pending.includes(batch)) return;
    pending = pending.filter((other) => other !== batch);
    const { calls } = batch;
    const requests = calls.map(([call]) => call.request);
    // A lone call goes as a plain request.
    const [body, id] =
      calls.length > 1
        ? [
            `[${calls.map(([call]) => call.text).join(",")}]`,
            `batch(${requests.map((r) => r.method).join(", ")})`,
          ]
        : [calls[0]![0].text, requests[0]!.method];
    batch.post(body, id).then(
      ([answer, response]) => {
        // Entries may come back in any order: route them by id. A non-array answer (a
        // server without batch support) is read by every call as its own: it settles the
        // call whose id it carries (or, an error with `id: null`, every call), and the
        // others fail with `id-mismatch`. A lone call was sent as a plain request, so it
        // reads its answer as one. An id answered twice settles no call: which entry is
        // right is unknowable. A call without an entry takes the first error the server
        // could not tie to a request (`id: null`, or no id member, as a lone call reads it), if
        // there is one: the server's reason.
        const byId = calls.length > 1 && Array.isArray(answer) && new Map<unknown, unknown>();
        const twice = new Set<unknown>();
        let untied: unknown;
        if (byId)
          for (const entry of answer)
            if (entry?.id == null && entry?.error) untied ??= entry;
            else if (byId.has(entry?.id)) twice.add(entry?.id);
            else byId.set(entry?.id, entry);
        calls.forEach(([call, settle], i) => {
          const id = requests[i]!.id;
          // One entry that cannot be settled must not leave the others pending. (Each call is
          // settled by its own client: its method's u64 fields, its own callbacks.)
          try {
            settle(call, byId ? (byId.get(id) ?? untied) : answer, response, twice.has(id));
          } catch (error) {
            call.reject(error);
          }
        });
      },
      // (Each call gets its own copy: its caller takes the copy's stack again.)
      (error) => calls.forEach(([call]) => call.reject(ownCopy(error))),
    );
  };
  return {
    nextId: () => String(++lastId),
    bind(post, settle, endpoint = [post]) {
      // Takes `call` into its endpoint's batch, or returns false: writes, and calls with their own
      // signal, timeout, headers, retries or query options, go alone. (`onResponse` is settle's,
      // not the request's: it rides along.)
      return (call, options) => {
        if (
          !call.method.idempotent ||
          Object.entries(options).some(([name, v]) => v !== undefined && name !== "onResponse")
        )
          return false;
        let batch = pending.find(
          (other) =>
            other.endpoint.length === endpoint.length &&
            other.endpoint.every((value, i) => value === endpoint[i]),
        );
        if (!batch) pending.push((batch = { endpoint, post, calls: [] }));
        if (batch.calls.push([call, settle]) >= maxSize) flush(batch);
        else if (batch.calls.length === 1) {
          const send = () => flush(batch);
          if (wait > 0) batch.timer = setTimeout(send, wait);
          else queueMicrotask(send);
        }
        return true;
      };
    },
  };
}
