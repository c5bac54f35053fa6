/**
 * The JSON-RPC 2.0 client: one call per request, or batches through the opt-in `batch` option
 * (batch.ts).
 */
import {
  checkRequestOptions,
  messageValue,
  misconfigured,
  type ClientOptions,
  type Logger,
  type OperationDescriptor,
  type RequestOptions,
} from "./config.js";
import { ChainDataError, ConfigurationError, JsonRpcError, ofOperation } from "./errors.js";
import type { BatchedCall } from "./batch.js";
import type { Host } from "./generated/environments.js";
import { createHttp, invalidResponse, responseFieldsOf } from "./http.js";
import { quoteServer } from "./quote.js";
import { takeStack } from "./internal/stack.js";
import { appendQuery } from "./internal/url.js";
import { checkU64 } from "./u64.js";
import { reviveParsed, jsonText } from "./json.js";
import { scrub, type Redactor } from "./redact.js";
import { writeJson } from "./internal/write-json.js";
import { refusal, runCheck } from "./validate.js";

/**
 * How a method's params go on the wire when not as the params object itself: made by
 * {@link rpcEncoding}. Returns the wire params and the query (`a=1&b=2`, or `""`) to add to the
 * URL.
 */
export type RpcEncode<Query extends string = string> = ((
  params: unknown,
  options: Record<string, unknown>,
) => [params: unknown, query: string]) & {
  /** The call options that are the method's query parameters (accepted besides RequestOptions). */
  options?: readonly Query[];
  /**
   * The params with the query options given in the call options folded in, so that they are
   * checked with the params, as one given in the params is (where the generated clients put it).
   * A ConfigurationError for one given in both, differently. (Here, not in the call: the methods
   * without query options, all of DAS, do not bundle it.)
   */
  fold?: (params: unknown, options: Record<string, unknown>) => unknown;
};

/**
 * A JSON-RPC method, as emitted by the generator. `id` is the method name. `Query` names the call
 * options that are the method's query parameters (none by default), so that `call` refuses any
 * other option name at compile time as it does at run time. `Params` and `Result` are the types of
 * the method's params and result (`unknown` by default), which {@link JsonRpcClient.call} takes and
 * resolves with: a descriptor typed `RpcMethodDescriptor<never, [], bigint>` makes `call` check its
 * params against `[]` and resolve with a `bigint`. They are in the types only (see `types`): the
 * descriptor is the place that states them, once, rather than each call (`types`, inherited).
 */
export interface RpcMethodDescriptor<
  Query extends string = never,
  Params = unknown,
  Result = unknown,
> extends OperationDescriptor<Params, Result> {
  /** Set when the params are positional or some call options are query parameters. */
  encode?: RpcEncode<Query>;
}

/**
 * The encoding of a method whose params object is sent as the array of its `positional`
 * members' values, in order (trailing `undefined`s dropped), and whose call options named in
 * `query` go in the URL (option name → query name, e.g. `{ swqosOnly: 'swqos_only' }`), taken from
 * the call options or from the params object (where the generated clients leave them, so that
 * they are validated with the params; they are not sent as params). `sent` gives members of
 * object params that the SDK sends when the caller leaves them out (param name → member → value,
 * the spec's `x-sdk-defaults`): the wire gets a copy, the caller's object is not changed. Kept out
 * of the client so that methods sent as plain objects (all of DAS) do not bundle it.
 */
