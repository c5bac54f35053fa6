#!/usr/bin/env node
// `npm run spec:diff`: what a spec change means to SDK users, and whether each area document's
// `info.version` says so (decision 0019).
//
// It bundles spec/ as it was at a base git ref (default: the merge-base with main) with today's
// bundler, in a temporary folder, reads today's bundles (spec/dist), and walks the two documents of
// each area side by side, operation by operation, their schemas with every `$ref` resolved. Each
// difference is one line, with a rule of RULES below and its class for a program written against
// the old document:
//   breaking    it may stop compiling or working: the request got stricter (a param removed,
//               renamed or newly required, a bound tightened, a pattern changed, an enum value
//               removed, a type narrowed), the result looser (a field removed or renamed, made
//               optional or nullable, a value added to a closed enum, a type changed, a bound
//               loosened, a pattern removed or changed), an operation or an exported type removed
//   compatible  a contract change that keeps it working: a new optional param, a request bound
//               loosened, a result bound tightened (or moved with the request bound it follows), a
//               new result field, a result pattern set, a new operation, a deprecation, a cost
//   docs        prose only (description, summary, title, examples, x-source): no version needed
// A result's bound tightened is compatible (every value it lets through the old one did), loosened
// breaking (a value the old document said cannot come may come: a program that sized a buffer or a
// column by it breaks; oasdiff's rule too), except a bound that follows a request bound (a page's
// `maxItems` is its `limit`'s `maximum`: scripts/spec/rules/result-bounds.mjs), which moves with
// the bound the caller chooses, and brings more only to a call the old document refused (decision
// 0019). A result's pattern (or uniqueItems, x-solana-transaction, x-base58-bytes) is a promise too, read the same
// way: set where there was none, compatible (it narrows what may come); removed, breaking; changed,
// breaking unless the new one provably accepts no string the old refused (patternRule).
//
// The version rule, per area document (semver, 0.x read as npm's caret ranges read it):
//   a breaking change    needs an info.version outside ^old: 1.4.2 → 2.0.0, 0.1.0 → 0.2.0,
//                        0.0.3 → 0.0.4 (the first non-zero part is the one a break moves)
//   a compatible change  needs a greater info.version (0.1.0 → 0.1.1 or 0.2.0; the message and
//                        the changeset ask for the minor for an addition or a deprecation)
//   docs only            none; and info.version never goes down
// Exit 0 when every document keeps the rule, 1 when one does not, 2 on a usage or bundling error.
//   npm run spec:diff                        against the merge-base with main
//   npm run spec:diff -- --base <ref>        against a tag, branch or commit
//   npm run spec:diff -- --base-dir <folder> against another spec folder (its YAML, bundled here)
//   npm run spec:diff -- --spec-dir <folder> a copy of spec/ (its dist/) instead of spec/; in
//                                            another checkout, its git history (--base) and its
//                                            packages' versions (the changesets) are read, in a
//                                            lone copy this checkout's (packagesCheckout)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCli, usageError } from "../lib/cli.mjs";
import { editDistance } from "../lib/edit-distance.mjs";
import { openEnumParts } from "../lib/open-enum.mjs";
import { yamlPosition } from "../lib/spec-sources.mjs";
import * as bundler from "./bundle.mjs";
import { patternRun } from "./rules/bound-prose.mjs";
import { resultBoundTies } from "./rules/result-bounds.mjs";

export const BREAKING = "breaking";
export const COMPATIBLE = "compatible";
export const DOCS = "docs";
const [B, C, D] = [BREAKING, COMPATIBLE, DOCS];

/**
 * Every rule a change is reported by, and its class (the names follow oasdiff's check ids, from
 * the caller's side: "request" is what it sends, "response" what it gets back).
 */
export const RULES = {
  "area-added": C,
  "area-removed": B,
  // info.x-area, x-host, x-path, x-auth, x-batch: where and how it is called
  "area-call-changed": B,
  "operation-added": C,
  "operation-removed": B, // or renamed: the SDK's function of that name is gone
  "operation-moved": B, // another method or path: calls of the old SDK go elsewhere
  "call-shape-changed": B, // paramStructure, x-params: how the params are sent
  "pagination-added": C,
  "pagination-changed": B, // x-pagination changed or removed: .all() and its item type
  "request-rule-added": B, // x-dependent-schemas, x-all-of: refuses calls that passed
  "request-rule-removed": C,
  "request-param-added-optional": C,
  "request-param-added-required": B,
  "request-param-removed": B, // callers that pass it are refused, and the SDK's type lacks it
  "request-param-renamed": B, // one removed, one added: the same contract, names alike
  "request-param-became-required": B,
  "request-param-became-optional": C,
  "request-property-added-optional": C,
  "request-property-added-required": B,
  "request-property-removed": B,
  "request-property-renamed": B, // one removed, one added: the same contract, names alike
  "request-property-became-required": B,
  "request-property-became-optional": C,
  "request-additional-properties-refused": B,
  "request-additional-properties-allowed": C,
  "request-type-narrowed": B,
  "request-type-widened": C,
  "request-value-removed": B, // an enum or const value
  "request-value-added": C,
  "request-values-limited": B, // an enum or const where any value passed
  "request-values-unlimited": C,
  "request-enum-closed": B, // an open enum (spec/README.md "Open enums") no longer open
  "request-enum-opened": C,
  "request-bound-tightened": B, // maximum, minimum, max/minLength, max/minItems set or moved in
  "request-bound-loosened": C,
  "request-pattern-changed": B, // pattern, uniqueItems, x-solana-transaction, x-base58-bytes set or changed
  "request-pattern-loosened": C, // provably accepts every string the old one did: patternRule
  "request-pattern-removed": C,
  "request-branch-removed": B, // an anyOf / oneOf branch (an allOf one: added)
  "request-branch-added": C,
  "request-media-type-removed": B,
  "request-media-type-added": C,
  "response-property-added": C,
  "response-property-removed": B,
  "response-property-renamed": B, // one removed, one added: the same contract, names alike
  "response-property-became-optional": B, // its type gains `undefined`
  "response-property-became-required": C,
  "response-type-changed": B,
  "response-type-narrowed": C,
  "response-became-nullable": B,
  "response-value-added": B, // a value added to a closed enum: exhaustive switches break
  "response-value-removed": C,
  "response-values-unlimited": B,
  "response-values-limited": C,
  "response-enum-opened": B,
  "response-enum-closed": C,
  "response-bound-tightened": C, // every value the new bound lets through, the old one did
  "response-bound-loosened": B, // a value the old document said cannot come may come
  // a page's maxItems with its limit's maximum: result-bounds.mjs
  "response-bound-follows-request": C,
  "response-pattern-added": C, // pattern, uniqueItems, x-solana-transaction, x-base58-bytes set: less may come
  "response-pattern-tightened": C, // provably accepts no string the old one refused: patternRule
  "response-pattern-changed": B, // any other change: a string the old one refused may come
  "response-pattern-removed": B,
  "response-additional-properties-changed": C,
  "response-branch-added": B,
  "response-branch-removed": C,
  "response-success-status-removed": B,
  "response-success-status-added": C,
  "response-media-type-removed": B,
  "response-media-type-added": C,
  "error-response-changed": C, // an error status or JSON-RPC error code listed or no longer
  "open-enum-value-added": C, // a known value of an open enum: any string was already allowed
  "open-enum-value-removed": C,
  "u64-changed": B, // format uint64 / int64 one side only: bigint ↔ number in the SDK
  "format-changed": C, // other formats: annotations, not checked
  "default-changed": C,
  "schema-replaced": B, // a schema for a value that was none, or the reverse
  "type-added": C, // a component schema: a type the package exports
  "type-removed": B,
  "operation-deprecated": C, // its calls still work; the SDK marks its function @deprecated
  "contract-changed": C, // any other key: x-beta, x-cost, servers, errors…
  "prose-changed": D,
};

