// The runner: every rule of this folder over a list of bundled documents (each document's rules,
// then the rules across documents, the generator's refusals, and Spectral's last), with the YAML
// position of each finding (findings.mjs), in reading order (file, line, column), and the
// `x-source` assumptions. rules.mjs exports runAllChecks (test/spec) and runAllChecksAsync
// (spec:check and the generator, which run Spectral in a process of its own meanwhile).
import {
  generatorRefusals,
  refusalPosition,
  sourcePlacesIn,
} from "../../generate/lib/refusals.mjs";
import {
  ENUM_VALUE_TWICE,
  MARK_NOT_BOOLEAN,
  mistakeId,
  OPENAPI_META_SCHEMA,
} from "../../lib/mistake-ids.mjs";
import { byPosition } from "../../lib/spec-sources.mjs";
import { checkAreaConstants } from "./area-constants.mjs";
import { checkBoundProse } from "./bound-prose.mjs";
import { checkCosts } from "./costs.mjs";
import { checkAreaSentence, checkDescriptions, checkHistoryMentions } from "./descriptions.mjs";
import { checkEnumDescriptions } from "./enum-descriptions.mjs";
import { checkExamples, checkOpenApiExamplesPresent } from "./examples.mjs";
import { HTTP_WIRE, locateFinding } from "./findings.mjs";
import { refusalFinding } from "./generator-refusals.mjs";
import { checkListedErrors } from "./listed-errors.mjs";
import { checkOpenEnums } from "./open-enums.mjs";
import { checkOpenRpc } from "./openrpc.mjs";
import { checkOperationLists } from "./operation-lists.mjs";
import { checkOperationExtensions, checkOperationNames, listOperations } from "./operations.mjs";
import { checkParameterMembers } from "./parameter-members.mjs";
import { checkPathParameterNames } from "./path-parameters.mjs";
import { checkProvenance } from "./provenance.mjs";
import { checkReplacements } from "./replacements.mjs";
import { checkResultBounds } from "./result-bounds.mjs";
import { checkSchemaKeywords, checkSchemaRules } from "./schemas.mjs";
import { lintOpenApi, lintOpenApiAsync } from "./spectral.mjs";
import { checkStatusMarks } from "./status-marks.mjs";
import { checkU64Names } from "./u64-names.mjs";

/**
 * Every rule over `results`. `others` (spec:check --area): the bundles of the areas not selected,
 * which the cross-area rules (names unique per host, operationIds across areas) compare against.
 * `findings` are the rules' lines; `located` the same lines, in the same order, each led by the
 * YAML position of its place (see locateFinding; a refusal's, refusalPosition), as spec:check
 * prints them: both in reading order, by that position (byPosition).
 */
export function runAllChecks(results, { others } = {}) {
  const entries = ruleEntries(results, others);
  return withLint(entries, lintOpenApi(results, { ids: entries.ids }));
}

/**
 * {@link runAllChecks}, with Spectral (the slowest rule: a process of its own) running while the
 * others run here (`npm run generate` runs them all before it generates).
 */
export async function runAllChecksAsync(results, { others } = {}) {
  const ids = new Map();
  const linting = lintOpenApiAsync(results, { ids });
  // (Caught now: a failure of Spectral's while the other rules run is thrown by the await below.)
  linting.catch(() => {});
  const entries = ruleEntries(results, others, ids);
  return withLint(entries, await linting);
}