/* @__NO_SIDE_EFFECTS__ */ export const rpcEncoding = <Query extends string = never>(
  positional?: readonly string[],
  query: Readonly<Record<Query, string>> = {} as Record<Query, string>,
  sent?: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): RpcEncode<Query> => {
  const encode: RpcEncode<Query> = (value, options) => {
    let params = value as Record<string, unknown> | undefined;
    for (const [name, defaults] of Object.entries(sent ?? {})) {
      const given = params?.[name];
      if (given && typeof given === "object" && !Array.isArray(given)) {
        const filled: Record<string, unknown> = { ...given };
        for (const member in defaults) filled[member] ??= defaults[member];
        params = { ...params, [name]: filled };
      }
    }
    let wire: unknown = params ?? {};
    // Query options given in a params object are not params.
    if (
      !positional &&
      !Array.isArray(params) &&
      Object.keys(query).some((option) => params?.[option] !== undefined)
    ) {
      wire = Object.fromEntries(
        Object.entries(params!).filter(([name]) => !Object.hasOwn(query, name)),
      );
    }
    if (positional) {
      const values = positional.map((name) => params?.[name]);
      while (values.length && values[values.length - 1] === undefined) values.pop();
      wire = values;
    }
    let search = "";
    for (const option in query) {
      // In the params (where the generated clients put it, so it is validated) or the call options.
      const value = options[option] ?? params?.[option];
      if (value !== undefined)
        search += (search && "&") + `${query[option]}=${encodeURIComponent(String(value))}`;
    }
    return [wire, search];
  };
  encode.options = Object.keys(query) as Query[];
  encode.fold = (params, options) => {
    // (Params given as an array are already in wire form, and params that are not an object
    // are refused by the check as they are: nothing to fold into.)
    if (params === undefined || (params && typeof params === "object" && !Array.isArray(params)))
      for (const name of encode.options!)
        if (options[name] !== undefined) {
          // (Two values, one of which would be dropped without a word.)
          const given = (params as Record<string, unknown> | undefined)?.[name];
          if (given !== undefined && given !== options[name])
            misconfigured(name, `is given as a call option and as params.${name}, differently`);
          params = { ...(params as object), [name]: options[name] };
        }
    return params;
  };
  return encode;
};

/**
 * `M` when it is one method name, `never` when it is a union of names: the params of
 * `request(method, params)` can only be checked against the method actually called when the
 * name is known. (For the generated `request` signatures.) Written without a conditional type:
 * the keys common to `{ a: 0 } | { b: 0 }` are none, and for a type parameter `M` (a wrapper
 * generic over the method) TypeScript reads it as `M` itself, where a conditional type stays
 * unresolved and refuses the wrapper's call.
 */
export type SingleMethod<M> = keyof { [K in M & PropertyKey]: Record<K, 0> }[M & PropertyKey];

/**
 * The options of a {@link JsonRpcClient} call: the request options, plus the method's query
 * options (`Query`, see {@link rpcEncoding}) when it has some.
 * (Not `RequestOptions & {}` for none: that type would also take a string.)
 */
export type CallOptions<Query extends string = never> = [Query] extends [never]
  ? RequestOptions
  : RequestOptions & { readonly [Name in Query]?: unknown };

/**
 * A client for one JSON-RPC endpoint. `Endpoint` names it in the types only (`"rpc /"`,
 * `"sender /fast"`: the host and the path), so that the generated standalone functions refuse a
 * client of another endpoint.
 */
export interface JsonRpcClient<Endpoint extends string = string> {
  /**
   * Calls `method`. Resolves with the result (u64 fields as `bigint`), of the descriptor's
   * `Result` type (`unknown` for a descriptor that states none); rejects with
   * `ValidationError` (nothing sent), `JsonRpcError` (the server's error object), `APIError`
   * (non-2xx), `InvalidResponseError`, `ConnectionError`, `TimeoutError` or `AbortError`.
   *
   * @param method - the method's descriptor, whose types (see {@link RpcMethodDescriptor}) type
   *   the params and the result
   * @param params - the method's params, of the descriptor's `Params` type (any value for a
   *   descriptor that states none); checked by its `params` check before anything is sent
   * @param options - request options, plus the method's query options (see {@link rpcEncoding})
   */
  call<Query extends string = never, Params = unknown, Result = unknown>(
    method: RpcMethodDescriptor<Query, Params, Result>,
    // (Each type parameter is read from `method` only, never from the other arguments nor from
    // what the caller assigns the result to: `[T][…]` defers it, the way NoInfer does from
    // TypeScript 5.4, which the declarations cannot yet require. A result type inferred from the
    // assignment, `const x: { root: string } = await rpc.call(method, params)`, would be an
    // unchecked cast.)
    params: [Params][Params extends unknown ? 0 : never],
    options?: CallOptions<[Query][Query extends unknown ? 0 : never]>,
  ): Promise<[Result][Result extends unknown ? 0 : never]>;
  /** The client's logger (for the generated code's deprecation warnings). */
  readonly logger?: Logger | undefined;
  /**
   * Never set: the endpoint, in the types only. `getAsset(createSenderRpc(), …)` would post a DAS
   * method to the sender's `/fast`; with the endpoints told apart it does not compile.
   */
  readonly endpoint?: Endpoint | undefined;
}