/** Keys whose change is prose: no generated type, runtime check or request reads them. */
const PROSE = new Set([
  ...["description", "summary", "title", "examples", "example", "x-source", "$comment"],
  ...["externalDocs", "x-pattern-description", "x-replaced-by", "tags", "contact", "license"],
]);
const INFO_CALL_KEYS = ["x-area", "x-host", "x-path", "x-auth", "x-batch"];
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems"];
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems"];
const RULE_KEYS = ["pattern", "uniqueItems", "x-solana-transaction", "x-base58-bytes"];
/** The operation keys diffOperations holds to their own rules. */
const OPERATION_KEYS = [
  "paramStructure",
  "x-params",
  "x-dependent-schemas",
  "x-all-of",
  "x-pagination",
];
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const escape = (s) => String(s).replace(/~/g, "~0").replace(/\//g, "~1");
const union = (a, b) => new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);

/** Deep equality of JSON values (key order aside). */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
}

/** Whether `s` is a nullable value's schema: `anyOf: [<schema>, { type: "null" }]`, and prose. */
const nullable = (s) =>
  Array.isArray(s.anyOf) &&
  s.anyOf.length === 2 &&
  same(s.anyOf[1], { type: "null" }) &&
  Object.keys(s).every((k) => k === "anyOf" || PROSE.has(k) || k.startsWith("x-"));

