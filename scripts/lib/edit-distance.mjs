// How far apart two names are: for messages that say what a misspelt name probably meant (the
// bundler's bad `$ref`, spec:check's keyword outside the JSON Schema subset), and for spec:diff's
// rename pairing (whether two member names are alike).

/** The Levenshtein distance between `a` and `b` (insertions, deletions and substitutions). */
export function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}
