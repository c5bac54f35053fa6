// Descriptions (decision 0004, "A description on every field"): the generated types' JSDoc and the
// docs site's field tables show a schema's and a property's `description`, and nothing for one
// without. (A method's params and result: openrpc.mjs; a REST parameter's: Spectral's ruleset.)
import { firstSentence } from "../../../packages/docs/src/markdown.mjs";
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { REPOSITORY_HISTORY } from "../../lib/repository-history.mjs";
import { pointerSegments } from "../../lib/spec-sources.mjs";
import { forEachSchema, nodeAt } from "./schema-walk.mjs";

/**
 * The description a schema has, its own or (for a `$ref`) its target's, followed as the generated
 * JSDoc and the docs follow it.
 */
function describedBy(doc, schema) {
  for (let s = schema, hops = 0; s && typeof s === "object" && hops < 32; hops++) {
    if (typeof s.description === "string") return s.description;
    if (typeof s.$ref !== "string" || !s.$ref.startsWith("#/")) return undefined;
    s = nodeAt(doc, pointerSegments(s.$ref));
  }
  return undefined;
}

/**
 * Every component schema and every schema property has a description (a `$ref` property may take
 * its target's): it is the hover text of the generated type and the text of the docs site's field
 * table, which show nothing for a field without one. A `description` of only spaces counts as
 * none. The properties of a `dependentSchemas` rule are constraints, not fields, and are skipped.
 */
export function checkDescriptions({ area, doc }) {
  const findings = [];
  const missing = (schema) => !describedBy(doc, schema)?.trim();
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}))
    if (missing(schema))
      findings.push(
        `${area} #/components/schemas/${pointerSegment(name)}: schema ${name} needs a description (the generated type's JSDoc and the docs show it)`,
      );
  forEachSchema(doc, (schema, at) => {
    if (at.includes("/dependentSchemas/")) return;
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (property && typeof property === "object" && missing(property))
        findings.push(
          `${area} ${at}/properties/${pointerSegment(name)}: property ${name} needs a description (the SDK's JSDoc and the docs show it; a bare $ref takes its target's)`,
        );
  });
  return findings;
}

/** The longest area sentence the docs site shows whole (firstSentence's default cut). */
export const AREA_SENTENCE_MAX = 200;

/**
 * What an area does, in one sentence (its `info.summary`, or an OpenRPC document's first sentence
 * of `info.description`), is shown whole on the docs site's home card, as its page's meta
 * description and in the Packages table: a longer one is cut at a space with "…" mid-phrase there
 * (a method added to DAS's "by id, by owner…" list passed every rule, and the docs build test
 * failed with `expected '…' not to match /…$/`).
 */
export function checkAreaSentence({ area, kind, doc }) {
  // (An OpenAPI document without a summary is the second of its area, the sender's GET /ping: the
  // docs site describes the area by its OpenRPC document.)
  if (kind === "openapi" && doc.info?.summary === undefined) return [];
  const key = kind === "openapi" ? "summary" : "description";
  const text = doc.info?.[key];
  if (typeof text !== "string") return [];
  const whole = firstSentence(text, Infinity);
  if (whole.length <= AREA_SENTENCE_MAX) return [];
  return [
    `${area} #/info/${key}: its first sentence says what the area does on the docs site's card, meta description and Packages table, which show at most ${AREA_SENTENCE_MAX} characters (as plain text) and cut a longer one with "…"; this one has ${whole.length}: shorten it, or end it sooner with a full stop ("${firstSentence(text)}")`,
  ];
}

/**
 * No text of the bundle names this repository's history (a trial, a review or a session with its
 * number, as REPOSITORY_HISTORY reads it): the docs site and the mock's copy of the spec publish
 * every string of it, an `x-source` too, and a reader cannot look one up. test/docs/build.test.ts
 * found them only after a docs build, as a snippet of the built page. (YAML comments are not
 * bundled; test/scripts/repository-history.test.ts keeps them free of it as any source file.)
 */
export function checkHistoryMentions({ area, doc }) {
  const findings = [];
  const walk = (value, at) => {
    if (typeof value === "string") {
      for (const match of value.matchAll(REPOSITORY_HISTORY))
        findings.push(
          `${area} ${at}: "${match[0]}" names this repository's history, which the docs site and the mock's copy of the spec publish and a reader cannot look up: say the reason itself`,
        );
    } else if (value && typeof value === "object")
      for (const [key, child] of Object.entries(value)) walk(child, `${at}/${pointerSegment(key)}`);
  };
  walk(doc, "#");
  return findings;
}