/** `[node, pointer]` with the `$ref`s of `node` (at `pointer` in `doc`) followed. */
function deref(doc, node, pointer) {
  for (let hops = 0; isObject(node) && typeof node.$ref === "string" && hops < 20; hops++) {
    pointer = node.$ref;
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((n, s) => n?.[s.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  }
  return [node, pointer];
}

/** A place in both documents: `field` (the request's or result's path), `pa` / `pb` pointers. */
const child = (w, key, field = w.field) => ({
  field,
  pa: `${w.pa}/${escape(key)}`,
  pb: `${w.pb}/${escape(key)}`,
});

/**
 * The changes between two bundled documents of one area (`oldDoc` the base's), each
 * `{ cls, rule, op, field, key, from, to, pointer }`: `op` the operation (or "(area)",
 * "(components)"), `field` where in its request or result (`params.limit`, `result.items[]`,
 * `query.limit`, `body.webhookURL`, `response 200.data[]`), `key` the keyword, `pointer` its place
 * in the new bundle (the old one's for what was removed).
 */
export function diffDocuments(oldDoc, newDoc) {
  const c = { old: oldDoc, new: newDoc, changes: [], op: "(area)" };
  // The result bounds that follow a request bound, in either document: `<op> <pointer>/<keyword>`.
  c.tied = new Set(
    [oldDoc, newDoc].flatMap((doc) =>
      resultBoundTies({ area: "", kind: doc.openrpc ? "openrpc" : "openapi", doc }).flatMap((tie) =>
        tie.keywords.map(([keyword]) => `${tie.op} ${tie.result.at}/${keyword}`),
      ),
    ),
  );
  const top = { field: "", pa: "#", pb: "#" };
  const info = child(top, "info", "info");
  for (const key of INFO_CALL_KEYS)
    diffKey(c, oldDoc.info?.[key], newDoc.info?.[key], child(info, key), key, "area-call-changed");
  diffRest(c, oldDoc.info, newDoc.info, info, [...INFO_CALL_KEYS, "version"]);
  diffOperations(c, operations(oldDoc), operations(newDoc));
  c.op = "(components)";
  const [sa, sb] = [oldDoc.components?.schemas ?? {}, newDoc.components?.schemas ?? {}];
  for (const name of union(sa, sb)) {
    const w = { field: `schemas.${name}`, pa: "#/components/schemas", pb: "#/components/schemas" };
    if (!(name in sb)) emit(c, child(w, name), "type", name, undefined, "type-removed");
    if (!(name in sa)) emit(c, child(w, name), "type", undefined, name, "type-added");
  }
  // The rest (servers written from spec/hosts.yaml, x-error-info, security, security schemes…);
  // the other components are compared through the operations that reach them.
  c.op = "(area)";
  diffRest(c, oldDoc, newDoc, top, ["info", "methods", "paths", "webhooks", "components"]);
  const schemes = child(child(top, "components"), "securitySchemes");
  diffRest(c, oldDoc.components?.securitySchemes, newDoc.components?.securitySchemes, schemes);
  return c.changes;
}

function emit(c, w, key, from, to, rule) {
  if (!(rule in RULES)) throw new Error(`spec:diff: no rule ${rule}`);
  const pointer = to === undefined ? w.pa : w.pb;
  c.changes.push({ cls: RULES[rule], rule, op: c.op, field: w.field, key, from, to, pointer });
}

/** One key that changed at all is `rule`. */
function diffKey(c, a, b, w, key, rule) {
  if (!same(a, b)) emit(c, w, key, a, b, rule);
}

/**
 * `a` and `b` (at `key`) compared down to what differs: prose where a prose key differs, `rule`
 * where anything else does (into objects, and arrays of one length, item by item).
 */
function deepDiff(c, a, b, w, key, rule) {
  if (same(a, b)) return;
  if (PROSE.has(key)) return emit(c, w, key, a, b, "prose-changed");
  const arrays = Array.isArray(a) && Array.isArray(b) && a.length === b.length;
  if (!arrays && !(isObject(a) && isObject(b))) return emit(c, w, key, a, b, rule);
  for (const k of union(a, b)) deepDiff(c, a[k], b[k], child(w, k), k, rule);
}

/**
 * Every key of `a` / `b` but `handled`: prose, or any other contract change (a change the walker
 * has no finer rule for is still one, never dropped).
 */
function diffRest(c, a, b, w, handled = []) {
  for (const key of union(a, b))
    if (!handled.includes(key))
      deepDiff(c, a?.[key], b?.[key], child(w, key), key, "contract-changed");
}

/** A bundle's operations by the name the SDK gives them: name → { op, pointer, wire, … }. */
function operations(doc) {
  const ops = new Map();
  (doc.methods ?? []).forEach((m, i) => {
    const [op, pointer] = deref(doc, m, `#/methods/${i}`);
    ops.set(op.name, { op, pointer, rpc: true });
  });
  for (const section of ["paths", "webhooks"])
    for (const [path, item] of Object.entries(doc[section] ?? {}))
      for (const verb of HTTP_METHODS) {
        if (!item[verb]) continue;
        const wire = `${section === "webhooks" ? "webhook " : ""}${verb.toUpperCase()} ${path}`;
        const at = `#/${section}/${escape(path)}`;
        const shared = (item.parameters ?? []).map((p, i) => [p, `${at}/parameters/${i}`]);
        const entry = { op: item[verb], pointer: `${at}/${verb}`, wire, shared };
        // (A webhook's body is a delivery: what the SDK user receives, read as a result.)
        ops.set(item[verb].operationId ?? wire, { ...entry, received: section === "webhooks" });
      }
  return ops;
}

function diffOperations(c, opsA, opsB) {
  for (const name of new Set([...opsA.keys(), ...opsB.keys()])) {
    c.op = name;
    const [a, b] = [opsA.get(name), opsB.get(name)];
    const w = { field: "", pa: a?.pointer, pb: b?.pointer };
    if (!a || !b) {
      const rule = b ? "operation-added" : "operation-removed";
      emit(c, w, "operation", a && (a.wire ?? name), b && (b.wire ?? name), rule);
      continue;
    }
    diffKey(c, a.wire, b.wire, w, "request", "operation-moved");
    for (const key of ["paramStructure", "x-params"])
      diffKey(c, a.op[key], b.op[key], child(w, key), key, "call-shape-changed");
    for (const key of ["x-dependent-schemas", "x-all-of"]) {
      const rule = b.op[key] === undefined ? "request-rule-removed" : "request-rule-added";
      diffKey(c, a.op[key], b.op[key], child(w, key), key, rule);
    }
    const walk = "x-pagination";
    const rule = a.op[walk] === undefined ? "pagination-added" : "pagination-changed";
    diffKey(c, a.op[walk], b.op[walk], child(w, walk), walk, rule);
    // (Deprecation undone, or a deprecated: false added, stays a plain contract change.)
    const deprecated = b.op.deprecated === true && a.op.deprecated !== true;
    const handled = b.rpc ? diffMethod(c, a, b, w) : diffRestOperation(c, a, b);
    if (deprecated) {
      // Its replacement, set in the same edit, is told in the deprecation's line, not again as
      // prose: the line says what the SDK's warning will say.
      emit(c, child(w, "deprecated"), "deprecated", a.op.deprecated, true, "operation-deprecated");
      c.changes.at(-1).replacedBy = b.op["x-replaced-by"];
    }
    diffRest(c, a.op, b.op, w, [
      ...handled,
      ...OPERATION_KEYS,
      ...(deprecated ? ["deprecated", "x-replaced-by"] : []),
    ]);
  }
}

/** An OpenRPC method: params by name, query options, the result, its errors' codes. */
function diffMethod(c, a, b, w) {
  const [ma, mb] = [a.op, b.op];
  for (const [list, prefix] of [
    ["params", "params"],
    ["x-query-params", "query"],
  ]) {
    const index = (doc, m, pointer) =>
      new Map(
        (m[list] ?? []).map((p, i) => {
          const [param, at] = deref(doc, p, `${pointer}/${list}/${i}`);
          return [`${prefix}.${param.name}`, { param, at }];
        }),
      );
    diffParams(c, index(c.old, ma, a.pointer), index(c.new, mb, b.pointer));
  }
  if ((mb.paramStructure ?? "by-name") === "by-position") {
    // Sent as an array in the params' order: those both have must keep it.
    const names = (doc, m) => (m.params ?? []).map((p) => deref(doc, p)[0]?.name);
    const [na, nb] = [names(c.old, ma), names(c.new, mb)];
    const kept = (list, other) => list.filter((n) => other.includes(n));
    diffKey(c, kept(na, nb), kept(nb, na), child(w, "params"), "params", "call-shape-changed");
  }
  const [ra, pa] = deref(c.old, ma.result, `${a.pointer}/result`);
  const [rb, pb] = deref(c.new, mb.result, `${b.pointer}/result`);
  const result = { field: "result", pa, pb };
  walkSchema(c, ra?.schema, rb?.schema, "response", child(result, "schema"));
  // (The result's `name` only names the variable of the README's samples.)
  diffKey(c, ra?.name, rb?.name, child(result, "name"), "name", "prose-changed");
  diffRest(c, ra, rb, result, ["schema", "name"]);
  const codes = (doc, m) => new Set((m.errors ?? []).map((e) => deref(doc, e)[0]?.code));
  const [ca, cb] = [codes(c.old, ma), codes(c.new, mb)];
  for (const code of ca)
    if (!cb.has(code))
      emit(c, child(w, "errors"), "errors", code, undefined, "error-response-changed");
  for (const code of cb)
    if (!ca.has(code))
      emit(c, child(w, "errors"), "errors", undefined, code, "error-response-changed");
  return ["name", "params", "x-query-params", "result", "errors"];
}

/**
 * Request params (OpenRPC params or query options, OpenAPI parameters, a REST body as `body`),
 * each map `field` → `{ param, at }`: removed, new, made required or optional, and their schemas.
 */
function diffParams(c, ia, ib) {
  // A param renamed (`params.ownerAddress` → `params.owner`: the same place, schema and required,
  // names alike) is one change, as a member renamed is (renames).
  const side = (doc, index, other) =>
    [...index]
      .filter(([field]) => !other.has(field) && field.includes("."))
      .map(([field, { param }]) => {
        const [place, name] = [
          field.slice(0, field.indexOf(".")),
          field.slice(field.indexOf(".") + 1),
        ];
        return [field, name, [place, Boolean(param.required), contractOf(doc, param.schema)]];
      });
  const renamed = pairRenames(side(c.old, ia, ib), side(c.new, ib, ia));
  const renamedTo = new Set(renamed.values());
  for (const field of new Set([...ia.keys(), ...ib.keys()])) {
    if (renamedTo.has(field)) continue;
    const to = renamed.get(field) ?? field;
    const [a, b] = [ia.get(field), ib.get(to)];
    const w = { field: to, pa: a?.at, pb: b?.at };
    if (to !== field) emit(c, { ...w, field }, "param", field, to, "request-param-renamed");
    else if (!a || !b) {
      const rule = !b
        ? "request-param-removed"
        : `request-param-added-${b.param.required ? "required" : "optional"}`;
      emit(c, w, "param", a && field, b && field, rule);
      continue;
    }
    const [ra, rb] = [Boolean(a.param.required), Boolean(b.param.required)];
    const rule = `request-param-became-${rb ? "required" : "optional"}`;
    diffKey(c, ra, rb, child(w, "required"), "required", rule);
    if (a.param.content || b.param.content)
      diffContent(c, a.param, b.param, "request", w); // a request body
    else walkSchema(c, a.param.schema, b.param.schema, "request", child(w, "schema"));
    diffRest(c, a.param, b.param, w, ["name", "in", "required", "schema", "content"]);
  }
}

/**
 * An OpenAPI operation: parameters by place and name, the request body, the responses by status.
 */
function diffRestOperation(c, a, b) {
  const index = (doc, o) => {
    const own = (o.op.parameters ?? []).map((p, i) => [p, `${o.pointer}/parameters/${i}`]);
    const params = [...o.shared, ...own].map(([p, at]) => deref(doc, p, at));
    const map = new Map(params.map(([param, at]) => [`${param.in}.${param.name}`, { param, at }]));
    const [body, at] = deref(doc, o.op.requestBody, `${o.pointer}/requestBody`);
    if (body && !o.received) map.set("body", { param: body, at });
    return map;
  };
  diffParams(c, index(c.old, a), index(c.new, b));
  if (a.received || b.received) {
    const [ba, pa] = deref(c.old, a.op.requestBody, `${a.pointer}/requestBody`);
    const [bb, pb] = deref(c.new, b.op.requestBody, `${b.pointer}/requestBody`);
    diffContent(c, ba, bb, "response", { field: "body", pa, pb }, true);
    diffRest(c, ba, bb, { field: "body", pa, pb }, ["content"]);
  }
  const [ra, rb] = [a.op.responses ?? {}, b.op.responses ?? {}];
  for (const status of union(ra, rb)) {
    const field = `response ${status}`;
    const [xa, pa] = deref(c.old, ra[status], `${a.pointer}/responses/${escape(status)}`);
    const [xb, pb] = deref(c.new, rb[status], `${b.pointer}/responses/${escape(status)}`);
    const success = /^2/.test(status);
    if (xa && xb) {
      diffContent(c, xa, xb, "response", { field, pa, pb }, success);
      diffRest(c, xa, xb, { field, pa, pb }, ["content"]);
    } else {
      const rule = !success
        ? "error-response-changed"
        : `response-success-status-${xb ? "added" : "removed"}`;
      emit(c, { field, pa, pb }, "responses", xa && status, xb && status, rule);
    }
  }
  return ["operationId", "parameters", "requestBody", "responses"];
}

/**
 * The `content` of a request body or response, by media type, its schemas walked `dir`; `result`: a
 * success response or a delivery (for an error response, any change is compatible).
 */
function diffContent(c, a, b, dir, w, result = dir === "request") {
  const [ma, mb] = [a?.content ?? {}, b?.content ?? {}];
  for (const type of union(ma, mb)) {
    const t = child(child(w, "content"), type);
    if (ma[type] && mb[type]) {
      const [sa, sb, st] = [ma[type].schema, mb[type].schema, child(t, "schema")];
      if (result) walkSchema(c, sa, sb, dir, st);
      else deepDiff(c, sa, sb, st, "schema", "error-response-changed");
      diffRest(c, ma[type], mb[type], t, ["schema"]);
    } else {
      const rule = result
        ? `${dir}-media-type-${mb[type] ? "added" : "removed"}`
        : "error-response-changed";
      emit(c, t, "content", ma[type] && type, mb[type] && type, rule);
    }
  }
}

/** The rule of an enum / const change: its values as lists (undefined: any value passes). */
function valueRules(c, w, key, va, vb, dir) {
  if (!va || !vb) {
    const limited = vb !== undefined;
    const rule = `${dir}-values-${limited ? "limited" : "unlimited"}`;
    return emit(c, child(w, key), key, va, vb, rule);
  }
  for (const v of va)
    if (!vb.some((x) => same(x, v)))
      emit(c, child(w, key), key, v, undefined, `${dir}-value-removed`);
  for (const v of vb)
    if (!va.some((x) => same(x, v)))
      emit(c, child(w, key), key, undefined, v, `${dir}-value-added`);
}

/** The rule of a `type` change: as sets of JSON types (integer within number; none: any). */
function typeRule(ta, tb, dir) {
  const types = (t) => (t === undefined ? undefined : [t].flat());
  const within = (t, set) =>
    set === undefined || set.includes(t) || (t === "integer" && set.includes("number"));
  const covers = (wide, narrow) =>
    wide === undefined || (narrow !== undefined && narrow.every((t) => within(t, wide)));
  const [sa, sb] = [types(ta), types(tb)];
  if (dir === "request") return covers(sb, sa) ? "request-type-widened" : "request-type-narrowed";
  if (covers(sa, sb)) return "response-type-narrowed";
  return sb?.includes("null") && !sa?.includes("null") && covers([...sa, "null"], sb)
    ? "response-became-nullable"
    : "response-type-changed";
}

const unset = (v) => v === undefined || v === false;

/**
 * The rule of a bound or pattern change: a request's bound tightened breaks, a result's loosened
 * does, unless it follows a request bound (`tied`: a page's maxItems and its limit, which
 * result-bounds.mjs finds; no result pattern follows a request's, so `tied` is for bounds only).
 */
function boundRule(key, va, vb, dir, tied) {
  if (RULE_KEYS.includes(key)) return patternRule(key, va, vb, dir);
  if (dir === "response" && tied) return "response-bound-follows-request";
  const tighter = !unset(vb) && (unset(va) || (UPPER.includes(key) ? vb < va : vb > va));
  return `${dir}-bound-${tighter ? "tightened" : "loosened"}`;
}

/**
 * The rule of a `pattern`, `uniqueItems`, `x-solana-transaction` or `x-base58-bytes` change, each a set of strings
 * (arrays, texts) a value is held to: from the caller's side, a request's may refuse what passed (a
 * pattern set, or changed), a result's may bring what the old document said cannot come (removed,
 * or changed). Whether one regex accepts every string another does cannot be decided in general
 * (ECMA-262 patterns have lookarounds and back-references, which leave the regular languages, and
 * even for regular ones it takes building both automata), so a change is taken to go both ways,
 * breaking on either side, except where it provably goes one way: a pattern set where there was
 * none (narrower), removed (wider), and two patterns of one run of the same character
 * (`^[1-9A-HJ-NP-Za-km-z]{32,44}$` → `{43,44}`: patternRun), whose strings are those of the lengths
 * allowed, so that one holds the other exactly where its lengths hold the other's. Any other pair,
 * even one a reader sees to be narrower, is breaking on the result side: a false "breaking" costs a
 * version bump, a false "compatible" a client that trusted the old promise.
 */
function patternRule(key, va, vb, dir) {
  const request = dir === "request";
  if (unset(vb) && !unset(va)) return `${dir}-pattern-removed`;
  if (unset(va)) return request ? "request-pattern-changed" : "response-pattern-added";
  const [ra, rb] = key === "pattern" ? [patternRun(va), patternRun(vb)] : [];
  const holds = (outer, inner) =>
    outer.character === inner.character &&
    outer.minLength <= inner.minLength &&
    (outer.maxLength === undefined ||
      (inner.maxLength !== undefined && inner.maxLength <= outer.maxLength));
  if (ra && rb && holds(request ? rb : ra, request ? ra : rb))
    return request ? "request-pattern-loosened" : "response-pattern-tightened";
  return `${dir}-pattern-changed`;
}

/**
 * Two schemas side by side, `dir` "request" (what callers send: stricter breaks) or "response"
 * (what they get: looser breaks), `$ref`s followed; `seen` stops at a pair already on the path.
 */
function walkSchema(c, schemaA, schemaB, dir, where, seen = new Set()) {
  const [a, pa] = deref(c.old, schemaA, where.pa);
  const [b, pb] = deref(c.new, schemaB, where.pb);
  const w = { field: where.field, pa, pb };
  if (!isObject(a) || !isObject(b)) return diffKey(c, a, b, w, "schema", "schema-replaced");
  if (seen.has(`${pa}|${pb}`)) return;
  seen = new Set(seen).add(`${pa}|${pb}`);
  const request = dir === "request";
  const handled = ["$ref", "type", "format", "enum", "const", "default", "properties", "required"];
  handled.push(...UPPER, ...LOWER, ...RULE_KEYS, "additionalProperties", "items");
  handled.push("anyOf", "oneOf", "allOf");

  // A value made nullable (`anyOf: [<schema>, { type: "null" }]`) or no longer: a type change,
  // and its schema compared with the other side's.
  const [na, nb] = [nullable(a), nullable(b)];
  if (na !== nb) {
    const wider = nb ? "request-type-widened" : "request-type-narrowed";
    const rule = request ? wider : nb ? "response-became-nullable" : "response-type-narrowed";
    const say = (n) => (n ? "nullable" : "not nullable");
    emit(c, child(w, "anyOf"), "anyOf", say(na), say(nb), rule);
    const inner = (s, p, n) => (n ? [s.anyOf[0], `${p}/anyOf/0`] : [s, p]);
    const [[ia, ipa], [ib, ipb]] = [inner(a, pa, na), inner(b, pb, nb)];
    return walkSchema(c, ia, ib, dir, { field: where.field, pa: ipa, pb: ipb }, seen);
  }
  // An open enum (spec/README.md "Open enums"): the known values document an open string.
  const oa = openEnumParts(a, (ref) => deref(c.old, { $ref: ref })[0]);
  const ob = openEnumParts(b, (ref) => deref(c.new, { $ref: ref })[0]);
  if (oa && ob) {
    const known = (o, p) => `${o.ref ?? `${p}/anyOf/0`}/enum`;
    const kw = { field: where.field, pa: known(oa, pa), pb: known(ob, pb) };
    for (const v of oa.values)
      if (!ob.values.includes(v)) emit(c, kw, "enum", v, undefined, "open-enum-value-removed");
    for (const v of ob.values)
      if (!oa.values.includes(v)) emit(c, kw, "enum", undefined, v, "open-enum-value-added");
    walkSchema(c, a.anyOf[1], b.anyOf[1], dir, child(child(w, "anyOf"), 1), seen);
    return diffRest(c, a, b, w, handled);
  }
  if (oa || ob) {
    const shape = (s, open) => (open ? "open enum" : (s.enum ?? s.type));
    const rule = `${dir}-enum-${ob ? "opened" : "closed"}`;
    emit(c, child(w, "anyOf"), "anyOf", shape(a, oa), shape(b, ob), rule);
    return diffRest(c, a, b, w, handled);
  }

  if (!same(a.type, b.type))
    emit(c, child(w, "type"), "type", a.type, b.type, typeRule(a.type, b.type, dir));
  const big = (f) => f === "uint64" || f === "int64";
  const formatRule = big(a.format) !== big(b.format) ? "u64-changed" : "format-changed";
  diffKey(c, a.format, b.format, child(w, "format"), "format", formatRule);
  if (!same(a.enum, b.enum)) valueRules(c, w, "enum", a.enum, b.enum, dir);
  const constant = (s) => ("const" in s ? [s.const] : undefined);
  if (!same(a.const, b.const)) valueRules(c, w, "const", constant(a), constant(b), dir);
  for (const key of [...UPPER, ...LOWER, ...RULE_KEYS]) {
    const kw = child(w, key);
    const tied = c.tied.has(`${c.op} ${kw.pa}`) || c.tied.has(`${c.op} ${kw.pb}`);
    diffKey(c, a[key], b[key], kw, key, boundRule(key, a[key], b[key], dir, tied));
  }
  diffKey(c, a.default, b.default, child(w, "default"), "default", "default-changed");

  // Object members: removed, added (breaking where a request must now send it), made required;
  // renamed, where one removed and one added are the same but for their prose.
  const [pra, prb] = [a.properties ?? {}, b.properties ?? {}];
  const [rqa, rqb] = [a.required ?? [], b.required ?? []];
  const renamed = renames(c, a, b);
  const renamedTo = new Set(renamed.values());
  for (const name of union(pra, prb)) {
    const pw = child(child(w, "properties"), name, `${where.field}.${name}`);
    if (renamed.has(name)) {
      const to = renamed.get(name);
      const tw = { field: pw.field, pa: pw.pa, pb: child(child(w, "properties"), to).pb };
      emit(c, tw, "properties", name, to, `${dir}-property-renamed`);
      walkSchema(c, pra[name], prb[to], dir, { ...tw, field: `${where.field}.${to}` }, seen);
      continue;
    }
    if (renamedTo.has(name)) continue;
    if (!(name in pra) || !(name in prb)) {
      const required = request && rqb.includes(name) ? "required" : "optional";
      const rule = !(name in prb)
        ? `${dir}-property-removed`
        : request
          ? `request-property-added-${required}`
          : "response-property-added";
      const [from, to] = [pra, prb].map((p) => (name in p ? name : undefined));
      emit(c, pw, "properties", from, to, rule);
      continue;
    }
    const [ra, rb] = [rqa.includes(name), rqb.includes(name)];
    const rule = `${dir}-property-became-${rb ? "required" : "optional"}`;
    diffKey(c, ra, rb, { ...pw, pa: `${pa}/required`, pb: `${pb}/required` }, "required", rule);
    walkSchema(c, pra[name], prb[name], dir, pw, seen);
  }
  const [apa, apb] = [a.additionalProperties, b.additionalProperties];
  if (isObject(apa) && isObject(apb))
    walkSchema(c, apa, apb, dir, child(w, "additionalProperties", `${where.field}{}`), seen);
  else {
    const refused = apb === false || (isObject(apb) && apa !== false);
    const rule = request
      ? `request-additional-properties-${refused ? "refused" : "allowed"}`
      : "response-additional-properties-changed";
    diffKey(c, apa, apb, child(w, "additionalProperties"), "additionalProperties", rule);
  }
  if (a.items !== undefined || b.items !== undefined)
    walkSchema(c, a.items, b.items, dir, child(w, "items", `${where.field}[]`), seen);
  // Branches, one by one: one more lets more values through an anyOf / oneOf, fewer an allOf.
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const [la, lb] = [a[key] ?? [], b[key] ?? []];
    for (let i = 0; i < Math.max(la.length, lb.length); i++) {
      const bw = child(child(w, key), i, `${where.field}(${key} ${i})`);
      if (i < la.length && i < lb.length) {
        walkSchema(c, la[i], lb[i], dir, bw, seen);
        continue;
      }
      const added = i >= la.length;
      const looser = key === "allOf" ? !added : added;
      const rule = request
        ? `request-branch-${looser ? "added" : "removed"}`
        : `response-branch-${looser ? "added" : "removed"}`;
      emit(c, bw, key, added ? undefined : `branch ${i}`, added ? `branch ${i}` : undefined, rule);
    }
  }
  diffRest(c, a, b, w, handled);
}

/**
 * The members of `a` renamed in `b` (old name → new): a removed member and an added one of the same
 * contract (its schema, `$ref`s followed, and whether it is required; its prose aside) whose names
 * are alike (namesAlike), each the other's only such match. A rename breaks what a removal does,
 * and is told as one change, not a removal and an unrelated addition. A removal and an addition
 * that only share a type (`name` → `title`), or a removal that two added members resemble, stay a
 * removal and an addition: which one it became is not for the diff to guess, and a pairing by
 * written order could name the wrong one.
 */
function renames(c, a, b) {
  const [pra, prb] = [a.properties ?? {}, b.properties ?? {}];
  const [rqa, rqb] = [a.required ?? [], b.required ?? []];
  const removed = Object.keys(pra).filter((name) => !(name in prb));
  const added = Object.keys(prb).filter((name) => !(name in pra));
  return pairRenames(
    removed.map((name) => [name, name, [rqa.includes(name), contractOf(c.old, pra[name])]]),
    added.map((name) => [name, name, [rqb.includes(name), contractOf(c.new, prb[name])]]),
  );
}

/**
 * The removed names renamed to added ones (old → new), each `[key, name, contract]`: the pairs of
 * names alike (namesAlike) and of the same contract, each the other's only such match.
 */
function pairRenames(removed, added) {
  if (!removed.length || !added.length) return new Map();
  const matches = new Map(
    removed.map(([key, name, contract]) => {
      const alike = added
        .filter(([, n, other]) => namesAlike(name, n) && same(contract, other))
        .map(([k]) => k);
      return [key, alike];
    }),
  );
  const pairs = new Map();
  for (const [name, alike] of matches) {
    if (alike.length !== 1) continue;
    const [to] = alike;
    if ([...matches.values()].filter((m) => m.includes(to)).length === 1) pairs.set(name, to);
  }
  return pairs;
}

/**
 * Whether one member name may be the other renamed: the same letters in another spelling
 * (`owner_address` → `ownerAddress`), one within the other (`counterparty` → `counterpartyAddress`,
 * the shorter of 3 letters at least), or at most one letter in three changed (`showFungible` →
 * `showFungibles`). `name` and `title` are not alike.
 */
function namesAlike(x, y) {
  const [p, q] = [x, y].map((n) => n.toLowerCase().replace(/[_\-\s]/g, ""));
  const [shorter, longer] = p.length <= q.length ? [p, q] : [q, p];
  if (shorter.length >= 3 && longer.includes(shorter)) return true;
  return 3 * editDistance(p, q) <= longer.length;
}

/**
 * What of a schema a program depends on: the schema with its `$ref`s followed and its prose left
 * out, at every depth (a member's name is kept, whatever it is: `properties.description`); a
 * `$ref` already followed on the way is kept as it is written (a tree's node in its children).
 */
function contractOf(doc, schema, path = new Set()) {
  if (isObject(schema) && typeof schema.$ref === "string") {
    if (path.has(schema.$ref)) return { $ref: schema.$ref };
    path = new Set(path).add(schema.$ref);
    [schema] = deref(doc, schema);
  }
  if (schema === null || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((s) => contractOf(doc, s, path));
  const names = ["properties", "patternProperties", "$defs", "dependentSchemas"];
  const values = ["enum", "const", "default"];
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !PROSE.has(key))
      .map(([key, value]) => [
        key,
        values.includes(key)
          ? value
          : names.includes(key) && isObject(value)
            ? Object.fromEntries(
                Object.entries(value).map(([n, s]) => [n, contractOf(doc, s, path)]),
              )
            : contractOf(doc, value, path),
      ]),
  );
}

