// A description that lists an enum's values by hand ("`all`, `success` or `failed`") names each
// value of the enum and nothing else, so that an edit of the enum cannot leave its prose behind.
// Read: the description of a schema with an enum, of an open enum (an anyOf/oneOf branch holds the
// enum), of an array of either, and of a parameter, content descriptor or property whose schema is
// one of those.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { deref } from "./schema-walk.mjs";

// A backticked item of a list, with what may stand around it: "only `success`ful", "`id` (the
// default)". A list: two or more items joined by commas, "and" or "or".
const ITEM = String.raw`(?:only\s+)?\x60([^\x60]+)\x60\w*(?:\s*\([^()]*\))?`;
const SEPARATOR = String.raw`\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)`;
const LIST = new RegExp(`${ITEM}(?:${SEPARATOR}${ITEM})+`, "g");
const ITEM_ONE = new RegExp(ITEM, "g");
// A list after these words gives examples, not every value.
const EXAMPLES_BEFORE = /(?:such as|for example|e\.g\.|like)\s*\(?\s*$/i;
// "the `…Devnet` variants": a token with an ellipsis stands for the values it matches.
const wildcard = (token) =>
  token.includes("…")
    ? new RegExp(`^${token.split("…").map(escapeRegExp).join(".*")}$`)
    : undefined;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The values of the enum `node` is, or whose anyOf/oneOf branch is, or, for an array (nullable
 * too), its items' (DAS `scopes`: "the known values are `full`, `royalty`, …"); else undefined.
 */
function enumValues(doc, node) {
  const schema = deref(doc, node);
  if (Array.isArray(schema?.enum)) return schema.enum;
  for (const branch of schema?.anyOf ?? schema?.oneOf ?? []) {
    const values = deref(doc, branch)?.enum;
    if (Array.isArray(values)) return values;
  }
  // (A nullable array, `type: ["array", "null"]`, too.)
  return [schema?.type].flat().includes("array") && schema.items
    ? enumValues(doc, schema.items)
    : undefined;
}

/** The backticked items of the lists in `text` that are not given as examples. */
function listedItems(text) {
  const items = [];
  for (const list of text.matchAll(LIST)) {
    if (EXAMPLES_BEFORE.test(text.slice(0, list.index))) continue;
    items.push([...list[0].matchAll(ITEM_ONE)].map((m) => m[1]));
  }
  return items;
}

/**
 * What a description's list of values leaves out of the enum and adds to it: { missing, extra },
 * or undefined when it lists no values (a list counts when two of its items are values).
 */
function enumListProblems(description, values) {
  const known = values.filter((v) => typeof v === "string");
  const lists = listedItems(description).filter(
    (items) => items.filter((item) => known.includes(item)).length >= 2,
  );
  if (!lists.length) return undefined;
  const named = new Set(lists.flat());
  // (A wildcard anywhere in the text covers its values: "the `…Devnet` variants".)
  const patterns = [...description.matchAll(/\x60([^\x60]*…[^\x60]*)\x60/g)].map((m) =>
    wildcard(m[1]),
  );
  const missing = known.filter((v) => !named.has(v) && !patterns.some((p) => p.test(v)));
  const extra = [...named].filter((item) => !known.includes(item) && !wildcard(item));
  return missing.length || extra.length ? { missing, extra } : undefined;
}

const quoted = (values) => values.map((v) => `\`${v}\``).join(", ");

/** Findings: "<area> <path>: description lists … values: missing `x`; not in the enum: `y` …". */
export function checkEnumDescriptions({ area, doc }) {
  const findings = [];
  const seen = new Set();
  const visit = (node, at) => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${at}/${i}`));
    const values =
      typeof node.description === "string"
        ? (enumValues(doc, node) ?? (node.schema ? enumValues(doc, node.schema) : undefined))
        : undefined;
    const problems = values && enumListProblems(node.description, values);
    if (problems) {
      const told = [
        problems.missing.length ? `missing ${quoted(problems.missing)}` : "",
        problems.extra.length ? `not in the enum: ${quoted(problems.extra)}` : "",
      ].filter(Boolean);
      findings.push(
        `${area} ${at}: description lists the enum's values and disagrees with the enum: ${told.join("; ")} (the enum: ${values.join(", ")}; edit the description or the enum)`,
      );
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "examples" && key !== "enum" && key !== "const" && key !== "default")
        visit(value, `${at}/${pointerSegment(key)}`);
  };
  visit(doc, "#");
  return findings;
}