/** Every rule but Spectral's: the entries of the findings, the assumptions and the operations. */
function ruleEntries(results, others, ids = new Map()) {
  /** @type {{ text: string, document?: object, at?: string, located?: string }[]} */
  const entries = [];
  // A mistake two rules tell (a pattern the schema rule and the generator's [params-check] both
  // refuse, for each operation whose check reaches it) is one line, the first rule's: the rules
  // give such a finding its identity (`ids`, scripts/lib/mistake-ids.mjs), and the others of one
  // identity are left out.
  const told = new Set();
  const isNew = (id) => !id || (!told.has(id) && Boolean(told.add(id)));
  const add = (document, texts) =>
    entries.push(
      ...texts.filter((text) => isNew(ids.get(text))).map((text) => ({ text, document })),
    );
  const assumptions = [];
  const operations = [];
  // The identities of Spectral's meta-schema lines whose mistake a rule here tells, with what to
  // write (withLint leaves them out): at a status mark that is no boolean, at a parameter with a
  // member OpenAPI does not define, at a parameter the generator refuses for having no schema; and
  // its path-params lines of a misspelt path parameter, its line of an enum value listed twice.
  const metaSchemaTold = new Set();
  const all = others ? [...others, ...results] : results;
  for (const r of results) {
    const prov = checkProvenance(r);
    add(r, prov.findings);
    assumptions.push(...prov.items.filter((i) => i.source.startsWith("assumption")));
    // (A status mark that is no boolean is one mistake, which the marks rule tells with what to
    // write; the OpenRPC meta-schema's `should be boolean` there is left out, by its identity.)
    const marks = checkStatusMarks(r, { ids });
    const markIds = new Set(marks.map((text) => ids.get(text)).filter(Boolean));
    for (const id of markIds)
      metaSchemaTold.add(`${OPENAPI_META_SCHEMA}${id.slice(MARK_NOT_BOOLEAN.length)}`);
    if (r.kind === "openrpc")
      add(
        r,
        checkOpenRpc(r, { ids }).filter((text) => !markIds.has(ids.get(text))),
      );
    else add(r, checkOpenApiExamplesPresent(r));
    // (A field whose name says u64 and whose examples hold integers beyond 2^53 is one mistake:
    // said once, by the name rule, with the operations that use the field; by its identity.)
    const u64Names = checkU64Names(r, { ids });
    const named = new Set(u64Names.map((text) => ids.get(text)).filter(Boolean));
    add(
      r,
      checkExamples(r, { ids }).filter((text) => !named.has(ids.get(text))),
    );
    add(r, checkSchemaKeywords(r));
    // (An enum value twice: the schema rule's line, with what to write, stands for Spectral's.)
    const schemaRules = checkSchemaRules(r, { ids });
    for (const id of schemaRules.map((text) => ids.get(text)))
      if (id?.startsWith(`${ENUM_VALUE_TWICE} `)) metaSchemaTold.add(id);
    add(r, schemaRules);
    add(r, checkDescriptions(r));
    add(r, checkAreaSentence(r));
    add(r, checkHistoryMentions(r));
    add(r, checkOpenEnums(r));
    add(r, checkEnumDescriptions(r));
    add(r, checkCosts(r));
    // (A JSON-RPC area's plain-HTTP document: its area has an OpenRPC document too.)
    const plainHttp =
      r.kind === "openapi" && all.some((o) => o.area === r.area && o.kind === "openrpc");
    add(r, checkListedErrors(r, { plainHttp }));
    add(r, checkOperationExtensions(r));
    const parameterMembers = checkParameterMembers(r, { ids });
    for (const text of parameterMembers) metaSchemaTold.add(ids.get(text));
    // (Several members of one parameter: one line each, all of one identity.)
    entries.push(...parameterMembers.map((text) => ({ text, document: r })));
    // (A misspelt path parameter: one line, for Spectral's two; `metaSchemaTold` gets theirs.)
    add(r, checkPathParameterNames(r, { told: metaSchemaTold }));
    add(r, checkAreaConstants(r));
    add(r, marks);
    add(r, u64Names);
    add(r, checkBoundProse(r));
    add(r, checkResultBounds(r));
    operations.push(...listOperations(r));
  }
  // The rules over several documents: each line's document, by its area and the form of its place
  // (`#/methods/…` is a JSON-RPC method; `GET /path` a REST operation, Spectral's are OpenAPI's).
  const documentOf = (text, kind) => {
    const area = text.slice(0, text.indexOf(" "));
    const place = text.slice(area.length + 1);
    kind ??= place.startsWith("#/methods/") ? "openrpc" : HTTP_WIRE.test(place) ? "openapi" : kind;
    const candidates = all.filter((r) => r.area === area && (!kind || r.kind === kind));
    return candidates.length === 1 ? candidates[0] : undefined;
  };
  // (A JSON-RPC method name twice in an area is one mistake, which this rule tells with both
  // places: the generator's [operation-name] refusal of the name is left out.)
  for (const text of others
    ? checkOperationNames(all, { only: results.map((r) => r.area), ids })
    : checkOperationNames(results, { ids }))
    if (isNew(ids.get(text))) entries.push({ text, document: documentOf(text) });
  entries.push(...checkReplacements(results, all));
  entries.push(...checkOperationLists(results, all));
  // (Each refusal at the YAML position the generator gives it, by the same function; a bundle place
  // its message names, `also spec/dist/openrpc/das.json#/methods/0` or a schema its params check
  // reached, `#/components/schemas/GetAssetOptions`, told as the YAML one, as the generator does.)
  // (Where the generator refuses a parameter for having no schema, the identity of Spectral's
  // meta-schema lines there, which say it in other words: withLint leaves them out.)
  for (const r of oncePerPlace(generatorRefusals(results))) {
    if (r.rule === "parameter-schema")
      metaSchemaTold.add(mistakeId(OPENAPI_META_SCHEMA, r.area, r.at));
    if (r.code && !isNew(mistakeId(r.code, r.area, r.at))) continue;
    const document = results.find((d) => d.file === r.file);
    const text = refusalFinding({ ...r, message: sourcePlacesIn(r.message, document, all) });
    const position = refusalPosition(r, document);
    entries.push({ text, located: position ? `${position}: ${text}` : text });
  }
  return { entries, assumptions, operations, documentOf, ids, metaSchemaTold };
}

