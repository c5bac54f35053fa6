// A deprecated operation's replacement (`x-replaced-by`, spec/README.md "Deprecating an
// operation") names what exists: the SDK's warning and the JSDoc print it ("use <it> instead"), so
// a replacement renamed, removed or deprecated later would leave them pointing at nothing. A rule
// across documents: the replacement may be another area's (token-metadata's is DAS's).
import { listOperations, operationPath } from "./operations.mjs";

// An operation's name as prose writes it: a lower-camel-case word with a capital in it (getAsset,
// getAssetBatch); a package as `@chaindata/<area>`.
const OPERATION_NAME = /(?<![\w@/.-])[a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+(?![\w-])/g;
const PACKAGE_NAME = /@chaindata\/([a-z][a-z0-9-]*)/g;

/** The operation names a text writes, in order, each once. */
const operationNames = (text) => [...new Set(text.match(OPERATION_NAME) ?? [])];

/**
 * What a deprecated operation's replacement says wrong, by the spec's structure rather than its
 * words: every operation its `x-replaced-by` names is an operation of the spec, of the package it
 * names where it names one, and not deprecated itself; and every `@chaindata/<area>` it names is
 * an area. `operations`: every operation of the spec, `{ area, id, deprecated, replacedBy }` (more
 * fields are kept), of which those with a `replacedBy` string are checked.
 * @returns `{ operation, message, about }` per problem, `message` what follows "x-replaced-by ",
 * `about` the areas of the replacement it names (where the edit that made it may be)
 */
export function replacementProblems(operations) {
  const problems = [];
  const areas = new Set(operations.map((o) => o.area));
  for (const o of operations) {
    // (Not a non-empty string: checkStatusMarks's finding.)
    if (typeof o.replacedBy !== "string" || !o.replacedBy.trim()) continue;
    const say = (message, about) => problems.push({ operation: o, message, about });
    const packages = [...o.replacedBy.matchAll(PACKAGE_NAME)].map((m) => m[1]);
    for (const p of packages)
      if (!areas.has(p))
        say(
          `names @chaindata/${p}, which is no area of the spec (areas: ${[...areas].join(", ")})`,
          [],
        );
    for (const name of operationNames(o.replacedBy)) {
      const candidates = operations.filter(
        (c) => c.id === name && (!packages.length || packages.includes(c.area)),
      );
      if (!candidates.length)
        say(
          `names ${name}, which is no operation of ${packages.length ? packages.map((p) => `@chaindata/${p}`).join(" or ") : "the spec"}: a replacement renamed or removed? (the SDK's warning says "use ${o.replacedBy} instead")`,
          packages.length ? packages : [...areas],
        );
      else if (candidates.every((c) => c.deprecated))
        say(
          `names ${name}, which is deprecated itself: name what to use now`,
          candidates.map((c) => c.area),
        );
    }
  }
  return problems;
}

/**
 * spec:check's rule (it was test/spec's only, so spec:check and `npm run generate` let a
 * replacement that was itself deprecated through): the replacements looked up among `all` (under
 * `--area`, the other areas too), and a problem reported at its operation when it concerns an area
 * of `results`, the operation's or its replacement's (`--area das` after deprecating getAssetBatch
 * reports token-metadata's x-replaced-by, which names it).
 * @returns `{ text, document }` per finding, `text` led by the area and the operation's place
 */
export function checkReplacements(results, all = results) {
  const operations = all.flatMap((r) =>
    listOperations(r).map((op) => ({
      area: r.area,
      id: op.id,
      deprecated: op.operation.deprecated === true,
      replacedBy: op.operation["x-replaced-by"],
      document: r,
      op,
    })),
  );
  return replacementProblems(operations)
    .filter(
      ({ operation, about }) =>
        results.includes(operation.document) || results.some((r) => about.includes(r.area)),
    )
    .map(({ operation: { area, document, op }, message }) => ({
      text: `${area} ${operationPath(document, op)}/x-replaced-by: ${message}`,
      document,
    }));
}
