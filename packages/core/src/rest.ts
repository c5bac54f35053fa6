/**
 * The REST transport: the engine of `http.ts` behind a `fetch` for openapi-fetch, and the
 * REST call (validate, send, parse losslessly) the generated clients make.
 */
import {
  checkRequestOptions,
  misconfigured,
  refuseExtraArguments,
  type ClientOptions,
  type Logger,
  type OperationDescriptor,
  type RequestOptions,
} from "./config.js";
import type { Host } from "./generated/environments.js";
import { ChainDataError, makeAPIError, ofOperation } from "./errors.js";
import { createHttp, invalidResponse, keptOf, responseFieldsOf, type Exchange } from "./http.js";
import { takeStack } from "./internal/stack.js";
import { decodeUtf8 } from "./internal/utf8.js";
import { checkU64 } from "./u64.js";
import { reviveParsed } from "./json.js";
import { quoteServer } from "./quote.js";
import { credentialsIn, type Redactor, scrub, urlCredentialsIn } from "./redact.js";
import { refusal, runCheck } from "./validate.js";

/**
 * The options of a REST client: those of every client but `batch` (JSON-RPC only). (At run time
 * the generated clients refuse a batcher too, with a ConfigurationError, rather than ignore it:
 * config.ts's `unbatched`, which `batch: false` passes. `createRestTransport` itself does not.)
 */
export interface RestClientOptions extends Omit<ClientOptions, "batch"> {
  /**
   * Not an option of a REST client (only `false`, which says so): at run time a batcher is refused
   * with a ConfigurationError. An options object typed `ClientOptions` may hold one, so the
   * compiler refuses it here too (`Type 'Batcher' is not assignable to type 'false'`): type
   * options shared with other clients `RestClientOptions` (every area's factory takes them;
   * `Omit<RestClientOptions, "rateLimit">` for `createChainDataClient` too).
   * @default undefined (no batcher: each call is its own request)
   */
  batch?: false | undefined;
}

/**
 * The REST transport of one host: its REST calls, over the HTTP engine (http.ts).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export interface RestTransport {
  /** The host's base URL (no trailing slash), for openapi-fetch's `createClient({ baseUrl })`. */
  baseUrl: string;
  /** The client's logger (for the generated code's deprecation warnings). */
  readonly logger?: Logger | undefined;
  /**
   * Checks `options` and `input` as {@link RestTransport.restCall} does (the same refusals, a
   * refused value shown with the same redaction) and sends nothing: for a helper that checks its
   * own params before the calls it makes. Throws at once, so the caller knows before it goes on.
   * @param input - of the descriptor's `Params` type (any value for a descriptor that states none)
   * @throws ValidationError for `input` that `operation.params` refuses
   * @throws ConfigurationError for `options` that are no request options
   */
  check<Params = unknown>(
    operation: OperationDescriptor<Params>,
    // (Read from `operation` only, as in `restCall`.)
    input: [Params][Params extends unknown ? 0 : never],
    options?: RequestOptions,
  ): void;
  /**
   * One REST operation: validates `input` with `operation.params`, then calls `invoke` with a
   * `fetch` bound to this call (the generated code passes it to openapi-fetch), and returns the
   * body parsed losslessly with u64 fields revived: `undefined` for an empty body where
   * `operation.optionalBody` allows one, an `InvalidResponseError` (reason `empty`) elsewhere.
   * That `fetch` sends the request (with retries) and resolves, on a 2xx, with an empty 204, not
   * the answer: `invoke`'s own result is not used. `input` and the result are of the descriptor's
   * `Params` and `Result` types (see {@link OperationDescriptor}): any value and `unknown` for a
   * descriptor that states none.
   */
  restCall<Params = unknown, Result = unknown>(
    operation: OperationDescriptor<Params, Result>,
    // (Each type parameter is read from `operation` only, never from the other arguments nor from
    // what the caller assigns the result to: `[T][…]` defers it, as JsonRpcClient.call does.)
    input: [Params][Params extends unknown ? 0 : never],
    options: RequestOptions | undefined,
    invoke: (fetch: (request: Request) => Promise<Response>) => Promise<unknown>,
    /** What a call of an operation without params got after its options: refused. */
    extra?: readonly unknown[],
  ): Promise<[Result][Result extends unknown ? 0 : never]>;
}

