/**
 * `value` and every object in it, frozen (`Object.freeze`), at any depth; returned as it is. The
 * generated tool schemas (`@chaindata/<area>/tool-schemas`, decision 0020) wrap each exported
 * object in it: their tools share parts, so a host that changed one tool's schema in place would
 * change another's, and frozen, the write throws (ES modules are strict) instead. An object already
 * frozen is not walked again (a shared part frozen with its first tool; a cycle ends). (One copy
 * here rather than one per generated module. Exported, marked internal, for the chaindata
 * packages.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
};
