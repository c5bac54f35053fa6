// An operation page's fact rows (Package, Cost, Rate limit, Retries, Auth, Pagination), whose
// words Operations at a glance shows too, and how an operation is called without a client.
import { breakableName, href, marker } from "../html.mjs";
import { standaloneOf } from "../snippets.mjs";
import { esc, isObj, plural, toJson } from "../util.mjs";
import { authText } from "./hosts.mjs";
import { paginationText } from "./pagination.mjs";

/**
 * How a client keeps to a documented rate limit (every package exports `createRateLimiter`; a REST
 * package also the limit of its first rate-limited operation, as `<area>RateLimit`:
 * scripts/generate/rest.mjs).
 */
function rateLimitHint(op) {
  const named =
    op.area.kind === "openapi" && op.area.ops.find((o) => o.rateLimit?.requestsPerSecond) === op
      ? `${op.area.clientVar}RateLimit`
      : "";
  // (A limit per plan: the first plan's, said so.)
  const [plan, perPlan] = op.rateLimit.plans?.[0] ?? [];
  const limit = named || `{ requestsPerSecond: ${perPlan ?? op.rateLimit.requestsPerSecond} }`;
  const call = `${op.area.factory}({ rateLimit: createRateLimiter(${limit}) })`;
  return `<span class="small">The client can pace itself: <code>${esc(call)}</code>${plan ? ` on ${esc(plan)}` : ""} (<code>createRateLimiter</code>${named ? ` and <code>${esc(named)}</code>` : ""} from <code>${esc(op.area.pkg)}</code>).</span>`;
}

/**
 * An operation's own SDK defaults (`x-request-defaults`: the sender's ping is not retried and has
 * 5 s), which replace the client's `maxRetries` / `timeout`: "safe to retry" alone reads as if the
 * client's retries applied.
 */
function requestDefaultsText(pc, op) {
  const d = op.raw?.["x-request-defaults"];
  if (!isObj(d)) return "";
  const set = Object.entries(d).filter(([k]) => !k.startsWith("x-"));
  if (!set.length) return "";
  const list = set
    .map(([k, v]) => `<code>${esc(k)}: ${esc(toJson(v))}</code>${k === "timeout" ? " (ms)" : ""}`)
    .join(", ");
  return ` The SDK's defaults for this call: ${list}, in place of the client's; the call's own options override them.${marker(pc, d["x-source"])}`;
}

/**
 * An operation's cost and rate limit as its fact rows word them, and the operations at a glance
 * from the same words: the credits ("10 credits", or none where the service documents no cost;
 * an operation without `x-cost` has none either), per request or, for a delivery, per event.
 */
export const costCredits = (op) =>
  op.cost?.credits == null ? undefined : plural(op.cost.credits, "credit");
export const costUnit = (op) => (op.transport === "delivery" ? "event" : "request");
const costText = (op) =>
  costCredits(op) ? `${costCredits(op)} per ${costUnit(op)}` : "not documented by the service";
export const rateLimitText = (op) =>
  op.rateLimit?.plans
    ? `by plan: ${op.rateLimit.plans.map(([plan, n]) => `${plan} ${n}`).join(", ")} requests/s`
    : op.rateLimit
      ? `${op.rateLimit.requestsPerSecond} requests/s${op.rateLimit.scope ? ` per ${op.rateLimit.scope}` : ""}`
      : undefined;

/**
 * Whether the SDK retries a call by default, and why, as its Retries row says: not a
 * non-idempotent one, nor one whose own defaults (`x-request-defaults`) set `maxRetries: 0`.
 */
export function sdkRetries(op) {
  if (op.idempotent === false) return "no: not idempotent";
  const max = op.raw?.["x-request-defaults"]?.maxRetries;
  return max === 0 ? "no: maxRetries: 0 by default" : "yes: idempotent";
}

/** The id of an operation page's fact row (`fact-rate-limit`), which a search hit opens at. */
export const factId = (label) => `fact-${label.toLowerCase().replace(/\s+/g, "-")}`;

