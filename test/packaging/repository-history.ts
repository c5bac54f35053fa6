// What names a piece of this repository's history in text a user reads: a trial, a review or a
// session with its number. A user cannot look one up, so no published text (declarations, package
// READMEs, the docs site, the spec the mock ships) may carry one. Shared by the packaging and the
// docs-site checks so that the two cannot drift apart.
//
// The number may follow after spaces, a JSDoc line break (`(user trial` then ` *   36, F2)`), a
// `#`, a hyphen or an underscore, or nothing: "trial 12", "Review #12", "review-82",
// "user-trial-60" (review 82, F3: the spaces-only pattern passed all but the first).
export const REPOSITORY_HISTORY = /\b(?:trials?|sessions?|reviews?)[\s*#_-]*\d+/gi;

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
