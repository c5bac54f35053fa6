// The client and call options (`CLIENT_OPTIONS`, `CALL_OPTIONS`; test/docs/build.test.ts checks
// them against packages/core), as Getting started's "4. Client and call options" shows them.
import { API_KEY_ENV } from "../snippets.mjs";
import { esc, tableWrap } from "../util.mjs";

// The options of every client (`ClientOptions` of packages/core/src/options.ts) and of each call
// (`RequestOptions`, after the params). test/docs/build.test.ts checks this list against both
// interfaces, so a new option fails the tests until it is described here.
export const CLIENT_OPTIONS = [
  [
    "apiKey",
    'The API key. Default: <code>process.env.CHAINDATA_API_KEY</code> (<code>local</code> in the <code>local</code> environment), but for the sender, which reads no variable and sends only a key given to its own client (its <code>apiKey</code>, or <code>areas.sender.apiKey</code> of the all-in-one client). Sent as the <code>api-key</code> query parameter, or the <code>X-Api-Key</code> header on the admin host; never in errors or logs. Without a key, a call to a host at its environment\'s URL throws a <code>ConfigurationError</code> before sending, but a host given its own <code>baseUrls</code> entry is called without one (a proxy that adds the key). <code>apiKey: ""</code> is no key, and <code>CHAINDATA_API_KEY</code> is then not read.',
  ],
  [
    "environment",
    "<code>mainnet</code> (default), <code>devnet</code> or <code>local</code>: picks every host's base URL.",
  ],
  [
    "baseUrls",
    "A base URL per host, overriding the environment's: a dedicated node, a regional sender endpoint, a proxy.",
  ],
  ["timeout", "Time limit per attempt in ms (default 60 000). Also per call."],
  [
    "maxRetries",
    "Retries after a 408, 429, 5xx, connection error or timeout (default 2); a write (not idempotent) after a 429 only, unless the call says <code>retryNonIdempotent: true</code>. Also per call.",
  ],
  [
    "rateLimit",
    "<code>createRateLimiter({ requestsPerSecond })</code>: waits before every attempt to keep a documented limit (admin: 5/s). Pass one limiter to several clients to share the budget.",
  ],
  [
    "batch",
    "<code>createBatcher()</code>: JSON-RPC calls made in the same tick go as one batch request, also across clients that share the batcher and their other options (a DAS and a compression call of <code>@chaindata/sdk</code>). JSON-RPC areas only, not the sender.",
  ],
  [
    "coalesce",
    "<code>createCoalescer()</code>: identical reads made in the same tick share one request (one call's credits), each caller getting its own copy of the result; every area, and across clients that share the coalescer and their other options.",
  ],
  [
    "headers",
    "Headers sent with every request. Also per call, where <code>null</code> removes one.",
  ],
  ["fetch", "The <code>fetch</code> to use (a proxy agent, a test stub)."],
  ["logger", "Where log lines go (<code>console</code> fits); silent by default."],
  [
    "onAttempt",
    "Called with a record of every attempt of every call the client makes (its <code>operation</code>, <code>attempt</code> number, <code>status</code> or <code>error</code> class, the error's <code>reason</code> (<code>credits-exhausted</code>: the plan's credits are used up) and <code>retryAfter</code>, <code>requestId</code>, <code>durationMs</code>, <code>willRetry</code>), for metrics and traces: a batch request's once per try, coalesced reads once. Beside a call's own <code>onAttempt</code>. What it throws is ignored; <code>null</code> is none.",
  ],
];
export const CALL_OPTIONS = [
  [
    "signal",
    "An <code>AbortSignal</code>: aborts the call, also while it waits to retry or for its turn at a <code>rateLimit</code>; a page walk stops at once. For Ctrl-C in a command-line tool, abort one <code>AbortController</code> on <code>SIGINT</code> and give its signal to every call (<code>@chaindata/core</code>'s README, section &quot;Command-line tools&quot;, also maps each error class to an exit code).",
  ],
  ["timeout", "As the client option, for this call."],
  ["maxRetries", "As the client option, for this call."],
  ["headers", "Extra headers for this call."],
  [
    "retryNonIdempotent",
    "<code>true</code> retries a non-idempotent operation (a write) too; only safe if repeating it is harmless. Default <code>false</code>.",
  ],
  [
    "onResponse",
    "Called with a successful answer's <code>status</code>, <code>headers</code> (key redacted) and <code>requestId</code> before the call resolves (per page with <code>.all()</code>; a batched call sees its batch's answer).",
  ],
  [
    "onAttempt",
    "Called once per attempt (retries included) with its <code>operation</code>, <code>attempt</code> number, <code>status</code> or <code>error</code> class, the error's <code>reason</code> and <code>retryAfter</code>, <code>requestId</code>, <code>durationMs</code> and <code>willRetry</code>; a batched call gets its batch request's, in its own async context. No headers, never the key; what it throws is ignored.",
  ],
];

export const optionTable = (rows) =>
  tableWrap(
    `<table><thead><tr><th scope="col">Option</th><th scope="col">What</th></tr></thead><tbody>${rows.map(([name, what]) => `<tr><td><code>${esc(name)}</code></td><td>${what}</td></tr>`).join("")}</tbody></table>`,
  );

/** Getting started's client and call options, shown on one area's client. */
export function optionsSnippet(area) {
  const pkg = area?.pkg ?? "@chaindata/das";
  const factory = area?.factory ?? "createDasClient";
  const v = area?.clientVar ?? "das";
  return `import { ${factory}, createRateLimiter } from "${pkg}";

const ${v} = ${factory}({
  apiKey: process.env.${API_KEY_ENV},
  environment: "devnet",
  maxRetries: 3,
  rateLimit: createRateLimiter({ requestsPerSecond: 10 }),
});
// Call options follow the params: ${v}.<method>(params, { timeout: 10_000, signal })`;
}

/**
 * The base URL option, with the host names it takes (index.json's hosts) and the areas on each:
 * a reader otherwise infers them from the home page's hosts table.
 */
export function baseUrlsText(site, what) {
  const hosts = Object.keys(site.index.hosts ?? {}).map((key) => {
    const on = site.areas.filter((a) => a.hostKey === key).map((a) => a.label);
    return `<code>${esc(key)}</code>${on.length ? ` (${esc(on.join(", "))})` : ""}`;
  });
  return hosts.length ? `${what} Hosts: ${hosts.join(", ")}.` : what;
}
