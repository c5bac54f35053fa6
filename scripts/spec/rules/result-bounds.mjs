// Result bounds that follow a request bound (spec/README.md "Changing a bound"):
// a page holds at most the `limit` it was asked for, and a batch's result one entry per item asked
// for, so the result's `maxItems` is the request's `maximum` / `maxItems`: one number, written in
// two places, often in two files (DAS's `limit` in openrpc/das.yaml, its page's `items` in
// schemas/asset.yaml). A maintainer who raises the request's bound and not the result's has the
// docs promise pages smaller than the ones the service sends, and the mock refuse them. The ties
// are read from what the spec already says, with no mark of their own:
// - a page walk (`x-pagination`): its `items` (and `skipped`) array's `maxItems` is its `limit`
//   param's `maximum`;
// - a batch: an operation without `x-pagination` whose result is an array, and whose request has
//   one array value (DAS getAssetBatch's `ids`, the wallet's `addresses`): the result's `maxItems`
//   is that value's `maxItems`;
// - a page walk's echo of its `page` or `limit` (bound-prose.mjs holds its bound keywords to the
//   param's; listed here for spec:diff, which reads every tie).
// `npm run spec:diff` reads the same ties (diff.mjs): a result bound that follows a request bound
// moves with it, and is no promise of its own to a program written against the old document.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { formatPosition, sourcePosition } from "../../lib/spec-sources.mjs";
import { isNum } from "./integers.mjs";
import { listOperations } from "./operations.mjs";
import { derefAt, propertyAt, schemaTypes } from "./schema-walk.mjs";
import { boundsLeavingNoValue } from "./schemas.mjs";

/** The bound keywords an echo of a param carries (bound-prose.mjs checks them). */
const ECHO_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];

/**
 * @typedef {object} Tie  a result bound that follows a request bound, in one operation
 * @property {string} op  the operation's name (method name / operationId)
 * @property {"page" | "skipped" | "batch" | "echo"} kind
 * @property {{ at: string, schema: object }} result the result's schema (through its $refs) and its
 *   JSON pointer in the bundle (no names in brackets)
 * @property {{ at: string, schema: object, name: string }} request  the request value's schema (the
 *   same) and the value's name
 * @property {[string, string][]} keywords  [result keyword, the request keyword it follows]
 */

/** Every tie of a bundled document (`{ kind, doc }`, a bundleAll result or a plain one). */
export function resultBoundTies(r) {
  const { doc } = r;
  const ties = [];
  for (const op of listOperations(r)) {
    const o = op.operation;
    const result = resultSchema(r, op);
    if (!result) continue;
    const inputs = requestValues(r, op);
    const tie = (tieKind, found, input, keywords) => {
      if (!found || !input) return;
      const [schema, at] = derefAt(doc, found.schema, found.at);
      const [inputSchema, inputAt] = derefAt(doc, input.schema, input.at);
      if (!schema || typeof schema !== "object" || !inputSchema || typeof inputSchema !== "object")
        return;
      ties.push({
        op: op.id,
        kind: tieKind,
        result: { at, schema },
        request: { at: inputAt, schema: inputSchema, name: input.name },
        keywords,
      });
    };
    const walk = o["x-pagination"];
    if (walk && typeof walk === "object") {
      const limit = inputs.find((i) => i.name === walk.limit);
      for (const key of /** @type {const} */ (["items", "skipped"]))
        if (typeof walk[key] === "string")
          tie(
            key === "items" ? "page" : "skipped",
            propertyAt(doc, result.schema, walk[key], result.at),
            limit,
            [["maxItems", "maximum"]],
          );
      for (const [key, echoKey] of [
        ["page", "echoedPage"],
        ["limit", "echoedLimit"],
      ]) {
        const input = inputs.find((i) => i.name === walk[key]);
        if (!input) continue;
        const path = typeof walk[echoKey] === "string" ? walk[echoKey] : input.name;
        tie(
          "echo",
          propertyAt(doc, result.schema, path, result.at),
          input,
          ECHO_KEYWORDS.map((k) => [k, k]),
        );
      }
      continue;
    }
    const [top] = derefAt(doc, result.schema, result.at);
    const arrays = inputs.filter((i) => schemaTypes(doc, i.schema).has("array"));
    if (top?.type === "array" && arrays.length === 1)
      tie("batch", result, arrays[0], [["maxItems", "maxItems"]]);
  }
  return ties;
}

/**
 * A result bound that follows a request bound has that bound's value: a page's `items` (and
 * `skipped`) `maxItems` is its `limit`'s `maximum`, a batch result's `maxItems` its one array
 * request value's `maxItems`. Reported once per result schema (a shared one, DAS's `AssetList`,
 * follows the `limit` of each operation that returns it), at the result's keyword, naming each
 * request bound it follows and where that is in the YAML. A result with no such bound states
 * nothing to disagree with; one whose request value has none is a finding (the request's bound is
 * missing, or the result's is no longer true).
 */