// ── The version rule ────────────────────────────────────────────────────────────────────────────

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * The compatible changes that add something a program can use (a new operation, param, field,
 * value or type): the minor part's, as .changeset/README.md says ("a new operation or field").
 * The rule accepts any greater version; the message names the one such a change asks for, so that
 * `0.1.1, or 0.2.0 for an addition` is not left to the reader beside an `[operation-added]` line.
 */
const ADDITIONS = new Set([
  "area-added",
  "operation-added",
  "pagination-added",
  "request-param-added-optional",
  "request-property-added-optional",
  "request-value-added",
  "request-media-type-added",
  "response-property-added",
  "type-added",
]);
/**
 * The changes that ask for the minor part: an addition, and a deprecation (semver 2.0.0, item 7:
 * the minor "MUST be incremented if any public API functionality is marked as deprecated"), each
 * with the words a message calls it by.
 */
const minorKind = (ch) =>
  ADDITIONS.has(ch.rule)
    ? "an addition"
    : ch.rule === "operation-deprecated"
      ? "a deprecation"
      : undefined;
const compare = (x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** Whether the new info.version `to` says what `changes` are, from `from`: `{ ok, why }`. */
export function versionVerdict(from, to, changes) {
  const [va, vb] = [SEMVER.exec(String(from)), SEMVER.exec(String(to))];
  if (!vb)
    return {
      ok: false,
      why: `${JSON.stringify(to)} is not MAJOR.MINOR.PATCH (semver, digits only)`,
    };
  if (!va) return { ok: true }; // the base's was not semver: nothing to hold it to
  const [a, b] = [va.slice(1).map(Number), vb.slice(1).map(Number)];
  if (compare(b, a) < 0) return { ok: false, why: `it went down, ${from} → ${to}` };
  // The first non-zero part is the one a break moves (npm reads ^0.1.0 as <0.2.0).
  const major = a[0] > 0 ? [a[0] + 1, 0, 0] : a[1] > 0 ? [0, a[1] + 1, 0] : [0, 0, a[2] + 1];
  if (changes.some((ch) => ch.cls === BREAKING) && compare(b, major) < 0) {
    const zero = a[0] === 0 ? "; in 0.x the first non-zero part is the major" : "";
    return {
      ok: false,
      why: `a breaking change needs ${major.join(".")} or later (outside ^${from}${zero}), got ${to}`,
    };
  }
  if (changes.some((ch) => ch.cls !== DOCS) && compare(b, a) === 0) {
    const [patch, minor] = [
      [a[0], a[1], a[2] + 1],
      [a[0], a[1] + 1, 0],
    ];
    const additions = changes.filter(minorKind);
    // (An operation's name says more than "(components)" or "(area)".)
    const addition = additions.find((ch) => !String(ch.op).startsWith("(")) ?? additions[0];
    const why = addition
      ? `${minorKind(addition)} (${String(addition.op).startsWith("(") ? "" : `${addition.op} `}[${addition.rule}]) needs a greater minor version, ${minor.join(".")} (${patch.join(".")} would say a fix), got ${to} unchanged`
      : `a contract change needs a greater version (${patch.join(".")}, or ${minor.join(".")} for an addition), got ${to} unchanged`;
    return { ok: false, why };
  }
  return { ok: true };
}

/**
 * The changeset each package needs for `areas` (`{ area, changes }`, an area once per document),
 * by .changeset/README.md's rule (decision 0019): a breaking change major (minor while the package
 * is 0.x), an addition or a deprecation minor, any other change patch; `versionOf(package)` its
 * package.json version, or undefined where the area has no package. Before the first release
 * (0.0.0) a package has no changeset but its first-release note
 * (test/packaging/changesets.test.ts).
 * @returns {string[]} one line per package that changed
 */
export function changesetBumps(areas, versionOf) {
  const byPackage = new Map();
  for (const { area, changes } of areas) {
    const name = `@chaindata/${area}`;
    byPackage.set(name, [...(byPackage.get(name) ?? []), ...changes]);
  }
  const lines = [];
  for (const [name, changes] of byPackage) {
    if (!changes.length) continue;
    const version = versionOf(name);
    if (version === undefined) continue;
    // (0.0.0: not released, no bump: see below.)
    const zero = /^0\./.test(version) && version !== "0.0.0";
    const breaking = changes.find((ch) => ch.cls === BREAKING);
    const addition = changes.find(minorKind);
    const contract = changes.find((ch) => ch.cls !== DOCS);
    const [bump, why] = breaking
      ? [
          zero ? "minor" : "major",
          `[${breaking.rule}] is breaking${zero ? `, and ${version} is 0.x` : ""}`,
        ]
      : addition
        ? [
            "minor",
            `[${addition.rule}] is ${minorKind(addition)}${ADDITIONS.has(addition.rule) ? "" : ": semver's minor"}`,
          ]
        : contract
          ? ["patch", `[${contract.rule}] is compatible`]
          : ["patch", "docs only: the generated JSDoc changes"];
    const area = name.slice("@chaindata/".length);
    // (Before the first release no changeset is added: one would fail
    // test/packaging/changesets.test.ts, so the line names no bump a reader could take for one.)
    if (version === "0.0.0") {
      lines.push(
        `"${name}": no changeset before the first release (0.0.0): edit .changeset/first-release-${area}.md if it no longer describes the package (${why})`,
      );
      continue;
    }
    const sdk = breaking ? `; and "@chaindata/sdk": ${bump} with it (.changeset/README.md)` : "";
    lines.push(`"${name}": ${bump} (${why})${sdk}`);
  }
  return lines;
}

// ── Output ──────────────────────────────────────────────────────────────────────────────────────

/** A value as one line of JSON text, an integer beyond 2^53 (a bigint) with its exact digits. */
const jsonText = (value) => bundler.stringifyExact(value, 0);

/**
 * `old → new` as JSON text (`(none)` for nothing); of two long ones, each from a little before
 * where they differ to a little after, at most 60 characters.
 */
function showPair(from, to) {
  const [a, b] = [from, to].map((v) => (v === undefined ? "(none)" : jsonText(v)));
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < Math.min(a.length, b.length) - start && a.at(-1 - end) === b.at(-1 - end)) end++;
  const part = (s) => {
    if (s.length <= 60) return s;
    const i = Math.max(0, Math.min(start - 20, s.length - 59));
    const j = Math.min(s.length - Math.max(0, end - 20), i + 59);
    return `${i > 0 ? "…" : ""}${s.slice(i, j)}${j < s.length ? "…" : ""}`;
  };
  return `${part(a)} → ${part(b)}`;
}