/**
 * The transport's own request, which a generated REST operation gives openapi-fetch: URL, method,
 * headers and body text as given, and `text()`. It keeps the body as text, which `restCall` sends
 * as it is: a real `Request` encodes it, to be read back and encoded again (for a 4.7 MB body,
 * createWebhook with 100,000 addresses, about 100 ms). `clone()` makes a real `Request` of it, on
 * demand only (openapi-fetch's middleware docs read a body from a clone).
 *
 * openapi-fetch takes from a middleware's `onRequest` only an instance of the `Request` class it
 * was given, and a real `Request` was none of this one: `new Request(…)` returned in its place was
 * refused ("onRequest: must return new Request() or Response()"). So any request is an instance,
 * as its members tell, and what `restCall`'s `fetch` sends is the returned one's URL, method,
 * headers and body. (`new Request(request, …)` cannot copy this one, which is no `Request`: Node
 * throws "Failed to parse URL from [object Object]"; `new Request(request.clone(), …)` can.)
 */
class RestRequest {
  constructor(url: string, init: RequestInit) {
    Object.assign(this, init, {
      url,
      text: async () => init.body ?? "",
      clone: () => new Request(url, init),
    });
  }
  // What openapi-fetch hands our `fetch` must be a request to read: a method and a body's `text()`
  // (a Response has no method). Told by its members, not its class: a runtime may have no global
  // `Request` (the README's "Another runtime"), or one of a polyfill beside its own.
  static [Symbol.hasInstance](value: any) {
    return value?.method && value.text;
  }
}

