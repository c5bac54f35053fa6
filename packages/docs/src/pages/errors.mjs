// Errors: an operation page's Errors section (a JSON-RPC method's codes, a REST operation's
// statuses and the SDK error class each becomes) and Getting started's "5. Errors" (ERROR_CLASSES,
// every JSON-RPC code the methods list), which those pages link to.
import { href, marker } from "../html.mjs";
import { inl, md, typeLabel } from "../schema.mjs";
import { codePre, esc, plural, tableWrap } from "../util.mjs";
import { json } from "./shared.mjs";

export const STATUS_TEXT = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusBadge(status) {
  const cls = /^2/.test(status)
    ? "ok"
    : /^4/.test(status)
      ? "client"
      : /^5/.test(status)
        ? "server"
        : "other";
  return `<span class="status status-${cls}">${esc(status)}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}</span>`;
}

/**
 * The class a REST status becomes, linked to its row in Getting started's table; a `default`
 * response stands for any status, so the table as a whole.
 */
function sdkErrorCell(pc, status) {
  if (!/^\d/.test(status))
    return `<a href="${href(pc, "getting-started.html#errors")}">by status</a>`;
  const cls = errorClassOf(status);
  return `<a href="${href(pc, `getting-started.html#${errorClassId(cls)}`)}"><code>${esc(cls)}</code></a>`;
}

/**
 * A JSON-RPC error code's row of a method's table: code (to its Getting started row), message,
 * status.
 */
function rpcErrorRow(pc, e) {
  return `<tr><td><a href="${href(pc, `getting-started.html#${rpcCodeId(e.code)}`)}"><code>${esc(e.code)}</code></a></td><td>${esc(e.message ?? "")}${e.description ? `<div class="small">${inl(pc, e.description)}</div>` : ""}</td><td>${e.httpStatus ? statusBadge(String(e.httpStatus)) : '<span class="muted">not documented</span>'}</td><td><code>${esc(e.name ?? "")}</code></td><td>${marker(pc, e.source)}${e.data !== undefined ? `<details><summary>data</summary>${codePre(`<code>${esc(json(e.data))}</code>`)}</details>` : ""}</td></tr>`;
}

const RPC_ERROR_HEAD = `<thead><tr><th scope="col">Code</th><th scope="col">Message</th><th scope="col">HTTP status</th><th scope="col">Name</th><th scope="col">Source</th></tr></thead>`;

/**
 * The JSON-RPC 2.0 protocol errors (`x-protocol-errors`): the endpoint answers them whatever the
 * method, so the spec lists them once per area rather than on each method.
 */
function protocolErrorsPart(pc, op) {
  const errs = op.rpc.protocolErrors ?? [];
  if (!errs.length) return "";
  return `<h3 id="protocol-errors">Protocol errors</h3><p>Whatever the method, the endpoint (<code>POST ${esc(op.area.rpcPath ?? "/")}</code>) answers a body that is not JSON, a body that is not a JSON-RPC 2.0 request, and a method it does not serve with these JSON-RPC 2.0 codes. The SDK always sends a well-formed request, so through it you meet them only when the endpoint does not serve the method (a <code>baseUrls</code> override pointing elsewhere, for instance).</p>${tableWrap(`<table class="errors">${RPC_ERROR_HEAD}<tbody>${errs.map((e) => rpcErrorRow(pc, e)).join("")}</tbody></table>`)}`;
}

