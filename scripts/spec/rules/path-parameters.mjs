// A REST path parameter whose name is misspelt (`name: walet` beside `/v1/wallet/{wallet}`) is one
// mistake that Spectral's rule path-params tells twice: at the operation (`Operation must define
// parameter "{wallet}"`) and at the parameter (`Parameter "walet" must be used in path`), two
// lines a reader has to put together. Where an operation has exactly one path parameter the path
// lacks and one {name} no parameter declares, this rule tells it once, at the parameter, with the
// name to write; Spectral's two lines are left out (run.mjs), by their rule and places.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { mistakeId } from "../../lib/mistake-ids.mjs";
import { HTTP_METHODS } from "./operations.mjs";

/** A $ref to a parameter of this document's components: its name. */
const LOCAL_PARAMETER = /^#\/components\/parameters\/([^/]+)$/;

/** Spectral's rule that tells a path parameter the path lacks, and a {name} none declares. */
export const PATH_PARAMS_RULE = "path-params";

/**
 * A finding per misspelt path parameter (see above): an operation's one `in: path` parameter
 * (written in the operation or its path item; one by $ref is never the one told) whose name is
 * no {name} of the path, beside one {name} of the path that no parameter declares. `told` (a Set) gets the identities
 * of Spectral's lines the finding stands for: at the operation and at the parameter.
 */
export function checkPathParameterNames({ area, kind, doc }, { told } = {}) {
  if (kind !== "openapi") return [];
  const findings = new Set();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (item === null || typeof item !== "object") continue;
    const pathAt = `#/paths/${pointerSegment(path)}`;
    const inPath = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
    // (A parameter by $ref counts as the one it names, so the path's {name} it declares is not
    // undeclared. A $ref this document's components do not hold: nothing is known, nothing said.)
    const parametersOf = (parameters, at) =>
      (Array.isArray(parameters) ? parameters : []).map((p, i) => {
        const ref = typeof p?.$ref === "string" ? p.$ref : undefined;
        const name = ref?.match(LOCAL_PARAMETER)?.[1];
        const target = name === undefined ? undefined : doc.components?.parameters?.[name];
        return { p: ref ? target : p, ref, at: `${at}/parameters/${i}` };
      });
    const inPathOnly = (entries) =>
      entries.filter(({ p }) => p && typeof p === "object" && p.in === "path");
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== "object") continue;
      const opAt = `${pathAt}/${method}`;
      const sharedAll = parametersOf(item.parameters, pathAt);
      const ownAll = parametersOf(operation.parameters, opAt);
      if ([...sharedAll, ...ownAll].some(({ p, ref }) => ref && !p)) continue;
      const shared = inPathOnly(sharedAll);
      const own = inPathOnly(ownAll);
      // (An operation's parameter of a name overrides its path item's.)
      const declared = [...own, ...shared.filter((s) => !own.some((o) => o.p.name === s.p.name))];
      const lacking = declared.filter(({ p }) => !inPath.includes(p.name));
      const undeclared = inPath.filter((name) => !declared.some(({ p }) => p.name === name));
      if (lacking.length !== 1 || undeclared.length !== 1 || lacking[0].ref) continue;
      const [{ p, at }] = lacking;
      const [name] = undeclared;
      const place =
        at.startsWith(opAt) && operation.operationId
          ? at.replace(opAt, `${opAt} (${operation.operationId})`)
          : at;
      findings.add(
        `${area} ${place}/name: path parameter ${JSON.stringify(p.name)} is not in the path ${path}, whose {${name}} no parameter declares; name the parameter ${name} (or write {${p.name}} in the path)`,
      );
      told?.add(mistakeId(PATH_PARAMS_RULE, area, opAt));
      told?.add(mistakeId(PATH_PARAMS_RULE, area, at));
    }
  }
  return [...findings];
}