/**
 * What a generated REST operation gives openapi-fetch for its request, beside its params and the
 * call's `fetch`:
 * - `Request`, the transport's own ({@link RestRequest}), for {@link RestTransport.restCall}'s
 *   `fetch` only. Per call, not the client's: the client a `send` of the caller's own is given
 *   makes real Requests, which a fetch or middleware of its own may clone or replace.
 *
 * No `parseAs`: openapi-fetch's `data` is not the result (`restCall` parses the bytes itself,
 * losslessly), and `restCall`'s `fetch` answers openapi-fetch with a bodiless 204.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const restInit = {
  // (The URL as openapi-fetch made it, not parsed: `fetch` parses it when sending, and React
  // Native's own URL class, before 0.80, adds a "/" to one without a query. The headers are
  // openapi-fetch's own Headers, made for this request.)
  Request: RestRequest as unknown as typeof Request,
} as const;

/**
 * The REST transport of `host`.
 * @throws ConfigurationError when the environment has no URL for `host` and `baseUrls` does not
 * give one. A missing API key is reported by each call instead (nothing is sent), so a client
 * can be constructed before the key is needed, and key-optional hosts (sender) work without one.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const createRestTransport = (
  options: RestClientOptions | undefined,
  host: Host,
): RestTransport => {
  const [send, redactWith, baseUrl, config, , , alike, hint] = createHttp(options, host, true);

  // A call's input checked, before anything is sent, with the call's redactor (returned).
  const checkInput = (
    operation: OperationDescriptor,
    input: unknown,
    options: RequestOptions,
  ): Redactor => {
    // A credential the input sends (a webhook's authHeader) or the call's own headers carry is
    // masked in this call's errors and log lines as the key is: a server may echo it with no
    // name beside it, or HTML-escaped. So is a token in a URL it sends (a webhook's).
    const redactor = redactWith(
      [...credentialsIn(input), ...urlCredentialsIn(input)],
      options.headers,
    );
    // (A refused value is quoted in the message: the key given in the wrong place too.)
    if (operation.params) runCheck(operation.params, input, undefined, redactor);
    operation.keyFree?.(input, config.keyToMask);
    return redactor;
  };

  return {
    baseUrl,
    logger: config.logger,
    check: (operation, input, options) => {
      try {
        checkInput(operation, input, checkRequestOptions(options));
      } catch (error) {
        throw ofOperation(error, operation.id);
      }
    },
    async restCall<Params, Result>(
      operation: OperationDescriptor<Params, Result>,
      input: unknown,
      options: RequestOptions | undefined,
      invoke: (fetch: (request: Request) => Promise<Response>) => Promise<unknown>,
      extra?: readonly unknown[],
    ): Promise<[Result][Result extends unknown ? 0 : never]> {
      let captured: Exchange | undefined;
      let redactor: Redactor;
      // Whether `invoke` handed a request to this call's `fetch` (so it may have been sent).
      let handed: boolean | undefined;
      // The answer this call's `fetch` waited for: its error is the call's where `send` caught it.
      let answer: Promise<Exchange> | undefined;
      // Set once `invoke` has settled: a request its `fetch` is handed later is not sent.
      let settled: boolean | undefined;
      try {
        refuseExtraArguments(operation.id, extra);
        options = checkRequestOptions(options);
        redactor = checkInput(operation, input, options);
        await invoke(async (request) => {
          handed = true;
          // Buffered once, so every attempt sends identical bytes. (Read as text: openapi-fetch
          // writes a body as JSON. Not by `request.body`, which a Request of React Native's fetch,
          // whatwg-fetch, does not have: every POST and PUT was sent without its body.)
          const body = (await request.text()) || undefined;
          // A `send` that returned before its request got here (it did not wait for its `fetch`)
          // has failed the call with a ConfigurationError, which says nothing was sent: so nothing
          // is. (Its own promise, which nobody awaits, rejects with the same error.)
          if (settled) noRequest();
          const sendOnce = (signal?: AbortSignal, sent: { options?: object } = {}) =>
            send(
              request.url,
              { method: request.method, headers: request.headers, body, json: true },
              operation,
              // (An object of this call's own: the engine keeps its `attempts` up to date.)
              (sent.options = { ...options, signal: signal ?? options!.signal ?? request.signal }),
              redactor,
            );
          const shared =
            config.coalesce &&
            config.coalesce.share(
              // (The URL is in the key.)
              alike,
              `${request.method} ${request.url} ${body ?? ""}`,
              operation,
              options!,
              sendOnce,
              // (Each caller revives its own parsed body, in place.)
              ([response, bytes, value], copyParsed): Exchange => [
                response,
                bytes,
                copyParsed(value),
              ],
            );
          try {
            captured = await (answer = shared || sendOnce());
          } catch (error) {
            // Made by the shared request, which no caller awaits: the stack is taken again here,
            // inside this caller's awaited chain (as json-rpc.ts does).
            if (shared && error instanceof ChainDataError) takeStack(error);
            throw error;
          }
          // The answer is the call's, parsed above (`send`) and returned below; openapi-fetch's
          // result is thrown away. So it gets a Response with nothing to read: a 204, which it
          // reads no body of, whatever its `parseAs` (a copy of the bytes cost about 30 µs of CPU
          // per call). Status, headers and request id: `onResponse`, and every error.
          return new Response(null, { status: 204 });
        });
        settled = true;
        // (A `send` of the caller's own that never used its `fetch` or ran a middleware that
        // answered in its place: there is no answer to read, where a TypeError of `captured` was
        // the call's error. One that caught its fetch's error fails with that error, the call's
        // own: the request was made, and a ConfigurationError would say it was not.)
        if (!(captured ??= await answer)) noRequest();
      } catch (error) {
        settled = true;
        // openapi-fetch writes path and query params with encodeURIComponent, which throws a
        // URIError on a lone surrogate: a string JSON can carry, a URL cannot. Bad input, and
        // nothing was sent: only before the request reached our `fetch`. After that, a URIError is
        // a custom fetch's own bug (passed through as itself, see http.ts's connectionError), and
        // the request may have reached the server. (What the call refuses before sending, its
        // params, its options, a missing API key, names the call, as its other errors do.)
        throw ofOperation(
          error instanceof URIError && !handed ? notInUrl(input, error) : error,
          operation.id,
        );
      }
      // Our own parse of the bytes (strict UTF-8, lossless numbers, made by `send`), not
      // openapi-fetch's `data`.
      const [response, bytes, body] = captured!;
      // The host's error body alone in a 2xx answer is its error, not a result (errorInBody); so
      // is a JSON-RPC error envelope (`jsonrpc`, `id` and `error`), a JSON-RPC host's answer to a
      // REST `baseUrls` entry given its URL.
      if (
        body &&
        Object.keys(body)
          .filter((key) => !(body as any).jsonrpc || (key != "jsonrpc" && key != "id"))
          .join() == "error" &&
        (body as any).error
      )
        throw errorInBody(captured!, body as { error: any }, operation.id, redactor, hint);
      // An empty 2xx body (or a JSON `null`) is only a result where the spec allows one (a 204);
      // elsewhere the typed result would be a lie that fails later, far from the call.
      if (body == null && !operation.optionalBody)
        throw invalidResponse("empty", response, "", operation.id, redactor);
      let result: unknown;
      // (A JSON `null` where a body is optional is no result, as an empty body is: `undefined`.
      // A u64 value that is none fails the call, named from `body`.)
      try {
        result = reviveParsed(body ?? undefined, undefined, operation.u64, "body", checkU64);
      } catch (error: any) {
        const invalid = invalidResponse(
          "not-u64",
          response,
          decodeUtf8(bytes),
          operation.id,
          redactor,
        );
        invalid.message += ": " + redactor(error.message);
        throw invalid;
      }
      options?.onResponse?.(responseFieldsOf(response, redactor));
      // (The descriptor's Result type: the generator states it from the same spec as `u64`.)
      return result as [Result][Result extends unknown ? 0 : never];
    },
  };
};

/** The error of a call whose `send` made no request with its `fetch`, or did not wait for it. */
const noRequest = () =>
  misconfigured("send", "must make its request with the fetch it is given, and wait for it");

