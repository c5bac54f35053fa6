// What names a piece of this repository's history in text a user reads (the pattern lives in
// scripts/lib/repository-history.mjs, which spec:check reads too), and the forms it must and must
// not catch. Shared by the packaging and the docs-site checks so that they cannot drift apart.
// @ts-expect-error — plain ESM scripts without type declarations
export { REPOSITORY_HISTORY } from "../../scripts/lib/repository-history.mjs";

// Forms each check must catch; the checks assert their pattern against these, so a narrowing of
// the pattern fails there and not only when a leak ships.
export const HISTORY_EXAMPLES = [
  "user trial 7",
  "(user trial\n *   36, F2)",
  "reviews 80 and 81",
  "Review #12",
  "trial #12",
  "review-82",
  "user-trial-60",
  "session_29",
  "Trial12",
];

// Ordinary prose the pattern must leave alone.
export const NOT_HISTORY = [
  "a trial run of 2 calls",
  "the session, 3 retries later",
  "reviewed 12 times",
  "a free-trial key",
];
