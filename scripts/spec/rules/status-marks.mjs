// The status marks (spec/README.md "Deprecating an operation", and `info`'s keys): `deprecated`,
// `x-replaced-by` and `x-beta` on an operation, `x-deprecated` and `x-beta` on an area's `info`, in
// the forms the generator, the SDK and the docs read. They read them by truthiness, so a mark of
// another type (`x-beta: "no"`) or in a place nothing reads (`x-deprecated` on an operation) would
// silently mean something else than it says.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { MARK_NOT_BOOLEAN, mistakeId } from "../../lib/mistake-ids.mjs";
import { listOperations, operationPath } from "./operations.mjs";

// (A string the generator would read as `true`, written by someone who meant a boolean.)
const BOOLEAN_WORD = /^\s*(true|false|yes|no|y|n|on|off|0|1)\s*$/i;

/** The statuses an operation's marks say, each with the marks that say it (a finding's words). */
const STATUSES = [
  ["deprecated", "`deprecated: true` and x-replaced-by"],
  ["beta", "`x-beta: true` (the operation's or its area's)"],
];

/**
 * Where an operation's summary or description says again what its marks say: the JSDoc's
 * `@deprecated` / `@beta`, the docs page's callout, the tool description's first line and (for a
 * deprecated one) the SDK's warning are made from `deprecated: true`, `x-replaced-by` and `x-beta`
 * (or the area's `info.x-beta`), so a "(deprecated)" or a "**Beta**: …" sentence of its own was
 * read twice in each (mint's tool description said it three times), and could promise another
 * replacement than the marks. A status said of the operation: a label ("**Beta**", "Deprecated:"),
 * a mark ("(beta)") or "this endpoint is deprecated", not the word in another sense ("the
 * `authority` field is deprecated", "alpha and beta weights").
 * @returns `{ word, marks, key, sentence }` per status said again (`key`: summary or description)
 */
export function statusSaidAgain({ summary, description, deprecated, beta }) {
  const said = [];
  for (const [word, marks] of STATUSES) {
    if (!(word === "beta" ? beta : deprecated)) continue;
    const status = new RegExp(
      String.raw`^\W*${word}\W*[:.]|\*\*${word}\*\*|\(${word}\)|\b(?:this|the)\s+(?:endpoint|method|operation|route|call|api)\s+is\s+(?:now\s+)?(?:in\s+)?${word}\b`,
      "i",
    );
    for (const [key, text] of [
      ["summary", summary],
      ["description", description],
    ]) {
      // Sentences (and lines: a summary is one), so that a finding quotes the one to take out.
      const sentence = String(text ?? "")
        .split(/(?<=[.!?])\s+|\n+/)
        .find((s) => status.test(s));
      if (sentence === undefined) continue;
      said.push({ word, marks, key, sentence: sentence.trim() });
      break;
    }
  }
  return said;
}

/**
 * The status marks (spec/README.md "Deprecating an operation", and `info`'s keys) have the forms
 * the generator, the SDK and the docs read, which read them by truthiness: an operation is
 * deprecated by `deprecated: true` (+ `x-replaced-by: "<what to use instead>"`, a non-empty
 * string, only beside it) and beta by `x-beta: true`; a whole area by `info.x-deprecated` (true,
 * or a message the generated JSDoc shows) and `info.x-beta: true`. `false` is allowed, the same as
 * leaving the mark out. Refused: `x-deprecated` on an operation (nothing reads it there: the
 * operation would not be deprecated at all), `x-replaced-by` on an operation that is not
 * deprecated (nothing reads it either), an `x-replaced-by` that starts with "Use" or ends with
 * "instead" (the readers put it into "Use <value> instead."), a mark of another type, such as
 * `x-beta: "no"`, which any reader takes as true (a param's `deprecated` too, a JSON-RPC param's
 * or a REST parameter's), and an operation not `deprecated: true` in an
 * area whose `info.x-deprecated` is set (the README, the JSDoc and the docs then say every call is
 * deprecated and warns, and that one neither warns nor is marked).
 */