/**
 * The APIError of `body`, a REST host's error body alone in a 2xx answer: the wallet API answers
 * some errors so (the reference SDK checks every wallet answer for `error`, and its getFundedBy
 * test answers "No funding transaction found" both as a 404 and as a 200). Resolved, it was a
 * result with none of its fields. Made as the APIError of the status its `code` names, so that
 * one `catch` serves both forms, else of the answer's own status; not retried.
 * `hint`: the end of a 401's or 403's message (the engine's `hint`).
 */
const errorInBody = (
  [response, bytes]: Exchange,
  body: { error: any },
  operation: string,
  redactor: Redactor,
  hint: string,
) => {
  const text = decodeUtf8(bytes);
  const scrubbed = scrub(body, redactor);
  const { code, message = scrubbed.error } = scrubbed.error;
  // (Three digits, a number or a string: compared as a number, `"404"` and `[404]` left `status` a
  // string or a list, `404.5` was a status, and `{"toString": 1}` threw a TypeError, the call's
  // error. An object is never a code.)
  const status = typeof code != "object" && /^[45]\d\d$/.test(code) ? +code : response.status;
  // (A plan out of credits is told by its words, as the engine tells a 429's: without `reason`,
  // `isRetryable` said to retry it.)
  const spent = status == 429 && typeof message == "string" && /max usage reached/i.test(message);
  return makeAPIError(
    `HTTP ${status} from ${operation}` +
      (typeof message == "string" ? ": " + quoteServer(message.trim()) : "") +
      ` (in an HTTP ${response.status} answer)` +
      // (A 401 or 403 ends with where the key is set, as a non-2xx one's message does.)
      (status == 401 || status == 403 ? hint : ""),
    {
      ...responseFieldsOf(response, redactor),
      status,
      // (Over 64 KiB, its start as text, as a non-2xx error's body: the error is logged and copied
      // to every caller of a coalesced request.)
      body: text.length > 65536 ? keptOf(text, redactor) : scrubbed,
      operation,
      ...(spent && { reason: "credits-exhausted" as const }),
    },
  );
};

/**
 * The ValidationError of input that cannot be put in a URL: names the member holding a lone
 * surrogate. (Strings only: a body member may be anything the check allows, a null-prototype
 * object too, which String() would throw on.)
 */
const notInUrl = (input: any, error: URIError) => {
  const name = Object.keys(input ?? {}).find((key) =>
    [input[key]].flat().some((value) => typeof value === "string" && /\p{Cs}/u.test(value)),
  );
  const path = name ? "params." + name : "params";
  return refusal(
    path,
    "unicode",
    "must be well-formed Unicode to go in a URL (got a lone surrogate)",
    error,
  );
};