export function errorsSection(pc, op) {
  if (op.transport === "rpc") {
    const errs = op.rpc.errors;
    const all = [...errs, ...(op.rpc.protocolErrors ?? [])];
    const in200 = all.some((e) => e.httpStatus === 200)
      ? " A code documented with HTTP 200 arrives inside a successful HTTP answer and becomes a <code>JsonRpcError</code>."
      : "";
    const intro = `<p>Errors arrive as a JSON-RPC <code>error</code> object. The HTTP status documented with each code (<code>x-error-info</code>) picks the SDK's <a href="${href(pc, "getting-started.html#errors")}">error class</a>; the code, message and data stay available on it.${in200}</p>`;
    const own = errs.length
      ? tableWrap(
          `<table class="errors">${RPC_ERROR_HEAD}<tbody>${errs.map((e) => rpcErrorRow(pc, e)).join("")}</tbody></table>`,
        )
      : '<p class="muted">No error objects are documented.</p>';
    return `${intro}${own}${protocolErrorsPart(pc, op)}`;
  }
  // A delivery's statuses are your receiver's answers to the service: no SDK error comes of them.
  const delivery = op.transport === "delivery";
  const bad = delivery
    ? op.rest.responses
    : op.rest.responses.filter((r) => !/^2\d\d$/.test(r.status));
  if (!bad.length) return "";
  const rows = bad
    .map((r) => {
      const headers = r.headers
        .map(
          (h) =>
            `<div><code>${esc(h.name)}</code>${h.required ? "" : " (optional)"}: ${typeLabel(pc, h.schema)}${h.description ? ` — ${inl(pc, h.description)}` : ""}${marker(pc, h.source)}</div>`,
        )
        .join("");
      const ex = r.examples.length
        ? `<details class="ex-errors"><summary>${plural(r.examples.length, "example")}</summary>${r.examples.map((x) => `<p class="small"><code>${esc(x.name)}</code>${x.summary ? ` — ${esc(x.summary)}` : ""}</p>${codePre(`<code>${esc(json(x.value))}</code>`)}`).join("")}</details>`
        : "";
      return `<tr><td>${statusBadge(r.status)}</td><td>${md(pc, r.description)}${marker(pc, r.source)}</td>${delivery ? "" : `<td>${sdkErrorCell(pc, r.status)}</td>`}<td>${headers}</td><td>${r.schema ? typeLabel(pc, r.schema) : '<span class="muted">—</span>'}</td><td>${ex}</td></tr>`;
    })
    .join("");
  const title = delivery ? "<p>What your receiver answers:</p>" : "";
  return `${title}${tableWrap(`<table class="errors"><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th>${delivery ? "" : '<th scope="col">SDK error</th>'}<th scope="col">Headers</th><th scope="col">Body</th><th scope="col">Examples</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

// The error classes every package exports (packages/core/src/errors.ts), checked by the tests;
// the third item is the HTTP status that picks the class (errors.ts `byStatus`).
export const ERROR_CLASSES = [
  ["ValidationError", "the params do not match the schema; nothing was sent"],
  [
    "ConfigurationError",
    "a bad option, no API key for a host at its environment's URL (one given in <code>baseUrls</code> is called without a key), no base URL for a host; nothing was sent",
  ],
  ["BadRequestError", "HTTP 400", 400],
  ["AuthenticationError", "HTTP 401", 401],
  ["PermissionDeniedError", "HTTP 403", 403],
  ["NotFoundError", "HTTP 404", 404],
  ["UnprocessableEntityError", "HTTP 422", 422],
  [
    "RateLimitError",
    'HTTP 429 (<code>retryAfter</code> in seconds; <code>reason: "credits-exhausted"</code> when the plan\'s credits are used up, which no retry helps)',
    429,
  ],
  [
    "InternalServerError",
    "any 5xx (<code>retryAfter</code> when it gives <code>Retry-After</code>)",
  ],
  [
    "APIError",
    "any other non-2xx status (and the base class of the HTTP ones above); also a REST host's error body alone, <code>{ error: … }</code>, in a 2xx answer: the class of the status its <code>error.code</code> names, never retried",
  ],
  ["JsonRpcError", "a JSON-RPC error object (<code>code</code>, <code>data</code>); never retried"],
  [
    "ConnectionError",
    "no response (DNS, TCP, TLS); retried, but not a fetch's refusal to send at all (Node's <code>bad port</code>)",
  ],
  ["TimeoutError", "an attempt took longer than <code>timeout</code>; retried"],
  ["AbortError", "the call's <code>signal</code> fired; never retried"],
  [
    "InvalidResponseError",
    "a 2xx whose body is not what the protocol promises (its <code>reason</code>: HTML, not JSON, truncated, a JSON-RPC id mismatch, a u64 value that is no whole number from 0 to 2^64 - 1, …)",
  ],
  [
    "ChainDataError",
    'the base class of all of them, never thrown itself: <code>isChainDataError(err)</code> (or <code>err instanceof ChainDataError</code>) catches every class above, and a <code>switch (err.name)</code> after it names those classes, never <code>"ChainDataError"</code> (a type error)',
  ],
];

/**
 * What an error holds besides its class and message, as [fields, the classes that declare them
 * (their subclasses inherit them), what they are]: what to log, branch on or quote to support.
 * `build.test.ts` checks every field against its classes' declarations in
 * packages/core/src/errors.ts.
 */
export const ERROR_FIELDS = [
  [
    ["attempts"],
    ["ChainDataError"],
    "the requests handed to <code>fetch</code>, retries included (<code>0</code>: nothing was sent)",
  ],
  [
    ["operation"],
    [
      "APIError",
      "JsonRpcError",
      "ConnectionError",
      "TimeoutError",
      "AbortError",
      "InvalidResponseError",
      "ValidationError",
    ],
    "the operation or JSON-RPC method called",
  ],
  [
    ["status", "headers"],
    ["APIError", "JsonRpcError", "InvalidResponseError"],
    "the answer's HTTP status and headers (lower-case names, values redacted)",
  ],
  [
    ["requestId"],
    ["APIError", "JsonRpcError", "InvalidResponseError"],
    "the answer's <code>x-request-id</code> (or <code>request-id</code>) header, when it has one: quote it to support",
  ],
  [["body"], ["APIError"], "the answer's body: parsed JSON, else the text (redacted)"],
  [
    ["rpcError"],
    ["APIError", "JsonRpcError"],
    "a JSON-RPC call's error object (<code>code</code>, <code>message</code>, <code>data</code>); never set for a REST call, whose own error object stays in <code>body</code>",
  ],
  [
    ["code", "rpcMessage", "data"],
    ["JsonRpcError"],
    "the JSON-RPC error object's members (<code>data</code> redacted)",
  ],
  [
    ["retryAfter"],
    ["APIError"],
    "the seconds the server asked to wait (<code>Retry-After</code>): on a 429, and on another status that gives one",
  ],
  [
    ["reason"],
    ["RateLimitError", "InvalidResponseError"],
    '<code>"credits-exhausted"</code> on a 429 that no retry helps; what a 2xx answer got wrong (<code>"html"</code>, <code>"truncated"</code>, …)',
  ],
  [
    ["issues"],
    ["ValidationError"],
    "every rule the params broke, each <code>{ path, rule, message, detail }</code>: <code>message</code> is the path, then what is wrong, for a log; <code>detail</code> what is wrong alone, to show beside the field (the error's message shows the first three)",
  ],
];

/** Getting started's table of ERROR_FIELDS (`#error-fields`). */
export function errorFieldsTable() {
  const rows = ERROR_FIELDS.map(
    ([fields, classes, what]) =>
      `<tr><th scope="row">${fields.map((f) => `<code>${esc(f)}</code>`).join(", ")}</th><td>${classes.map((c) => `<a href="#${errorClassId(c)}"><code>${esc(c)}</code></a>`).join(", ")}</td><td>${what}</td></tr>`,
  ).join("");
  return `<h3 id="error-fields">What an error holds</h3><p>Besides its class and <code>message</code> (which never holds the API key), an error carries what to log, branch on or quote to support; a subclass has its class's fields (a <code>RateLimitError</code> is an <code>APIError</code>).</p>${tableWrap(`<table><thead><tr><th scope="col">Field</th><th scope="col">On</th><th scope="col">What</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

/**
 * The class the SDK throws for a non-2xx status (a number, or an OpenAPI range such as "5XX"), as
 * errors.ts picks it: its own class, else any 5xx an InternalServerError, else an APIError.
 */
export function errorClassOf(status) {
  const own = ERROR_CLASSES.find(([, , s]) => String(s) === String(status));
  return own ? own[0] : /^5/.test(String(status)) ? "InternalServerError" : "APIError";
}

/** An error class's row in Getting started's table (an id: the search leads there too). */
export const errorClassId = (name) => `error-${name}`;
/** A JSON-RPC error code's row in Getting started's table of codes: `code-32602`. */
export const rpcCodeId = (code) => `code${code}`;

/**
 * Every JSON-RPC error code the methods list, in code order: its message, its name in the spec,
 * and per HTTP status documented with it (`x-error-info`, which an area may change: compression
 * answers -32602 with 200, DAS with 400) the areas that answer so (`null`: not documented).
 */
export function rpcErrorCodes(site) {
  const codes = new Map();
  for (const area of site.areas)
    for (const op of area.ops)
      for (const e of [...(op.rpc?.errors ?? []), ...(op.rpc?.protocolErrors ?? [])]) {
        if (!codes.has(e.code))
          codes.set(e.code, { code: e.code, message: e.message, name: e.name, areas: new Map() });
        const byStatus = codes.get(e.code).areas;
        const status = e.httpStatus ?? null;
        if (!byStatus.has(status)) byStatus.set(status, new Set());
        byStatus.get(status).add(area);
      }
  return [...codes.values()].sort((a, b) => a.code - b.code);
}

/**
 * What the SDK makes of a JSON-RPC error code, per documented status: a 2xx answer holds a
 * JsonRpcError, any other status picks its class. `link(name)` renders a class name.
 */
export function rpcCodeOutcomes(c, link = (name) => name) {
  return [...c.areas]
    .map(([status, areas]) => {
      const labels = [...areas].map((a) => a.label).join(", ");
      if (status === null) return `HTTP status not documented: ${labels}`;
      const cls = /^2/.test(String(status)) ? "JsonRpcError" : errorClassOf(status);
      return `HTTP ${status} → ${link(cls)}: ${labels}`;
    })
    .join("; ");
}

/** Getting started's table of the JSON-RPC error codes the methods list. */
export function rpcCodesTable(site) {
  const codes = rpcErrorCodes(site);
  if (!codes.length) return "";
  const protocol = [
    ...new Set(
      site.areas.flatMap((a) =>
        a.ops.flatMap((o) => (o.rpc?.protocolErrors ?? []).map((e) => e.code)),
      ),
    ),
  ];
  const classLink = (name) => `<a href="#${errorClassId(name)}"><code>${esc(name)}</code></a>`;
  // The spec's name (the methods' pages show it) where it is more than the message run together.
  const squeezed = (t) =>
    String(t ?? "")
      .replace(/\W/g, "")
      .toLowerCase();
  const rows = codes
    .map(
      (c) =>
        `<tr id="${rpcCodeId(c.code)}"><td><code>${esc(c.code)}</code></td><td>${esc(c.message ?? "")}${c.name && squeezed(c.name) !== squeezed(c.message) ? ` <span class="muted small">(${esc(c.name)})</span>` : ""}</td><td>${rpcCodeOutcomes(c, classLink)}</td></tr>`,
    )
    .join("");
  return `<h3 id="rpc-error-codes">JSON-RPC error codes</h3><p>The codes the methods list (each method's page lists its own)${protocol.length ? `, and the JSON-RPC 2.0 protocol errors an endpoint answers whatever the method (${protocol.map((c) => `<code>${esc(c)}</code>`).join(", ")})` : ""}. The HTTP status the service answers a code with picks the class, as above; in a batch each call's error is a <code>JsonRpcError</code>. Either way <code>err.rpcError?.code</code> holds the code.</p>${tableWrap(`<table><thead><tr><th scope="col">Code</th><th scope="col">Message</th><th scope="col">HTTP status → SDK error: areas</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}