/**
 * For the generated standalone functions, which take the endpoint of `factory` (`createDasRpc`,
 * or a REST area's `createWalletRest`) first: `undefined` when `rpc` is one, else a rejected
 * ConfigurationError naming `operation` and the factory (rejected, as the function's other option
 * errors are: `rpc.call` would throw a bare TypeError at once). A client given in its place is told
 * to call its own method; anything else is described as a refused option value is
 * (`messageValue`: never an object's contents, nor a long string). `what` says what the argument
 * must be, before the factory's name. For the generated clients only (exported for them, as
 * `snapshotOptions` is).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const notAnRpc = (
  rpc: unknown,
  factory: string,
  { id }: OperationDescriptor,
  what = "an rpc from",
): Promise<never> | undefined => {
  if (rpc && typeof rpc === "object" && typeof (rpc as JsonRpcClient).call === "function") return;
  return Promise.reject(
    new ConfigurationError(
      `${id}: the first argument must be ${what} ${factory}() (got ${
        id in Object(rpc) ? `a client: call client.${id}(...) instead` : messageValue(rpc)
      })`,
      { operation: id },
    ),
  );
};

/**
 * What a generated client's `request(method, ...args)` returns: the call of `client`'s method
 * named `method` with `args`, by own name only (`request("toString")` must not reach
 * Object.prototype), or a rejected ValidationError listing the names. The message quotes the name
 * given only in a method name's form (letters alone, a typo such as "getAssetByOwner"): anything
 * else may be the API key (a UUID), which the client holds no redactor for. For the generated
 * clients only: one function here, not one per client (the sdk's composed client holds four),
 * called from `request`'s own arrow so that the method keeps its name, `request`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const callByName = (client: object, method: unknown, args: unknown[]): Promise<never> => {
  if (typeof method === "string" && Object.hasOwn(client, method))
    return (client as Record<string, (...args: unknown[]) => Promise<never>>)[method]!(...args);
  const given =
    typeof method === "string"
      ? /^[A-Za-z_]{1,40}$/.test(method)
        ? JSON.stringify(method)
        : `a string of ${method.length} character${method.length === 1 ? "" : "s"}`
      : method === null
        ? "null"
        : typeof method;
  return Promise.reject(
    refusal("method", "enum", `must be one of ${Object.keys(client).join(", ")} (got ${given})`),
  );
};

/**
 * `value` written as JSON, or `undefined` where it cannot be: an answer nested deeper than
 * `JSON.stringify` can write (a few thousand levels, a hostile server's) would make its RangeError
 * the call's error, where the answer's own is due.
 */
const jsonOf = (value: unknown) => {
  try {
    return jsonText(value);
  } catch {}
};

/**
 * The text of an invalid answer's snippet: `value` (a call's entry, or the whole answer) written as
 * JSON, once per object. A batch's calls each read the same answer where it holds no entry of
 * theirs (or is no list), and each wrote it again: 90 calls and a 50 MB answer took 24 s, the event
 * loop held. (`text` is a local, as a parameter: smaller. A WeakMap: the answer is not kept alive
 * by it.)
 */
const written = new WeakMap<object, string>();
const snippetOf = (value: any, text = written.get(value) ?? jsonOf(value) ?? "") => (
  Object(value) === value && written.set(value, text),
  text
);