export function checkResultBounds(r) {
  const findings = [];
  /** result pointer + keyword → { keyword, value, follows: [{ tie, requestKeyword }] } */
  const byResult = new Map();
  for (const tie of resultBoundTies(r)) {
    if (tie.kind === "echo") continue; // (bound-prose.mjs: the echo carries the param's keywords)
    // (A request bound no value passes is checkSchemaRules' finding: no result is told to follow
    // it.)
    if (boundsLeavingNoValue(tie.request.schema).length) continue;
    for (const [resultKeyword, requestKeyword] of tie.keywords) {
      const value = tie.result.schema[resultKeyword];
      if (!isNum(value)) continue;
      const key = `${tie.result.at}/${resultKeyword}`;
      if (!byResult.has(key))
        byResult.set(key, { at: tie.result.at, resultKeyword, value, follows: [] });
      const entry = byResult.get(key);
      const place = `${tie.request.at}/${requestKeyword}`;
      if (!entry.follows.some((f) => f.place === place && f.tie.op === tie.op))
        entry.follows.push({ tie, requestKeyword, place });
    }
  }
  for (const { at, resultKeyword, value, follows } of byResult.values()) {
    const values = follows.map((f) => f.tie.request.schema[f.requestKeyword]);
    if (values.every((v) => v === value)) continue;
    const what =
      follows[0].tie.kind === "batch"
        ? "a batch answers one entry per item asked for"
        : "a page holds at most the limit asked for";
    const requests = follows
      .map((f, i) => {
        const v = values[i];
        const stated = isNum(v) ? `${f.requestKeyword}: ${v}` : `no ${f.requestKeyword}`;
        const pointer = isNum(v) ? f.place : f.tie.request.at;
        return `${f.tie.op}'s ${f.tie.request.name} (${stated}, at ${yamlPlace(r, pointer)})`;
      })
      .join(", ");
    const distinct = [...new Set(values.filter(isNum))];
    const fix =
      distinct.length > 1
        ? `they differ, so no one ${resultKeyword} follows them all: give them one bound, or each operation a result schema of its own`
        : distinct.length === 1
          ? `write ${resultKeyword}: ${distinct[0]} here (the two are one number: a changed request bound moves this one too, spec/README.md "Changing a bound")`
          : `give the request its bound (${follows[0].requestKeyword}: ${value}), or drop this ${resultKeyword} if it no longer holds`;
    // (A method's own result schema, its name in brackets as the other rules write it.)
    const shown = at.replace(/^#\/methods\/(\d+)/, (m, i) => `${m} (${r.doc.methods[i]?.name})`);
    findings.push(
      `${r.area} ${shown}: ${resultKeyword} ${value} follows the request bound of ${requests}, since ${what}; ${fix}`,
    );
  }
  return findings;
}

/**
 * Where a bundle pointer is in the YAML, for a message (`spec/openrpc/das.yaml:380:11`), where the
 * bundle's origins are known (a bundleAll result); else the pointer itself.
 */
function yamlPlace(r, pointer) {
  const position = r.origins && r.specDir && sourcePosition(r.origins, pointer, r.specDir);
  return position ? `${formatPosition(position)} (${pointer})` : pointer;
}

/** An operation's result schema and its pointer: a method's result, a REST 2xx JSON response. */
function resultSchema({ kind, doc }, op) {
  if (kind === "openrpc") {
    const i = doc.methods.indexOf(op.operation);
    const schema = op.operation.result?.schema;
    return schema && { schema, at: `#/methods/${i}/result/schema` };
  }
  const base = `#/paths/${pointerSegment(op.path)}/${op.method}/responses`;
  for (const [status, raw] of Object.entries(op.operation.responses ?? {})) {
    if (!status.startsWith("2")) continue;
    const [response, at] = derefAt(doc, raw, `${base}/${pointerSegment(status)}`);
    const schema = response?.content?.["application/json"]?.schema;
    if (schema) return { schema, at: `${at}/content/application~1json/schema` };
  }
  return undefined;
}

/**
 * An operation's top-level request values, [{ name, schema, at }]: a method's params and query
 * params; a REST operation's path and query parameters and its JSON body's properties.
 */
function requestValues({ kind, doc }, op) {
  const o = op.operation;
  if (kind === "openrpc") {
    const i = doc.methods.indexOf(o);
    return [
      ...(o.params ?? []).map((p, j) => [p, `#/methods/${i}/params/${j}`]),
      ...(o["x-query-params"] ?? []).map((p, j) => [p, `#/methods/${i}/x-query-params/${j}`]),
    ]
      .filter(([p]) => p && typeof p.name === "string" && p.schema)
      .map(([p, at]) => ({ name: p.name, schema: p.schema, at: `${at}/schema` }));
  }
  const pathAt = `#/paths/${pointerSegment(op.path)}`;
  const values = [];
  const parameters = [
    ...(doc.paths[op.path].parameters ?? []).map((p, i) => [p, `${pathAt}/parameters/${i}`]),
    ...(o.parameters ?? []).map((p, i) => [p, `${pathAt}/${op.method}/parameters/${i}`]),
  ];
  for (const [raw, rawAt] of parameters) {
    const [p, at] = derefAt(doc, raw, rawAt);
    if (p && typeof p.name === "string" && p.schema)
      values.push({ name: p.name, schema: p.schema, at: `${at}/schema` });
  }
  const [body, bodyAt] = derefAt(doc, o.requestBody, `${pathAt}/${op.method}/requestBody`);
  const media = body?.content?.["application/json"];
  if (media?.schema) {
    const [s, sAt] = derefAt(doc, media.schema, `${bodyAt}/content/application~1json/schema`);
    for (const [name, property] of Object.entries(s?.properties ?? {}))
      values.push({ name, schema: property, at: `${sAt}/properties/${pointerSegment(name)}` });
  }
  return values;
}
