// What names a piece of this repository's history in text a user reads: a trial, a review or a
// session with its number. A user cannot look one up, so no published text (declarations, package
// READMEs, the docs site, the spec the mock ships) may carry one. Shared by spec:check's rule
// (scripts/spec/rules/descriptions.mjs) and the packaging and docs-site tests
// (test/packaging/repository-history.ts), so that they cannot drift apart.
//
// The number may follow after spaces, a JSDoc line break (`(user trial` then ` *   36, F2)`), a
// `#`, a hyphen or an underscore, or nothing: "trial 12", "Review #12", "review-82",
// "user-trial-60" (a spaces-only pattern passed all but the first).
export const REPOSITORY_HISTORY = /\b(?:trials?|sessions?|reviews?)[\s*#_-]*\d+/gi;