/**
 * The names of `examples` (an OpenRPC method's list of named examples, or an OpenAPI map of them)
 * as `name → example`, or null where they have none (a schema's `examples`, a list of values).
 */
function namedExamples(value) {
  if (value === undefined) return new Map();
  if (Array.isArray(value))
    return value.every((e) => isObject(e) && typeof e.name === "string")
      ? new Map(value.map((e) => [e.name, e]))
      : null;
  return isObject(value) ? new Map(Object.entries(value)) : null;
}

/**
 * A change of named examples by their names (`changed "twoEditions"; added "x"`) rather than a
 * window of their JSON, which shows neither which example nor what about it; null where they have
 * no names.
 */
function showExamples(from, to) {
  const [a, b] = [namedExamples(from), namedExamples(to)];
  if (!a || !b) return null;
  const names = (list) => list.map((n) => JSON.stringify(n)).join(", ");
  const parts = [
    ["changed", [...a.keys()].filter((n) => b.has(n) && !same(a.get(n), b.get(n)))],
    ["added", [...b.keys()].filter((n) => !a.has(n))],
    ["removed", [...a.keys()].filter((n) => !b.has(n))],
  ].filter(([, list]) => list.length);
  // (Only the order changed: the window shows it.)
  return parts.length ? parts.map(([what, list]) => `${what} ${names(list)}`).join("; ") : null;
}

