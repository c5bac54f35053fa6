// Rules between params (`dependentSchemas`: one param excludes others, or narrows what they
// may be), grouped as lib/types.mjs `paramsWithRules` types them, and the name of the type it
// declares for them: read by the name-clash rule too (lib/names.mjs), so a spec schema of that
// name is refused rather than overwritten.
import { isObject } from "./places.mjs";
import { pascal } from "./schema.mjs";

/**
 * The rules between `params`' members, grouped: `nodes`, the params they name; `groups`, the
 * params that may be given together (every member of a group excluding every member of another
 * and none of its own); `requirement`, a param's own rule (its typed part, {@link typeable});
 * `ruleWords`, the rule in words; `Rule`, the name of the type a param left out is given (with
 * two groups or more; `false` for one). `undefined` without rules, or where the exclusions do not
 * split the params into such groups sharing one rule each (then the check alone keeps them).
 */
export function paramRules(params) {
  const rules = isObject(params.dependentSchemas) ? params.dependentSchemas : {};
  const excludes = (rule) =>
    isObject(rule?.properties) && Object.values(rule.properties).every((v) => v === false)
      ? Object.keys(rule.properties)
      : undefined;
  const nodes = new Set();
  const excluded = new Set();
  const requirement = new Map();
  for (const [name, rule] of Object.entries(rules)) {
    nodes.add(name);
    const others = excludes(rule);
    if (!others) {
      requirement.set(name, typeable(rule));
      continue;
    }
    for (const other of others) {
      nodes.add(other);
      excluded.add(`${name}\0${other}`).add(`${other}\0${name}`);
    }
  }
  if (!nodes.size) return undefined;
  const apart = (a, b) => excluded.has(`${a}\0${b}`);
  const groups = [];
  for (const node of nodes) {
    const group = groups.find((g) => !apart(g[0], node));
    if (group) group.push(node);
    else groups.push([node]);
  }
  const exact =
    groups.every((g) => g.every((a) => g.every((b) => !apart(a, b)))) &&
    groups.every((g, i) =>
      groups.every((h, j) => i === j || g.every((a) => h.every((b) => apart(a, b)))),
    ) &&
    groups.every(
      (g) => new Set(g.map((n) => JSON.stringify(requirement.get(n) ?? null))).size === 1,
    );
  if (!exact) return undefined;
  // (The rule's type, named as the description says it: `page` excludes `before`, `after` and
  // `cursor`, PageExcludesBeforeAfterAndCursor.)
  // One group alone (a member absent only so that its group's rule does not apply) has none.
  const words = (group) => listed(group, "and").replaceAll("`", "");
  const ruleWords = groups.map(words).join(" excludes ");
  const Rule =
    groups.length > 1 && groups.map((g) => pascal(words(g).replaceAll(",", ""))).join("Excludes");
  return { nodes, groups, requirement, ruleWords, Rule };
}

/** The part of a rule's schema that a type states (see `paramsWithRules`). */
function typeable(schema) {
  if (!isObject(schema)) return schema;
  const out = {};
  if (typeof schema.$ref === "string") out.$ref = schema.$ref;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if (schema.type !== undefined) out.type = schema.type;
  if (isObject(schema.properties)) {
    out.type ??= "object";
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, typeable(v)]),
    );
  }
  if (Array.isArray(schema.required)) out.required = schema.required;
  return out;
}

/** `a`, `a or b`, `a, b or c` (`joiner`: "or", "and"), each name as code. */
export const listed = (names, joiner) =>
  names
    .map((n) => `\`${n}\``)
    .join(", ")
    .replace(/, ([^,]*)$/, ` ${joiner} $1`);