/**
 * The params check a form runs on each input before calling (a half-typed address refused with
 * nothing sent): a reader of an operation page found `check<Operation>` on the runtimes page only.
 */
const paramsCheck = (pc, op) => {
  const check = `check${op.id[0].toUpperCase()}${op.id.slice(1)}`;
  return `; its params checked alone, nothing sent (a form's input, before the call): <code>${breakableName(standaloneCall(op).replace(op.id, check))}</code>, which throws the call's <code>ValidationError</code> (<a href="${href(pc, "runtimes.html#browser")}">in a browser</a>)`;
};

/**
 * Whether a call takes params before its options: every JSON-RPC method does; a REST operation
 * with a path or query parameter or a body. One that takes none (`listWebhooks`, the sender's
 * `ping`) takes the options as its only argument (the generated `<name>(options?)`).
 */
export const takesParams = (op) =>
  op.transport === "rpc" ||
  op.rest.params.some((p) => p.in === "path" || p.in === "query") ||
  Boolean(op.rest.body);

/**
 * How an operation's standalone function is called: `getAsset(createDasRpc(), params)`,
 * `ping(createSenderRpc())`.
 */
export function standaloneCall(op) {
  return `${op.id}(${standaloneOf(op.area).factory}()${takesParams(op) ? ", params" : ""})`;
}

/**
 * Where a fact the area gives all its operations comes from (its info.x-rate-limit; model.mjs
 * `inheritRateLimit`).
 */
const areaStated = (pc, fact) =>
  fact.stated === "area"
    ? ` <span class="small">(as the <a href="${href(pc, `${pc.area.key}/index.html`)}">${esc(pc.area.label)} page</a> says of the whole area)</span>`
    : "";

export function facts(pc, op) {
  const rows = [];
  const area = op.area;
  rows.push([
    "Package",
    `<code>${breakableName(area.pkg)}</code> → <code>${breakableName(`${area.clientVar}.${op.id}()`)}</code>; tree-shakable, without a client: <code>${breakableName(standaloneCall(op))}</code> (<a href="${href(pc, `${area.key}/index.html#standalone`)}">standalone functions</a>)${takesParams(op) ? paramsCheck(pc, op) : ""}`,
  ]);
  if (op.transport === "delivery")
    rows[0] = ["Receiver", "your HTTPS endpoint (the webhook's <code>webhookURL</code>)"];
  if (op.cost)
    rows.push([
      "Cost",
      `${esc(costText(op))}${marker(pc, op.cost["x-source"])}${areaStated(pc, op.cost)}`,
    ]);
  if (op.rateLimit)
    rows.push([
      "Rate limit",
      `${esc(rateLimitText(op))}${marker(pc, op.rateLimit["x-source"])}${areaStated(pc, op.rateLimit)}. ${rateLimitHint(op)}`,
    ]);
  if (op.transport !== "delivery") {
    rows.push([
      "Retries",
      op.idempotent === false
        ? `<strong>Not idempotent</strong>: the SDK retries it after a 429 only (refused before it was processed), unless the call's options say <code>{ retryNonIdempotent: true }</code> (<a href="${href(pc, "getting-started.html#options")}">options</a>).`
        : // (The sender's ping is idempotent, yet its own defaults say `maxRetries: 0`.)
          `Idempotent: safe to retry${op.raw?.["x-request-defaults"]?.maxRetries === 0 ? ", but not retried unless the call's options give <code>maxRetries</code>" : ""}.${requestDefaultsText(pc, op)}`,
    ]);
    rows.push(["Auth", authText(pc, op.rest?.auth ?? area.auth, area.host)]);
  }
  if (op.pagination) rows.push(["Pagination", paginationText(op)]);
  return `<dl class="facts">${rows.map(([k, v]) => `<div id="${factId(k)}"><dt>${k}</dt><dd>${v}</dd></div>`).join("")}</dl>`;
}