export function checkStatusMarks(r, { ids } = {}) {
  const { area, doc } = r;
  const findings = [];
  const show = (value) => JSON.stringify(value) ?? String(value);
  const info = doc.info ?? {};
  // (`ids`: the identity of a mark that is no boolean, which a meta-schema tells too.)
  const notBoolean = (at, message) => {
    const text = `${area} ${at}: ${message}`;
    findings.push(text);
    ids?.set(text, mistakeId(MARK_NOT_BOOLEAN, area, at));
  };
  const beta = (value, at, what) => {
    if (value === undefined || typeof value === "boolean") return;
    notBoolean(
      `${at}/x-beta`,
      `must be true or false, not ${show(value)}: the generator reads it as ${Boolean(value)}, so this ${value ? "marks" : "does not mark"} ${what} beta; write x-beta: true (or leave it out)`,
    );
  };
  beta(info["x-beta"], "#/info", "the whole area");
  const paramMark = (param, at) => {
    const value = param?.deprecated;
    if (value === undefined || typeof value === "boolean") return;
    notBoolean(
      `${at}/deprecated`,
      `must be true or false, not ${show(value)}: the docs read it as ${Boolean(value)}, so this ${value ? "marks" : "does not mark"} the param deprecated; write deprecated: true (or leave it out)`,
    );
  };
  // (A REST path's own parameters and the shared ones, once: not per operation that has them.)
  if (r.kind === "openapi") {
    for (const [path, item] of Object.entries(doc.paths ?? {}))
      (item?.parameters ?? []).forEach((p, i) =>
        paramMark(p, `#/paths/${pointerSegment(path)}/parameters/${i}`),
      );
    for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
      paramMark(p, `#/components/parameters/${pointerSegment(name)}`);
  }
  const areaDeprecated = info["x-deprecated"];
  if (
    areaDeprecated !== undefined &&
    typeof areaDeprecated !== "boolean" &&
    !(
      typeof areaDeprecated === "string" &&
      areaDeprecated.trim() &&
      !BOOLEAN_WORD.test(areaDeprecated)
    )
  )
    findings.push(
      `${area} #/info/x-deprecated: must be true (or false), or a message saying what to use instead, not ${show(areaDeprecated)}: the generated JSDoc shows a string as the message; write x-deprecated: true, or x-deprecated: "<what to use instead>"`,
    );
  // A title that says "(deprecated)" or "(beta)" without the mark: the docs site files the area
  // under Deprecated by its title, and the scaffolded package description says what the title
  // says, while the generated JSDoc, READMEs and tools read the marks alone.
  const title = typeof info.title === "string" ? info.title : "";
  for (const [word, mark] of [
    ["deprecated", "x-deprecated"],
    ["beta", "x-beta"],
  ])
    if (
      new RegExp(`\\(${word}\\)`, "i").test(title) &&
      (info[mark] === undefined || info[mark] === false)
    )
      findings.push(
        `${area} #/info/title: ${show(title)} says the area is ${word}, but info has no ${mark} (or false): the docs and the package description read the title, the JSDoc, the README and the tools the mark; add ${mark}: true, or take "(${word})" out of the title`,
      );
  // (Only a well-formed mark: a malformed one is the one finding above.)
  const wholeAreaDeprecated =
    areaDeprecated === true ||
    (typeof areaDeprecated === "string" &&
      areaDeprecated.trim() !== "" &&
      !BOOLEAN_WORD.test(areaDeprecated));
  for (const op of listOperations(r)) {
    const o = op.operation;
    const at = operationPath(r, op);
    const say = (key, message) => findings.push(`${area} ${at}/${key}: ${message}`);
    beta(o["x-beta"], at, "the operation");
    // (Said again at the summary's or the description's line.)
    for (const { word, marks, key, sentence } of statusSaidAgain({
      summary: o.summary,
      description: o.description,
      deprecated: o.deprecated === true,
      beta: o["x-beta"] === true || info["x-beta"] === true,
    }))
      say(
        key,
        `says the operation is ${word} ("${sentence}"), which ${marks} already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")`,
      );
    if (o.deprecated !== undefined && typeof o.deprecated !== "boolean")
      notBoolean(
        `${at}/deprecated`,
        `must be true or false, not ${show(o.deprecated)}; write deprecated: true (with x-replaced-by: "<what to use instead>")`,
      );
    // (A param's mark, which the docs page reads by truthiness too: a badge on its row.)
    const params =
      r.kind === "openrpc"
        ? [
            ...(o.params ?? []).map((p, i) => [p, `${at}/params/${i}`]),
            ...(o["x-query-params"] ?? []).map((p, i) => [p, `${at}/x-query-params/${i}`]),
          ]
        : (o.parameters ?? []).map((p, i) => [p, `${at}/parameters/${i}`]);
    for (const [param, paramAt] of params) paramMark(param, paramAt);
    if (o["x-deprecated"] !== undefined)
      say(
        "x-deprecated",
        o.deprecated === true
          ? "x-deprecated is read only in info (a whole area); deprecated: true already marks this operation: remove x-deprecated"
          : `x-deprecated is read only in info (a whole area): on an operation nothing reads it, so this one is not deprecated at all; write deprecated: true (and x-replaced-by: "<what to use instead>") instead of x-deprecated: ${show(o["x-deprecated"])}`,
      );
    // (A malformed `deprecated` or an `x-deprecated` here is a finding of its own already.)
    if (
      wholeAreaDeprecated &&
      (o.deprecated === undefined || o.deprecated === false) &&
      o["x-deprecated"] === undefined
    )
      say(
        "deprecated",
        `the area is deprecated (info.x-deprecated), so its README says every call warns and its client's JSDoc that every operation is deprecated, but this operation is not: it would neither warn nor be marked; add deprecated: true (and x-replaced-by: "<what to use instead>"), or take x-deprecated out of info if the area is not deprecated`,
      );
    const replacedBy = o["x-replaced-by"];
    if (replacedBy === undefined) continue;
    if (typeof replacedBy !== "string" || !replacedBy.trim())
      say(
        "x-replaced-by",
        `must be a non-empty string naming what to use instead, not ${show(replacedBy)} (the SDK's warning and the JSDoc say "use <it> instead")`,
      );
    else if (o.deprecated !== true)
      say(
        "x-replaced-by",
        `${show(replacedBy)} on an operation that is not deprecated (no deprecated: true): nothing reads x-replaced-by without it; add deprecated: true, or remove x-replaced-by`,
      );
    else if (/^\s*use\s/i.test(replacedBy) || /\binstead\W*$/i.test(replacedBy))
      say(
        "x-replaced-by",
        `${show(replacedBy)}: the value is placed into "Use <value> instead." (the JSDoc, the docs) and "use <value> instead" (the SDK's warning), so it names only what to use, without "Use" before it or "instead" after it; write x-replaced-by: ${show(
          replacedBy
            .trim()
            .replace(/^use\s+/i, "")
            .replace(/[\s,;]*\binstead\W*$/i, ""),
        )}`,
      );
  }
  return findings;
}
