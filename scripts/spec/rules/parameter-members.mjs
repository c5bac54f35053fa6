// The members of each OpenAPI parameter object: OpenAPI 3.1's fields and `x-` extensions, nothing
// else. A misspelt one (`styles: simple`) is read by nobody: the generator, the docs and the mock
// go by `style`. Spectral's meta-schema refuses it too, but as `"0" property must not have
// unevaluated properties`, at the parameter, naming no member; and where the parameter also lacks
// its schema, the generator's refusal tells that place and Spectral's lines there are left out
// (run.mjs). This rule names the member, and Spectral's lines at that parameter are left out.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { editDistance } from "../../lib/edit-distance.mjs";
import { mistakeId, OPENAPI_META_SCHEMA } from "../../lib/mistake-ids.mjs";
import { HTTP_METHODS } from "./operations.mjs";

/** The fixed fields of OpenAPI 3.1's Parameter Object. */
export const PARAMETER_MEMBERS = [
  "name",
  "in",
  "description",
  "required",
  "deprecated",
  "allowEmptyValue",
  "style",
  "explode",
  "allowReserved",
  "schema",
  "example",
  "examples",
  "content",
];

/**
 * A finding per member of a parameter (of a path, an operation, a webhook or
 * components.parameters) that OpenAPI 3.1 does not define, at the member, with the nearest field
 * where one is near. `ids` (a Map) gets each line's identity: Spectral's meta-schema at the
 * parameter (OPENAPI_META_SCHEMA), whose lines there run.mjs leaves out.
 */
export function checkParameterMembers({ area, kind, doc }, { ids } = {}) {
  if (kind !== "openapi") return [];
  const findings = [];
  const check = (parameter, at) => {
    if (parameter === null || typeof parameter !== "object" || "$ref" in parameter) return;
    for (const key of Object.keys(parameter)) {
      if (key.startsWith("x-") || PARAMETER_MEMBERS.includes(key)) continue;
      const text = `${area} ${at}/${pointerSegment(key)}: ${JSON.stringify(key)} is no member of an OpenAPI parameter, so nothing reads it${nearestMember(key)}; write one of its members (${PARAMETER_MEMBERS.join(", ")}) or an x- extension`;
      findings.push(text);
      ids?.set(text, mistakeId(OPENAPI_META_SCHEMA, area, at));
    }
  };
  const pathItem = (item, at) => {
    if (item === null || typeof item !== "object") return;
    const list = (parameters, listAt) =>
      Array.isArray(parameters) && parameters.forEach((p, i) => check(p, `${listAt}/${i}`));
    list(item.parameters, `${at}/parameters`);
    for (const method of HTTP_METHODS) list(item[method]?.parameters, `${at}/${method}/parameters`);
  };
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    pathItem(item, `#/paths/${pointerSegment(path)}`);
  for (const [name, item] of Object.entries(doc.webhooks ?? {}))
    pathItem(item, `#/webhooks/${pointerSegment(name)}`);
  for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
    check(p, `#/components/parameters/${pointerSegment(name)}`);
  return findings;
}

/** `: did you mean style?` where a field is two edits away at most (and fewer than half). */
function nearestMember(key) {
  const [nearest] = PARAMETER_MEMBERS.map((member) => ({
    member,
    d: editDistance(member.toLowerCase(), key.toLowerCase()),
  })).sort((a, b) => a.d - b.d);
  return nearest.d <= Math.min(2, Math.floor((key.length - 1) / 2))
    ? ` (did you mean ${nearest.member}?)`
    : "";
}
