/**
 * A GET whose 2xx answer is text, sent without an API key: the sender's `GET /ping`. Kept out of
 * the HTTP engine and the JSON-RPC client, so that a bundle which never calls it does not carry
 * it (docs/decisions/0008-runtime-size.md).
 */
import {
  checkRequestOptions,
  refuseExtraArguments,
  type ClientOptions,
  type OperationDescriptor,
  type RequestOptions,
} from "./config.js";
import { ofOperation } from "./errors.js";
import type { Host } from "./generated/environments.js";
import { createHttp, invalidResponse, keptOf, responseFieldsOf, type Exchange } from "./http.js";
import { decodeUtf8 } from "./internal/utf8.js";
import { quoteServer } from "./quote.js";
import type { Redactor } from "./redact.js";

/**
 * GETs `path` on `host` with the client's `clientOptions` (base URL, fetch, headers, logger, rate
 * limiter) but without its `apiKey`, and resolves with the 2xx body as text (decoded as UTF-8; a
 * redirect is already an error) when it is the host's `ok` (white space around it and its case
 * aside). An HTML page, which no host of the service answers, rejects with an
 * `InvalidResponseError`, reason `html`; any other text (empty too) with one of reason `not-ok`,
 * whose message quotes the text.
 *
 * On a key-optional host (the sender's, `keyOptional`) no key is sent at all: the generated
 * clients use it only there (the `plain-http` rule of scripts/generate/lib/refusals.mjs refuses
 * other hosts). On another host the
 * general key (`CHAINDATA_API_KEY`) would still be sent.
 *
 * Per-call `options` override the operation's `defaults`, which override the client's
 * `timeout` / `maxRetries`. Rejects as every call does: `InternalServerError` for a 503 (and any
 * 5xx), `TimeoutError`, `ConnectionError`, `AbortError`, `ConfigurationError` for bad options
 * (nothing is sent), `ValidationError` for arguments after `options` (`extra`: nothing is sent);
 * every one names `operation`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const getText = async (
  clientOptions: ClientOptions | undefined,
  host: Host,
  path: string,
  operation: OperationDescriptor,
  options?: RequestOptions,
  extra?: readonly unknown[],
): Promise<string> => {
  let own: RequestOptions;
  let redactor: Redactor;
  let exchange: Exchange;
  // What the call refuses before sending (arguments after its options, the options, a bad header)
  // names it, as its other errors do. (Not what `onResponse` throws: that reaches the caller as
  // it was thrown.)
  try {
    refuseExtraArguments(operation.id, extra);
    // (The options as checked hold only the names set: one left `undefined`, `{ timeout:
    // opts.timeout }`, is no override, and does not hide the operation's default behind the
    // client's, 60 s and 2 retries.)
    own = checkRequestOptions(options);
    const [send, redactWith, baseUrl] = createHttp(
      { ...clientOptions, apiKey: undefined },
      host,
      true,
    );
    // (A credential in the call's own headers is masked in its errors as the key is.) The client's
    // own key, not sent here, is masked too: the host has it from the client's other calls, and
    // may echo it. Trimmed, as the key those calls send is.
    const key = clientOptions?.apiKey;
    redactor = redactWith(typeof key == "string" && key.trim() ? [key.trim()] : [], own.headers);
    exchange = await send(
      baseUrl + path,
      { method: "GET", headers: { accept: "text/plain" } },
      operation,
      { ...operation.defaults, ...own },
      redactor,
    );
  } catch (error) {
    throw ofOperation(error, operation.id);
  }
  const [response, bytes] = exchange;
  const text = decodeUtf8(bytes);
  const first = text.trimStart()[0];
  // A page is no host's text: a captive portal's or a proxy's login page answered with a 2xx, which
  // a keep-alive must not report as the host up. Refused by the rule every JSON
  // call refuses one by (http.ts, decodeJson): its first character, or its content type, not
  // retried; and, as there, an empty text is no page whatever its label (it is no `ok` either:
  // below). (Written again rather than shared: a helper of http.ts's costs the DAS
  // getAsset program 5 B gzipped, as measured; esbuild inlines no function.)
  if (first && (first == "<" || /html/i.test(response.headers.get("content-type")!)))
    throw invalidResponse("html", response, text, operation.id, redactor);
  // Nor is any other text: the host's answer is `ok` (the public docs' ping.yaml: 200 text/plain
  // "ok"), and a portal's or a proxy's `text/plain` "Please log in" must not report the host up
  // either. White space around it and its case are let pass.
  // The message quotes the text (masked, its first 80 characters, as an HTML page's quotes its
  // title): a keep-alive's log line then says what answered, a proxy's "Please log in", where
  // the `snippet` alone was left unread. (Only the bundles that ping carry it.) Trimmed before it
  // is redacted and cut, not the snippet trimmed: a text after 200 line breaks read as "".
  if (!/^\s*ok\s*$/i.test(text)) {
    const error = invalidResponse("not-ok", response, text, operation.id, redactor);
    error.message += `: answered "${quoteServer(keptOf(text.trim(), redactor), 80)}"`;
    throw error;
  }
  own.onResponse?.(responseFieldsOf(response, redactor));
  return text;
};
