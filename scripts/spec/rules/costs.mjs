// Costs and rate limits (spec/README.md "Operation extensions"): every operation states its credit
// cost (`x-cost`), a webhook delivery its cost per event, and an `x-rate-limit`, an operation's or
// an area's, has one of the two forms the docs and the SDK's limiter read. A cost left out or
// misshapen is one the docs would not show; a cost without its `x-source` is a fact nobody can
// check (provenance.mjs holds an `x-source` to its forms, but only where one is given).
import { listOperations, operationPath } from "./operations.mjs";

/** Where a cost's source goes, and why (spec/README.md "Provenance: `x-source`"). */
const COST_SOURCE =
  'every fact names its source (spec/README.md "Provenance: x-source"): x-source: seed, "public-docs: <source>" or "assumption: <reason>"';

/**
 * Every callable operation states its credit cost: `x-cost: { credits: <n> }`, or
 * `credits: null` where the service documents none (the SDK then says so), with its `x-source`.
 */
export function checkCosts(result) {
  const findings = [];
  for (const op of listOperations(result)) {
    const cost = op.operation["x-cost"];
    // (A REST operation's place names its operationId too: `GET /v0/x (getX)`. A JSON-RPC method's
    // is its pointer, `#/methods/0 (getAsset)`: its wire, `POST /`, is every method's.)
    const at = `${result.area} ${result.kind === "openapi" ? `${op.wire} (${op.id})` : operationPath(result, op)}`;
    const shape =
      "{ credits: <whole number>, or null when the service documents none, x-source: … }";
    if (cost === undefined) findings.push(`${at}: needs x-cost: ${shape}`);
    // (One given but misshapen says what it holds.)
    else if (!cost || typeof cost !== "object" || Array.isArray(cost))
      findings.push(`${at}: x-cost must be ${shape} (got ${JSON.stringify(cost)})`);
    else if (!(cost.credits === null || (Number.isInteger(cost.credits) && cost.credits >= 0)))
      findings.push(
        `${at}: x-cost.credits must be a whole number ≥ 0, or null when the service documents none (got ${JSON.stringify(cost.credits) ?? "none"})`,
      );
    else if (cost["x-source"] === undefined)
      findings.push(
        `${at}: x-cost of ${op.id} has no x-source: ${COST_SOURCE}, inside the x-cost (x-cost: { credits: ${cost.credits}, x-source: … })`,
      );
    const limit = op.operation["x-rate-limit"];
    if (limit !== undefined) rateLimitFinding(limit, at, findings);
  }
  // An area's limit for all its operations (DAS: by plan), which the docs show on each.
  const areaLimit = result.doc.info?.["x-rate-limit"];
  if (areaLimit !== undefined)
    rateLimitFinding(areaLimit, `${result.area} #/info/x-rate-limit`, findings);
  // A delivery (the service's call, not the SDK's) may state its cost, per event delivered.
  for (const [name, item] of Object.entries(result.doc.webhooks ?? {})) {
    const cost = item.post?.["x-cost"];
    const at = `${result.area} #/webhooks/${name}/post/x-cost`;
    if (
      cost !== undefined &&
      !(Number.isInteger(cost?.credits) && cost.credits >= 0 && cost.per === "event")
    )
      findings.push(
        `${at}: must be { credits: <whole number>, per: event, x-source: … } (the cost of each delivered event)`,
      );
    else if (cost !== undefined && cost["x-source"] === undefined)
      findings.push(`${at}: the delivery ${name}'s x-cost has no x-source: ${COST_SOURCE}`);
  }
  return findings;
}

/**
 * An `x-rate-limit` is one limit for everyone, `{ requestsPerSecond, scope? }` (admin: 5, the
 * generated limiter constant's), or the plans' own, `{ plans: { <plan>: <requests/s> } }` (DAS),
 * with its `x-source`; the docs and the SDK read one of the two forms, nothing else.
 */
function rateLimitFinding(limit, at, findings) {
  const positive = (n) => typeof n === "number" && n > 0 && n < Infinity;
  const { requestsPerSecond, plans, scope, "x-source": source, ...other } = limit ?? {};
  const plansOk =
    plans !== undefined &&
    plans !== null &&
    typeof plans === "object" &&
    Object.keys(plans).length > 0 &&
    Object.values(plans).every(positive);
  if (
    !limit ||
    typeof limit !== "object" ||
    Object.keys(other).length ||
    typeof source !== "string" ||
    (scope !== undefined && typeof scope !== "string") ||
    (requestsPerSecond !== undefined) === (plans !== undefined) ||
    (requestsPerSecond !== undefined ? !positive(requestsPerSecond) : !plansOk)
  )
    findings.push(
      `${at}: x-rate-limit must be { requestsPerSecond: <number > 0>, scope?: <what it counts>, x-source } or { plans: { <plan>: <requests/s> }, x-source }`,
    );
}