/**
 * The JsonRpcError of `scrubbed`, the error object (redacted) of an answer's entry `id` to a call
 * of `method`; `response`, the answer that carried it.
 */
const rpcErrorOf = (
  scrubbed: any,
  method: string,
  id: string | null | undefined,
  response: Response,
  redactor: Redactor,
) => {
  const { code, message, data } = scrubbed;
  // The server's values as text, whatever they are: `String()` throws on an object such as
  // `{"toString": "x"}`, and parsed JSON can be anything (scrubbed, no deeper than JSON can be
  // written).
  const text = (value: unknown) => (typeof value === "string" ? value : String(jsonText(value)));
  const rpcMessage = text(message ?? scrubbed);
  // (`code` and `rpcError` as an APIError has them: a call whose error comes in a non-2xx answer
  // unbatched comes in a batch's 200 entry batched, and `rpcError` reads alike in both.)
  const numbered = typeof code === "number";
  // The server's text quoted, as an APIError's: cut to 500 characters, its control characters
  // escaped. It goes into every log line, and an agent's tool result hands it to a model (uncut, a
  // 100 kB message made a 100 kB error message). `rpcMessage` keeps it whole.
  return new JsonRpcError(
    `JSON-RPC error ${quoteServer(text(code))} from ${method}: ${quoteServer(rpcMessage)}`,
    {
      code: numbered ? code : undefined,
      rpcMessage,
      data,
      method,
      operation: method,
      id: id ?? null,
      rpcError: numbered ? scrubbed : undefined,
      ...responseFieldsOf(response, redactor),
    },
  );
};

