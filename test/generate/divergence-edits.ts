// What to write in DIVERGENCES of test/generate/checks-vs-schema.test.ts when a divergence's hand
// list differs from the fields the spec has it at: the edits, in the list's own form
// (`"wallet getBalanceAt": ["timestamp"]`), not the flat `"wallet getBalanceAt timestamp"` the
// comparison shows (user trial 42, F7; user trial 44, F2: a new operation's integer without a
// `maximum` failed here, and the flat line left the entry's form to guess).

/** Fields by operation key (`"<area> <operationId>"`), as a divergence lists them. */
export type FieldsByOperation = Record<string, string[]>;

const quoted = (names: string[]) => `[${names.map((n) => JSON.stringify(n)).join(", ")}]`;

/**
 * One line per edit that makes `listed` equal `found`: an operation entry to add or remove, or
 * names to add to / remove from an entry; `[]` when they are equal.
 */
export function divergenceEdits(listed: FieldsByOperation, found: FieldsByOperation): string[] {
  const edits: string[] = [];
  for (const key of [...new Set([...Object.keys(found), ...Object.keys(listed)])].sort()) {
    const want = found[key] ?? [];
    const have = listed[key] ?? [];
    const missing = want.filter((n) => !have.includes(n));
    const extra = have.filter((n) => !want.includes(n));
    if (!have.length && want.length) edits.push(`add ${JSON.stringify(key)}: ${quoted(want)}`);
    else if (have.length && !want.length)
      edits.push(
        `remove ${JSON.stringify(key)}: ${quoted(have)} (the spec no longer has it there)`,
      );
    else {
      if (missing.length)
        edits.push(
          `add ${quoted(missing).slice(1, -1)} to ${JSON.stringify(key)}: ${quoted([...have, ...missing])}`,
        );
      if (extra.length)
        edits.push(
          `remove ${quoted(extra).slice(1, -1)} from ${JSON.stringify(key)} (the spec no longer has it there)`,
        );
    }
  }
  return edits;
}