/**
 * The refusals with one of each mistake: the generator refuses a shared schema's mistake once per
 * operation whose result reaches it (`[u64-shape]`: a value uint64 in one branch and int64 in
 * another, in TokenInfo, refused for getAsset, getAssetBatch, getAssetsByOwner and
 * getAssetsByAuthority: four lines for one fix). Those of one area, rule, place and message are one
 * refusal, at that place, its message saying which operations reach it.
 */
function oncePerPlace(refusals) {
  const groups = new Map();
  for (const r of refusals) {
    const key = JSON.stringify([r.area, r.file, r.rule, r.at, r.message]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return [...groups.values()].map((group) => {
    const names = [...new Set(group.map((r) => r.name).filter((n) => n !== undefined))];
    if (names.length < 2) return group[0];
    const { name: _name, ...first } = group[0];
    return {
      ...first,
      message: `${first.message} (one mistake, refused for each of the ${names.length} operations that reach it: ${names.join(", ")})`,
    };
  });
}

/** The result of the rules: `ruleEntries`' with Spectral's lines (`lint`) last. */
function withLint({ entries, assumptions, operations, documentOf, ids, metaSchemaTold }, lint) {
  // A parameter without a schema is the [parameter-schema] refusal's to say, with what goes wrong
  // and what to write; Spectral's meta-schema says it too, in four lines about the branches of its
  // `oneOf` (`must have required property "content"`, `must not have unevaluated properties`, …),
  // which send the reader after `content`. Told by their identity (Spectral's rule and place, not
  // its words): its lines at the parameter's own members (`…/parameters/2/in`) stay.
  // The same for a status mark that is no boolean (`deprecated: "yes"`: the marks rule says what
  // the readers make of it and what to write, Spectral's line there only that it must be a
  // boolean) and a parameter's unknown member (Spectral's `must not have unevaluated properties`
  // names none).
  for (const text of lint) {
    if (metaSchemaTold.has(ids.get(text))) continue;
    entries.push({ text, document: documentOf(text, "openapi") });
  }
  for (const e of entries) e.located ??= locateFinding(e);
  const told = oncePerSharedPlace(entries);
  // (In reading order, file by file: the rules' order is no order a contributor fixes in.)
  told.sort((a, b) => byPosition(a.located, b.located));
  return {
    findings: told.map((e) => e.text),
    located: told.map((e) => e.located),
    assumptions,
    operations,
  };
}

/**
 * The entries with a mistake of a shared file (spec/schemas/*.yaml, copied into each area's bundle
 * that uses it) told once: the lines of several areas at one YAML position that say the same are
 * one line, at that position, naming the areas (`spec/schemas/common.yaml:9:7: das, wallet
 * #/components/schemas/Address/…: …`). One fix in the file fixes every area.
 */
function oncePerSharedPlace(entries) {
  const groups = new Map();
  const kept = [];
  for (const e of entries) {
    const area = e.text.slice(0, e.text.indexOf(" "));
    const at = e.located.endsWith(`: ${e.text}`)
      ? e.located.slice(0, -(e.text.length + 2))
      : undefined;
    if (!at || !area) {
      kept.push(e);
      continue;
    }
    const key = `${at}\n${e.text.slice(area.length)}`;
    const group = groups.get(key);
    if (group) group.push({ e, area });
    else {
      const fresh = [{ e, area }];
      groups.set(key, fresh);
      kept.push(fresh);
    }
  }
  return kept.flatMap((item) => {
    if (!Array.isArray(item)) return [item];
    const areas = [...new Set(item.map((g) => g.area))];
    // (One area's line twice, the sender's two documents, is spec:check's to say once.)
    if (areas.length < 2) return item.map((g) => g.e);
    const [{ e, area }] = item;
    const text = `${areas.sort().join(", ")}${e.text.slice(area.length)}`;
    const at = e.located.slice(0, -(e.text.length + 2));
    return [{ ...e, text, located: `${at}: ${text}` }];
  });
}