/**
 * The `call` of every client {@link createJsonRpcClient} made: checkParams runs only these, as far
 * as their params check. A `call` of the caller's own making (a test's double, a wrapper that
 * awaits before it calls) runs no check of ours, and may count, answer or send what it is given.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
// (Before, the check ran any endpoint's `call`.)
export const madeCalls = new WeakSet<object>();

/** A call on its way: the request object, its method, and how to settle the caller's promise. */
interface Call extends BatchedCall {
  request: { jsonrpc: "2.0"; id: string; method: string; params: unknown };
  /** `request` written as JSON. */
  text: string;
  method: RpcMethodDescriptor<string>;
  /** The call's `onResponse` option. */
  onResponse?: RequestOptions["onResponse"];
  /**
   * What the call's errors and `onResponse` are redacted with (its own headers' credentials too).
   */
  redactor: Redactor;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * A JSON-RPC client for `path` on `host`.
 * @throws ConfigurationError when the environment has no URL for the host (see `baseUrls`)
 */
export const createJsonRpcClient = <Endpoint extends string = string>(
  options: ClientOptions | undefined,
  host: Host,
  path: string,
): JsonRpcClient<Endpoint> => {
  const [send, redactWith, baseUrl, config, redact, quietly, alike] = createHttp(options, host);
  const url = baseUrl + path;
  let lastId = 0;
  /**
   * An error entry scrubbed once per answer: an error the server could not tie to a request
   * (`id: null`) is the error of every call of a batch without an entry, and an answer that is no
   * list every call's entry. Each call redacted it again: 20 calls and a 20 MB message took 7.1 s,
   * the event loop held. Each caller still gets a copy of its own (`data` and `rpcError` are
   * theirs to change), made with nothing to redact. (This client's: its calls that share an answer
   * are batched, and a batched call has no headers of its own, so they all redact with the
   * client's redactor. A call with its own goes alone: no other call reads its answer.)
   */
  const scrubbedOf = new WeakMap<object, any>();

  /** Posts `body` (JSON text); resolves with the parsed answer and the HTTP response. */
  const post = async (
    body: string,
    operation: OperationDescriptor,
    options?: RequestOptions,
    target = url,
    redactor = redact,
  ): Promise<[unknown, Response]> => {
    const [response, , answer] = await send(
      target,
      { method: "POST", body, json: true },
      operation,
      options,
      redactor,
    );
    // (Batched or not, an empty body is one error for every call in it.)
    if (answer === undefined) throw invalidResponse("empty", response, "", operation.id, redactor);
    return [answer, response];
  };

  /** Settles `call` with its entry of the answer (`undefined`: missing from a batch). */
  const settle = (
    {
      request,
      method: { id: name, u64, optionalBody },
      onResponse,
      redactor,
      resolve,
      reject,
    }: Call,
    entry: any,
    response: Response,
    duplicate?: boolean,
    answer?: unknown,
  ) => {
    // (The snippet of a call without an entry is the start of the whole answer: what came back.)
    const invalid = (
      reason:
        "id-mismatch" | "not-json-rpc" | "missing-entry" | "duplicate-entry" | "empty" | "not-u64",
      detail = "",
    ) => {
      const error = invalidResponse(reason, response, snippetOf(entry ?? answer), name, redactor);
      error.message += detail;
      reject(error);
    };
    // (Naming the request's id, as `id-mismatch` does: a batch of the same method twice left the
    // caller unable to tell which call came back without an answer.)
    if (entry === undefined || duplicate)
      return invalid(
        duplicate ? "duplicate-entry" : "missing-entry",
        `: id ${JSON.stringify(request.id)}`,
      );
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) return invalid("not-json-rpc");
    const { id, error } = entry;
    // `id: null` is how a server reports an error it could not tie to a request.
    if (error && (id == null || id === request.id)) {
      if (!scrubbedOf.has(entry)) scrubbedOf.set(entry, scrub(error, redactor));
      // (Each caller its own copy, made with nothing to redact: see scrubbedOf.)
      return reject(rpcErrorOf(scrub(scrubbedOf.get(entry), String), name, id, response, redactor));
    }
    // (A bare `{ context, value }` or `{ result }`, with neither `id` nor `jsonrpc`, is no
    // JSON-RPC answer, not another's.)
    // (Both ids said, the answer's first: a test's fixed answer with `"id": 1` was told no more
    // than "id-mismatch". It is the server's text, so redacted, then cut to 40 characters: the
    // message goes into every log line, and the snippet has the answer.)
    if (id !== request.id) {
      if (!(error || ("result" in entry && ("id" in entry || "jsonrpc" in entry))))
        return invalid("not-json-rpc");
      // (Cut before it is redacted, as `keptOf` cuts a body, 40 characters kept; an object written
      // once per answer, as a snippet is: a 20 MB id was written and redacted whole by each call of
      // a batch whose answer is no list.)
      const idText = snippetOf(typeof id == "string" ? id.slice(0, 1064) : id) || "undefined";
      // (Quoted as well: JSON.stringify escapes C0 only, not a bidi control or a C1 one.)
      return invalid(
        "id-mismatch",
        `: id ${quoteServer(redactor(idText.slice(0, 1064)), 40)}, not ${JSON.stringify(request.id)}`,
      );
    }
    if (!("result" in entry)) return invalid("not-json-rpc");
    if (entry.result === null && !optionalBody) return invalid("empty");
    let result: unknown;
    // (A u64 value that is none fails the call, naming it: typed `bigint`, a `1.5` would fail far
    // from here. The server's value, so redacted.)
    try {
      result = reviveParsed(entry.result, undefined, u64, "result", checkU64);
    } catch (error: any) {
      return invalid("not-u64", ": " + redactor(error.message));
    }
    // (Caught: a callback that throws fails its own call, never the batcher's other calls.)
    try {
      onResponse?.(responseFieldsOf(response, redactor));
    } catch (error) {
      return reject(error);
    }
    resolve(result);
  };

  // What makes two clients send alike, item by item: clients equal in all of it share batches
  // and coalesced requests. The URL (environment and `baseUrls`), the engine's `alike` and
  // the batcher.
  const endpoint = [url, ...alike, config.batch];
  const enqueue = config.batch
    ? config.batch.bind<Call>(post, settle, endpoint, config.timeout, quietly)
    : undefined;

