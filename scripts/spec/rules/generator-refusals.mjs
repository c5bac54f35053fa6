// The generator's refusals as spec findings: `spec:check` reports what `npm run generate` would
// refuse by calling the generator's own rules (scripts/generate/lib/refusals.mjs), so the two never
// disagree, and a contributor meets a refusal in the same words before generating.
import { generatorRefusals } from "../../generate/lib/refusals.mjs";

/**
 * Everything the generator would refuse (scripts/generate/lib/refusals.mjs: names that cannot be
 * identifiers or clash with the generated code or the runtime's exports, parameters it cannot send,
 * schemas its checks cannot translate…), by the generator's own rules, at the generator's own
 * places: `<area> #<pointer> (<name>): [<rule>] <message>`, a keyword the checks cannot translate
 * at that keyword, after the method that holds it
 * (`das #/methods/2 (getAssetsByOwner)/params/3/schema/pattern: [params-check] …`). (runAllChecks
 * puts the YAML position in front, as the generator does: refusals.mjs `refusalPosition`.)
 */
export function checkGeneratorRefusals(results) {
  return generatorRefusals(results).map(refusalFinding);
}

// The rules whose refusal is at a keyword, named by the operation whose check or result holds it.
const AT_KEYWORD = new Set(["params-check", "u64-shape"]);

/** A refusal of refusals.mjs as a finding line, `<area> <place>: [<rule>] <message>`. */
export function refusalFinding(r) {
  const name = r.name === undefined ? "" : ` (${r.name})`;
  // (A keyword in a method: the method's name follows `#/methods/<i>`, where it names that method.)
  const method = AT_KEYWORD.has(r.rule) ? /^#\/methods\/\d+/.exec(r.at)?.[0] : undefined;
  const place = method ? `${method}${name}${r.at.slice(method.length)}` : `${r.at}${name}`;
  return `${r.area} ${place}: [${r.rule}] ${r.message}`;
}