/** The rules of one value added to or removed from a list: an enum's values, an error's codes. */
const MEMBER_RULES = new Set([
  ...["request-value-added", "request-value-removed", "response-value-added"],
  ...["response-value-removed", "open-enum-value-added", "open-enum-value-removed"],
  "error-response-changed",
]);

/**
 * One value added to or removed from a list as `"frozen" added` (`enum: (none) → "frozen"` reads
 * as an enum that had no values, which it never was); null for any other change.
 */
function showMember(ch) {
  if (!MEMBER_RULES.has(ch.rule) || (ch.from === undefined) === (ch.to === undefined)) return null;
  const value = ch.from ?? ch.to;
  if (!["string", "number", "bigint"].includes(typeof value)) return null;
  return `${jsonText(value)} ${ch.from === undefined ? "added" : "removed"}`;
}

/** One change as a line: class, area, operation, field, `key: old → new`, rule, pointer. */
export function formatChange(area, ch) {
  const label = { [BREAKING]: "BREAKING  ", [COMPATIBLE]: "compatible", [DOCS]: "docs      " };
  const field = ch.field ? ` ${ch.field}` : "";
  // (As the SDK's @deprecated JSDoc says it: scripts/generate/lib/emit.mjs.)
  const replacement = ch.replacedBy
    ? `use ${ch.replacedBy} instead`
    : "no replacement is documented";
  const what =
    ch.rule === "operation-deprecated"
      ? `deprecated: ${replacement} (calls still work; the SDK marks it @deprecated and warns when it is called)`
      : `${ch.key}: ${(ch.key === "examples" && showExamples(ch.from, ch.to)) || showMember(ch) || showPair(ch.from, ch.to)}`;
  return `${label[ch.cls]} ${area} ${ch.op}${field} ${what} [${ch.rule}]  ${ch.pointer}`;
}