  // An async function that awaits its own request, so an error's stack reaches the caller's
  // `await` (V8 links async frames only through `await`, not through `.then`). A batched call
  // settles from the batcher's request instead, which no caller awaits, and so does a coalesced
  // one from the shared request: this function called again, `alone`.
  const rpcCall = async <R>(
    method: RpcMethodDescriptor<string>,
    params: unknown,
    options: RequestOptions & Record<string, unknown> = {},
    // (The coalescer's request passes an object, given the options as checked: the engine keeps
    // their `attempts` up to date.)
    alone?: boolean | { options?: object },
  ): Promise<R> => {
    // Settled synchronously by `settle` when the call goes alone; by the batcher otherwise. (Its
    // result or its error, and whether it failed: a list, whose names are in no bundle.)
    let outcome: [settled?: unknown, failed?: true] = [];
    let call: Call;
    let batched: unknown;
    // The coalescer's promise of the result, when the call shares a request.
    let shared: Promise<unknown> | false | undefined;
    // What the call refuses before it is sent (its options, its params, a missing API key) names
    // it, as its other errors do. (Not what settles it: what `onResponse` throws reaches the
    // caller as it was thrown.)
    try {
      // A throw here (ConfigurationError, ValidationError) rejects the call: nothing is sent.
      // (From here on, the options as checked: the batcher and the engine read the same values.)
      options = checkRequestOptions(options, method.encode?.options);
      if (typeof alone === "object") alone.options = options;
      // A query option given with the call options is checked with the params (see `fold`).
      if (method.encode?.fold) params = method.encode.fold(params, options);
      // A credential in the call's own headers is masked in its errors as the key is. (A call
      // with headers goes alone: a batch's calls have none of their own.)
      const redactor = redactWith([], options.headers);
      // (A refused value is quoted in the message, redacted: the key given in the wrong place too.)
      if (method.params) runCheck(method.params, params, undefined, redactor);
      const [wire, query] = method.encode ? method.encode(params, options) : [params ?? {}, ""];
      const request = {
        jsonrpc: "2.0",
        // (A batcher numbers the requests of every client it serves: they may share a batch.)
        id: config.batch ? config.batch.nextId() : String(++lastId),
        method: method.id,
        params: wire,
      } as const;
      call = {
        request,
        // (Written now, so a value that cannot be written as JSON fails this call, before
        // anything is sent, and never a batch of other callers' calls.)
        text: writeJson(request, "params"),
        method,
        onResponse: options.onResponse,
        redactor,
        resolve: (value) => (outcome = [value]),
        reject: (error) => (outcome = [error, true]),
      };
      // (A call with query options goes alone: a batch is posted to the bare endpoint.)
      shared =
        !(query || alone) &&
        config.coalesce &&
        config.coalesce.share(
          endpoint,
          // (The request but its id, which is all that differs between identical calls.)
          call.text.slice(call.text.indexOf('"method"')),
          method,
          options,
          (signal, sent) => rpcCall(method, params, { signal }, sent ?? true),
        );
      if (!(batched = shared || (!query && enqueue?.(call, options)))) {
        const [answer, response] = await post(
          call.text,
          method,
          options,
          appendQuery(url, query),
          redactor,
        );
        settle(call, answer, response);
      }
    } catch (error) {
      throw ofOperation(error, method.id);
    }
    if (batched)
      try {
        // (The batcher settles its calls from its request's callbacks, never before this returns.)
        return (await (shared ||
          new Promise<R>((resolve, reject) => {
            call.resolve = resolve;
            call.reject = reject;
          }))) as R;
      } catch (error) {
        // Made by the batcher's request or the shared one, which no caller awaits (each call
        // gets its own copy): the stack is taken again here, inside this caller's awaited chain.
        // Not that of what the caller's own `onResponse` threw: it reaches them as it was thrown.
        if (error instanceof ChainDataError) takeStack(error);
        throw error;
      }
    if (outcome[1]) throw outcome[0];
    return outcome[0] as R;
  };
  madeCalls.add(rpcCall);
  return { logger: config.logger, call: rpcCall };
};
