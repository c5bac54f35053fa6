// The checks every bundled spec document must pass. Used by scripts/spec/check.mjs (a CLI for spec
// editors), by the generator (scripts/generate/index.mjs refuses a spec that breaks one) and by the
// tests (test/spec, test/generate, test/contract). Each check returns a list of findings
// ("<area> <JSON path>: <message>"); empty = pass. runAllChecks also gives each finding the YAML
// position of its place (`located`: "spec/schemas/asset.yaml:24:7: das
// #/components/schemas/Asset/…: …"), which spec:check prints.
//
// This file is the one entry point: the rules live in scripts/spec/rules/, one module per domain,
// each saying at its top what it checks and why. Where a rule lives:
//   provenance.mjs          x-source: seed, public-docs: … or assumption: <reason>
//   openrpc.mjs             the OpenRPC meta-schema, and what a method needs beyond it
//   operations.mjs          the operations of a document; x-pagination and the other operation
//                           extensions name what exists; method names and operationIds are unique
//   spectral.mjs            Spectral's lint of the OpenAPI documents (spec/.spectral.yaml)
//   parameter-members.mjs   an OpenAPI parameter's members are OpenAPI's (or x- extensions)
//   path-parameters.mjs     a misspelt path parameter: one line, with the name the path has
//   examples.mjs            the spec's ajv; every example and default passes its schema
//   integers.mjs            the u64 / i64 / ±(2^53−1) ranges (decision 0005)
//   costs.mjs               x-cost and x-rate-limit
//   listed-errors.mjs       the errors every REST operation and JSON-RPC method lists
//   area-constants.mjs      tip accounts, minimum tips and regions, and base58
//   status-marks.mjs        deprecated, x-replaced-by, x-beta, x-deprecated
//   replacements.mjs        the operations and packages an x-replaced-by names exist, and are
//                           not deprecated themselves
//   operation-lists.mjs     an info.description that lists the area's operations names every one;
//                           the "These N (…) are the … methods" sentence counts the spec's
//   u64-names.mjs           a field named like a u64 (lamports, amount, supply…) is a u64
//   bound-prose.mjs         prose that repeats a bound agrees with the schema keyword
//   bound-phrases.mjs       (how bound-prose reads prose: the phrases, and what they are about)
//   result-bounds.mjs       a result bound that follows a request bound (a page's items and its
//                           limit, a batch and its ids) has its value
//   schemas.mjs             the JSON Schema subset, x-pattern-description, each schema's own rules
//   descriptions.mjs        a description on every schema and property; the area's one
//                           sentence fits the docs card; no text names the repository's history
//   open-enums.mjs          an open enum's open branch takes its known values
//   enum-descriptions.mjs   a description that lists an enum's values names each and no other
//   generator-refusals.mjs  what `npm run generate` would refuse, as findings
//   run.mjs                 runAllChecks: every rule; their findings in reading order
//   findings.mjs            the YAML position of a finding
//   schema-walk.mjs         (shared: JSON pointers, $refs, every schema, property paths)
export { checkAreaConstants, base58Bytes } from "./rules/area-constants.mjs";
export { checkBoundProse } from "./rules/bound-prose.mjs";
export { checkCosts } from "./rules/costs.mjs";
export { checkDescriptions } from "./rules/descriptions.mjs";
export { checkEnumDescriptions } from "./rules/enum-descriptions.mjs";
export {
  checkExamples,
  checkOpenApiExamplesPresent,
  makeAjv,
  toAjvSchema,
} from "./rules/examples.mjs";
export { findingPointer, locateFinding } from "./rules/findings.mjs";
export { checkGeneratorRefusals } from "./rules/generator-refusals.mjs";
export { integerRangeProblem } from "./rules/integers.mjs";
export { checkListedErrors } from "./rules/listed-errors.mjs";
export { checkOpenEnums } from "./rules/open-enums.mjs";
export { checkOpenRpc } from "./rules/openrpc.mjs";
export {
  checkOperationLists,
  coverageSentenceProblems,
  gapMessage,
  listGaps,
  nameParts,
} from "./rules/operation-lists.mjs";
export {
  checkOperationExtensions,
  checkOperationNames,
  listOperations,
} from "./rules/operations.mjs";
export { checkProvenance } from "./rules/provenance.mjs";
export { checkReplacements, replacementProblems } from "./rules/replacements.mjs";
export { checkResultBounds, resultBoundTies } from "./rules/result-bounds.mjs";
export { runAllChecks, runAllChecksAsync } from "./rules/run.mjs";
export { forEachSchema } from "./rules/schema-walk.mjs";
export { checkSchemaKeywords, checkSchemaRules } from "./rules/schemas.mjs";
export { lintOpenApi, lintOpenApiAsync } from "./rules/spectral.mjs";
export { checkStatusMarks } from "./rules/status-marks.mjs";
export { checkU64Names } from "./rules/u64-names.mjs";