// ── The command ─────────────────────────────────────────────────────────────────────────────────

const USAGE =
  "usage: npm run spec:diff [-- --base <ref> | --base-dir <spec folder>] [-- --spec-dir <folder>]\n" +
  "  compares spec/dist with the spec at <ref> (default: the merge-base with main), area by area,\n" +
  "  and checks that each area document's info.version moved as its changes need (decision 0019);\n" +
  "  --spec-dir: a bundled copy of spec/ instead; another checkout's spec/ with that checkout's\n" +
  "  git history and package versions";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** git in `repo`: the checkout of the spec compared (packagesCheckout). */
const git = (repo, args) => spawnSync("git", ["-C", repo, ...args], { maxBuffer: 1 << 28 });
const fail = (message, code = 2) => {
  console.error(`spec:diff: ${message}`);
  process.exit(code);
};

/** The commit `ref` names in `repo` (no ref: the merge-base with main) and how to call it. */
function resolveBase(repo, ref) {
  if (ref === undefined) {
    for (const branch of ["main", "origin/main"]) {
      const r = git(repo, ["merge-base", "HEAD", branch]);
      if (r.status === 0)
        return { commit: String(r.stdout).trim(), label: `merge-base with ${branch}` };
    }
    usageError(
      "spec:diff",
      "no merge-base with main (nor origin/main) here: give --base <ref>",
      USAGE,
    );
  }
  const r = git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (r.status !== 0)
    usageError("spec:diff", `--base: no commit ${JSON.stringify(ref)} here`, USAGE);
  return { commit: String(r.stdout).trim(), label: ref };
}

/**
 * The bundles of the spec at `commit` of `repo`: its spec/ extracted to a temporary folder,
 * bundled.
 */
function bundleAt(repo, commit, label) {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spec-diff-"));
  try {
    const archive = git(repo, ["archive", "--format=tar", commit, "spec"]);
    if (archive.status !== 0) fail(`${label} has no spec/: ${String(archive.stderr).trim()}`);
    const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    if (untar.status !== 0) fail(`tar: ${String(untar.stderr).trim()}`);
    return bundleFolder(join(dir, "spec"), label);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bundleFolder(specDir, label) {
  if (!existsSync(join(specDir, "hosts.yaml"))) fail(`${label} is no spec folder (no hosts.yaml)`);
  try {
    // (Read as the current side is, exactly: integers past 2^53 as bigints, not rounded.)
    return bundler.bundleAll({ write: false, specDir, exact: true });
  } catch (error) {
    if (!(error instanceof bundler.SpecError)) throw error;
    fail(
      `the spec of ${label} does not bundle with today's bundler: ${bundler.specErrorText(error, "nothing is compared")}`,
    );
  } finally {
    bundler.clearCache();
  }
}

/**
 * The checkout a spec folder belongs to, whose git history `--base` and the merge-base are read
 * from and whose packages its changesets are for, and the heading of those lines: the folder's own
 * checkout where it is one's spec/ (packages/ and .changeset/ beside it: another worktree or clone,
 * whose HEAD and versions may not be this one's); else, for a copy made to try an edit (a
 * temporary folder), this checkout, and the heading says so.
 */
function packagesCheckout(specDir, shown) {
  const parent = dirname(specDir);
  const beside = ["packages", ".changeset"].every((name) => existsSync(join(parent, name)));
  if (parent === root) return { checkout: root, heading: "changesets (.changeset/README.md):" };
  if (beside)
    return {
      checkout: parent,
      heading: `changesets (.changeset/README.md; the versions of ${relative(process.cwd(), parent) || "."}/packages):`,
    };
  return {
    checkout: root,
    heading: `changesets (.changeset/README.md; ${shown} is no checkout's spec/: the versions of this checkout's packages):`,
  };
}

function main() {
  const values = parseCli(
    "spec:diff",
    { base: { type: "string" }, "base-dir": { type: "string" }, "spec-dir": { type: "string" } },
    USAGE,
  );
  if (values.base !== undefined && values["base-dir"] !== undefined)
    usageError("spec:diff", "give --base or --base-dir, not both", USAGE);
  const started = performance.now();
  const specDir = values["spec-dir"] ? resolve(values["spec-dir"]) : bundler.defaultSpecDir;
  const shown = relative(process.cwd(), specDir) || ".";
  if (!existsSync(join(specDir, "hosts.yaml"))) fail(`--spec-dir: ${shown} is no spec folder`);
  const stale = bundler.staleBundleSources(specDir);
  if (stale.length)
    fail(
      `${shown}/dist is missing or older than ${shown} (${bundler.staleList(stale)}): run npm run spec:bundle first`,
    );
  const { checkout, heading } = packagesCheckout(specDir, shown);
  let before, label;
  if (values["base-dir"] !== undefined) {
    label = values["base-dir"];
    before = bundleFolder(resolve(label), label);
  } else {
    const base = resolveBase(checkout, values.base);
    label = `${base.label} (${base.commit.slice(0, 9)})`;
    before = bundleAt(checkout, base.commit, label);
  }
  // Both sides read exactly: JSON.parse rounds a u64 bound, enum value or example past 2^53, so
  // `maximum: 18446744073709551615` → `…614` would compare equal and be no change.
  const after = bundler.listAreas(specDir).map((a) => {
    const file = `${a.kind}/${a.area}.json`;
    const doc = bundler.parseExact(readFileSync(join(specDir, "dist", file), "utf8"));
    return { ...a, file, doc };
  });
  // An area's name, with its kind where it has two documents (the sender).
  const kinds = new Map();
  for (const r of [...before, ...after])
    kinds.set(r.area, new Set([...(kinds.get(r.area) ?? []), r.kind]));
  const name = (r) => (kinds.get(r.area).size > 1 ? `${r.area} (${r.kind})` : r.area);

  let total = 0;
  const findings = [];
  const changed = [];
  for (const file of new Set([...before, ...after].map((r) => r.file))) {
    const [a, b] = [before.find((r) => r.file === file), after.find((r) => r.file === file)];
    const yaml = `spec/${file.replace(/\.json$/, ".yaml")}`;
    const changes = a && b ? diffDocuments(a.doc, b.doc) : [];
    if (!a || !b) {
      const rule = b ? "area-added" : "area-removed";
      const ch = { cls: RULES[rule], rule, op: "(area)", field: "", key: "document", pointer: "#" };
      changes.push({ ...ch, from: a && yaml, to: b && yaml });
    }
    for (const ch of changes) console.log(formatChange(name(a ?? b), ch));
    total += changes.length;
    changed.push({ area: (a ?? b).area, changes });
    if (!b)
      findings.push(`${yaml}: ${name(a)}: removed: no info.version can say so (decision 0019)`);
    if (!a || !b) continue;
    const verdict = versionVerdict(a.doc.info?.version, b.doc.info?.version, changes);
    if (verdict.ok) continue;
    const at = yamlPosition(join(specDir, file.replace(/\.json$/, ".yaml")), ["info", "version"]);
    const place = at ? `${yaml}:${at.line}:${at.col}` : yaml;
    findings.push(
      `${place}: ${name(b)} info.version ${a.doc.info?.version} at ${label}: ${verdict.why}`,
    );
  }
  for (const f of findings) console.error(`  ✗ ${f}`);
  if (findings.length)
    console.error(
      "  Move info.version as each ✗ says, and say what changed in the package's release note (spec/README.md, step 7 of \"Adding or changing an operation\"); then `npm run spec:bundle && npm run generate && npx turbo run build` again before the tests (the version is in the bundles, and core's generated spec digest follows them).",
    );
  const packageVersion = (name) => {
    const file = join(checkout, "packages", name.slice("@chaindata/".length), "package.json");
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : undefined;
  };
  const bumps = changesetBumps(changed, packageVersion);
  if (bumps.length) console.log(`${heading}\n${bumps.map((b) => `  ${b}`).join("\n")}`);
  const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const ms = Math.round(performance.now() - started);
  console.log(
    `spec:diff: ${shown}/dist against ${label}: ${count(total, "change")}, ${count(findings.length, "version finding")} in ${ms} ms`,
  );
  process.exit(findings.length ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
