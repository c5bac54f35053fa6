// Bound prose (spec/README.md "Changing a bound"): where a description repeats a bound ("up to
// 1,000 ids", "1 to 100 entries", "at most 44 characters"), its numbers are the schema keyword's
// (`maxItems`, `minLength`, `maximum`…), and a page walk's echo of its `page` or `limit` param
// carries the param's bounds. A bound changed in one place and not the other would have the docs
// promise what the SDK's checks refuse, or the reverse. Which phrases state a bound, and of which
// value, is bound-phrases.mjs'; this module holds the rule (checkBoundProse), which walks every
// request value, shared prose and bounded schema, and what it says where the numbers disagree.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { decodeSegment } from "../../lib/spec-sources.mjs";
import {
  boundPhrases,
  comparativeCounts,
  followingWords,
  MEMBER_NOUNS,
  namedValue,
  ownPhraseIsAbout,
  phraseIsAbout,
  sameNoun,
  statesAnother,
  unitFits,
} from "./bound-phrases.mjs";
import { exactValue, isNum } from "./integers.mjs";
import { listOperations, operationPath } from "./operations.mjs";
import { boundsLeavingNoValue, regexProblem } from "./schemas.mjs";
import { derefAt, forEachSchema, propertyAt, schemaTypes } from "./schema-walk.mjs";

// The bound keywords of a request schema (the exclusive forms are refused there: [params-check]),
// by the kind of value: [lower, upper].
const BOUND_KEYWORDS = {
  array: ["minItems", "maxItems"],
  string: ["minLength", "maxLength"],
  number: ["minimum", "maximum"],
};
const ALL_BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
];

/**
 * The schema that holds a request value's bounds (through $refs; of its one bounded anyOf/oneOf
 * branch, a nullable one's) and its path, with the kind of value they bound, or undefined when it
 * can have none. A string, an array or a number without a bound keyword is one too (`unbounded`):
 * a bound its prose states is then one the schema, and so the SDK's checks, do not enforce. (Of
 * its anyOf/oneOf branches, the one of a kind, a nullable one's.)
 */
function boundedSchema(doc, schema, at, depth = 0) {
  const [s, sAt] = derefAt(doc, schema, at);
  if (!s || typeof s !== "object" || depth > 10) return undefined;
  const types = [s.type].flat();
  const typed =
    types.includes("array") || s.items
      ? "array"
      : types.includes("string")
        ? "string"
        : types.includes("integer") || types.includes("number")
          ? "number"
          : undefined;
  if (ALL_BOUNDS.some((k) => isNum(s[k]))) return { schema: s, at: sAt, kind: typed ?? "number" };
  for (const key of ["anyOf", "oneOf"]) {
    const found = (s[key] ?? [])
      .map((b, i) => boundedSchema(doc, b, `${sAt}/${key}/${i}`, depth + 1))
      .filter(Boolean);
    const bounded = found.filter((b) => !b.unbounded);
    if (bounded.length === 1) return bounded[0];
    if (!bounded.length && found.length === 1) return found[0];
  }
  return typed && { schema: s, at: sAt, kind: typed, unbounded: true };
}

/**
 * A number as prose writes it (`1,000`), as a number; beyond ±(2^53−1) as the exact bigint (a u64
 * bound, "at most 18446744073709551615", is not u64::MAX + 1, as a double would read it).
 */
const proseValue = (written) => {
  const digits = written.replace(/,/g, "");
  return Number.isSafeInteger(Number(digits)) ? Number(digits) : BigInt(digits);
};
/**
 * Bound `key` of schema `s`: a number, or the exact bigint beyond ±(2^53−1) (the bundled doc holds
 * such an integer rounded: bundle.mjs exactInteger).
 */
const boundValue = (s, key) => {
  const value = exactValue(s, key);
  return typeof value === "bigint" && Number.isSafeInteger(Number(value)) ? Number(value) : value;
};
/** Whether two bounds are one number, a bigint and a number compared exactly. */
const sameNumber = (a, b) =>
  a === b || (isNum(a) && isNum(b) && typeof a !== typeof b && !(a < b) && !(a > b));
/** `n` as prose writes it, with thousands separators where `like` has them. */
const proseNumber = (n, like) => (like.includes(",") ? n.toLocaleString("en-US") : String(n));

// A pattern that is one run of one character (a class, an escape or a literal), with a quantifier
// or none: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" (Address) allows 32 to 44 characters.
const ONE_RUN =
  /^\^(\[(?:\\.|[^\]\\])+\]|\\.|[^\\[\](){}|^$*+?])(?:\{(\d+)(,?)(\d*)\}|([+*?]))?\$$/;

/**
 * A `pattern` that is one run of one character (ONE_RUN) as { character, minLength, maxLength }
 * (`character` as written: `[1-9A-HJ-NP-Za-km-z]`; maxLength undefined where any length above the
 * minimum passes); undefined for any other pattern. Two of one `character` accept the same strings
 * where their lengths agree, and one accepts all the other does where its lengths hold the other's:
 * spec:diff compares patterns so (scripts/spec/diff.mjs, patternRule).
 */
export function patternRun(pattern) {
  const m = typeof pattern === "string" ? ONE_RUN.exec(pattern) : null;
  if (!m) return undefined;
  const [, character, min, comma, max, sign] = m;
  if (min !== undefined)
    return {
      character,
      minLength: Number(min),
      maxLength: comma ? (max ? Number(max) : undefined) : Number(min),
    };
  if (sign === "+") return { character, minLength: 1, maxLength: undefined };
  if (sign === "*") return { character, minLength: 0, maxLength: undefined };
  return { character, minLength: sign === "?" ? 0 : 1, maxLength: 1 };
}

/**
 * The lengths a string's `pattern` allows, { minLength, maxLength } (undefined where it allows
 * any), where it is one run of one character (ONE_RUN); undefined for any other pattern. Such a
 * pattern bounds the length as the keywords do: prose that states its lengths states enforced
 * bounds.
 */
function patternLengths(pattern) {
  const run = patternRun(pattern);
  return run && { minLength: run.minLength, maxLength: run.maxLength };
}

/**
 * The bound `key` of `bounded` (boundedSchema): { has (the number, or undefined where it has
 * none), pattern (it is the string's pattern's: patternLengths) }. An array or a string without
 * minItems / minLength has 0 as its lower bound.
 */
function boundOf(bounded, key) {
  const s = bounded.schema;
  if (isNum(s[key])) return { has: boundValue(s, key) };
  const lengths = bounded.kind === "string" ? patternLengths(s.pattern) : undefined;
  if (lengths?.[key] !== undefined) return { has: lengths[key], pattern: true };
  const lower = key === BOUND_KEYWORDS[bounded.kind][0];
  return { has: lower && bounded.kind !== "number" ? 0 : undefined };
}

/**
 * Whether the bounds of `bounded` are ones the schema rules refuse (checkSchemaRules tells each),
 * so that prose cannot be held to them: a pattern that does not compile, whose lengths cannot be
 * read (every phrase of a length would be told wrong), or bound keywords no value passes: a lower
 * one above the upper (the prose would be told to say "1001 to 1,000"), or an integer's with no
 * whole number between them ("0.2 to 0.8").
 */
function unreadableBounds(bounded) {
  const s = bounded.schema;
  if (bounded.kind === "string" && s.pattern !== undefined && regexProblem(s.pattern)) return true;
  return boundsLeavingNoValue(s).length > 0;
}

/**
 * Where a bound phrase disagrees with the schema keywords of the value it is about, what to say, or
 * undefined: `bounded` is { schema, at, kind } (boundedSchema).
 */
function phraseProblem(p, bounded) {
  const [lowerKey, upperKey] = BOUND_KEYWORDS[bounded.kind];
  if (unreadableBounds(bounded)) return undefined;
  const wrong = [];
  const stated = (key, written) => {
    const want = proseValue(written);
    const { has, pattern } = boundOf(bounded, key);
    if (!sameNumber(has, want)) wrong.push({ key, written, has, pattern });
  };
  if (p.kind === "over" || p.kind === "under") return claimProblem(p, bounded);
  if (p.kind === "range") {
    stated(lowerKey, p.numbers[0]);
    stated(upperKey, p.numbers[1]);
  } else stated(p.kind === "lower" ? lowerKey : upperKey, p.numbers[0]);
  if (!wrong.length) return undefined;
  // (A bound the schema does not have at all: `report` takes it only from a phrase about the
  // value.)
  const missing = wrong.some(({ has }) => has === undefined);
  const keywords = wrong
    .map(({ key, has, pattern }) =>
      has === undefined ? `no ${key}` : `${key}: ${has}${pattern ? " (by its pattern)" : ""}`,
    )
    .join(" and ");
  const prose = wrong.every(({ has }) => has !== undefined)
    ? wrong.reduce(
        (phrase, { written, has }) => phrase.replace(written, proseNumber(has, written)),
        p.phrase,
      )
    : undefined;
  const keyword = wrong.map(({ key, written }) => `${key}: ${proseValue(written)}`).join(", ");
  // (A length its pattern bounds changes with the pattern: a looser maxLength would not loosen it.)
  const there = wrong.some(({ pattern }) => pattern)
    ? `the pattern's lengths (${keyword})`
    : keyword;
  return {
    missing,
    keywords,
    instead: prose
      ? `write "${prose}" here, or ${there} there`
      : `give the schema ${keyword} (a bound is a schema keyword, never only prose), or change the prose`,
  };
}

/**
 * Where a claim that more (`over`) or fewer (`under`) than a number pass ("accepts more than 1000
 * ids") is refused by the bound keyword of the value it is about, what to say, or undefined: an
 * upper bound at or below the number, a lower bound at or above it (an array's or a string's 0
 * where it has none). A value without the keyword leaves room for the claim.
 */
function claimProblem(p, bounded) {
  const [lowerKey, upperKey] = BOUND_KEYWORDS[bounded.kind];
  const over = p.kind === "over";
  const key = over ? upperKey : lowerKey;
  const written = p.numbers[0];
  const n = proseValue(written);
  const { has } = boundOf(bounded, key);
  if (has === undefined || (over ? has > n : has < n)) return undefined;
  const comparative = /\b(?:more|fewer|less)\s+than\s+\S+$/i;
  const prose = p.phrase.replace(
    comparative,
    `${over ? "up to" : "at least"} ${proseNumber(has, written)}`,
  );
  return {
    missing: false,
    keywords: `${key}: ${has} (${over ? "more" : "fewer"} than ${has} are refused)`,
    instead: `write "${prose}" here, or a ${key} ${over ? "above" : "below"} ${n} there`,
  };
}

/**
 * The prose that repeats a bound agrees with its schema keyword (spec/README.md "Changing a
 * bound"), and the result's echo of a page walk's bounded params carries the same bounds:
 * - a bound phrase ("up to 1,000", "at most 100", "maximum 1000", "1 to 1,000", "0-100",
 *   "between 1 and 10", "≤ 100", "at least 1", a refused or negated "more than 100" / "fewer than
 *   2": COMPARATIVE) in the description of a
 *   bounded request value (a JSON-RPC param or query option, a REST parameter or body property,
 *   and their object properties, and the schema a $ref names), or of any other bounded schema
 *   (a result's, a shared one's, one only an x-all-of rule names), is about that value; in the
 *   operation's summary or description, or the request body's description, one is about a
 *   top-level request value when `phraseIsAbout` says so (its name right before, or one of its
 *   words just after the number: its name's, an array's description's first noun phrase's,
 *   "entries" of the operation's only array), or, in the body's description, when it is followed
 *   by no word and the body has that one property; in the area's info.description, one is about
 *   the request values `phraseIsAbout` says, of any operation, and held to each of their bounded
 *   schemas. Its numbers must be the value's `maxItems` / `maxLength` / `maximum` (and `minItems` /
 *   `minLength` / `minimum` for a range or a lower bound), where its unit fits (`unitFits`:
 *   characters a string's, bytes no string's or array's; of a string, a phrase of no unit only
 *   where it is about it, which in its own description a bare one is: `ownPhraseIsAbout`; a
 *   length with "each" / "per" / "apiece", a count of tries, a rate are no bound). A comparative
 *   is held to a value only where it counts it (`comparativeCounts`), in its own description too.
 *   A keyword the value lacks is a finding where the phrase is about the value, also of a string,
 *   an array or a number with no bound keyword at all (prose promises a bound nothing enforces);
 *   a string's `pattern` of one run (`^[…]{32,44}$`) bounds its length as the keywords do
 *   (`patternLengths`). In a page size's own description (a count: namedValue) the noun after the
 *   number is what it counts ("Returns at most 1000 items per page" states its maximum); in
 *   another value's, a phrase per one of its own units ("1,000 assets per page" in `page`'s)
 *   is no bound of it. In shared prose, a phrase its words tie to a bounded value too states
 *   that one's bound (`statesAnother`). A claim that more (fewer) than N pass ("accepts more
 *   than 1000 ids") must leave room: no `maxItems` ≤ N (`minItems` ≥ N). A phrase about
 *   nothing, or about a value that takes no bound (`showNfts`, a boolean: "at most 100" NFTs),
 *   is left alone.
 * - a page walk (`x-pagination`) whose result echoes its `page` or `limit` param (`echoedPage` /
 *   `echoedLimit`, or a top-level result property of the param's name: DAS's `limit` and `page`)
 *   gives the echo the param's bound keywords, the same values.
 */
export function checkBoundProse(r) {
  const { area, kind, doc } = r;
  // The lines to say, by their place, phrase and message: { at, phrase, said, names (the values
  // the prose was held for) }, or an echo's { text }.
  const findings = new Map();
  // The descriptions already held to a request value's bounds (by `ownProse`, naming the value),
  // which the pass over every schema (`schemaProse`) leaves alone.
  const checked = new Set();
  // Every operation's top-level bounded request values, [{ value, bounded }]: what an area's
  // info.description can be about.
  const requestValues = [];
  const described = (node, at) => ({ text: node?.description, at: `${at}/description` });
  // (A phrase that states a bound the value's schema lacks is a finding only where it is about
  // the value, `about`, even in the value's own description: "At most 1,000 assets come per
  // page" in `page`'s is about the assets, and no `maximum` of `page`. One whose unit is not what
  // the keyword counts, `unitFits`, is about something else: "at most 1,232 bytes" of base58 text.)
  // (A string's own noun after the number, without characters, counts strings, not its
  // characters: "up to 100 addresses" is no length of an `address`.)
  // (In a value's own description, a phrase that counts per one of the value's own units states
  // what one of them holds, not the value: "At most 1,000 assets come per page" in `page`'s. Of a
  // count (a page size, `pageSize`), that is the value: "at most 1000 items per page".)
  const report = (at, p, value, bounded, about, own = false, shown = value.name) => {
    if (p.comparative && !comparativeCounts(p, value, about, own)) return;
    if (own && p.per && !value.count && value.words.some((n) => sameNoun(p.per, n))) return;
    if (about === "words" && bounded.kind === "string" && p.unit !== "length") about = false;
    if (own && !about) about = ownPhraseIsAbout(p, bounded, value);
    if (!unitFits(p, bounded, about)) return;
    const problem = phraseProblem(p, bounded);
    if (!problem || (problem.missing && !about)) return;
    const said = `disagrees with ${bounded.at}: ${problem.keywords}; ${problem.instead} (a changed bound changes both: spec/README.md "Changing a bound")`;
    // (Prose reached by several values is one mistake: one line at the prose, naming them all.)
    const key = JSON.stringify([at, p.phrase, said]);
    if (!findings.has(key)) findings.set(key, { at, phrase: p.phrase, said, names: [] });
    const { names } = findings.get(key);
    if (!names.includes(shown)) names.push(shown);
  };
  for (const op of listOperations(r)) {
    const o = op.operation;
    const opAt = operationPath(r, op);
    const pathAt = kind === "openapi" ? `#/paths/${pointerSegment(op.path)}` : undefined;
    // The request values: [{ name, node (the param / property), at (its path), schema, schemaAt,
    // only (a request body's one property), value (namedValue, where it has a name and a schema)
    // }].
    const inputs = [];
    // (The body's descriptions, `body: true`: a bare phrase there is about a body of one property.)
    const prose = [
      { text: o.summary, at: `${opAt}/summary` },
      { text: o.description, at: `${opAt}/description` },
    ];
    const param = (p, at) =>
      inputs.push({ name: p?.name, node: p, at, schema: p?.schema, schemaAt: `${at}/schema` });
    if (kind === "openrpc") {
      (o.params ?? []).forEach((p, i) => param(p, `${opAt}/params/${i}`));
      (o["x-query-params"] ?? []).forEach((p, i) => param(p, `${opAt}/x-query-params/${i}`));
    } else {
      const list = [
        ...(doc.paths[op.path].parameters ?? []).map((p, i) => [p, `${pathAt}/parameters/${i}`]),
        ...(o.parameters ?? []).map((p, i) => [p, `${pathAt}/${op.method}/parameters/${i}`]),
      ];
      for (const [raw, rawAt] of list) param(...derefAt(doc, raw, rawAt));
      const [body, bodyAt] = derefAt(doc, o.requestBody, `${pathAt}/${op.method}/requestBody`);
      prose.push({ ...described(body, bodyAt), body: true });
      const media = body?.content?.["application/json"];
      if (media?.schema) {
        const [s, sAt] = derefAt(doc, media.schema, `${bodyAt}/content/application~1json/schema`);
        prose.push({ ...described(s, sAt), body: true });
        const properties = Object.entries(s?.properties ?? {});
        for (const [name, property] of properties) {
          const at = `${sAt}/properties/${pointerSegment(name)}`;
          const only = properties.length === 1;
          inputs.push({ name, node: property, at, schema: property, schemaAt: at, only });
        }
      }
    }
    for (const input of inputs)
      if (typeof input.name === "string" && input.schema)
        input.value = namedValue(doc, input.name, input.node, input.schema);
    const named = inputs.filter((i) => i.value);
    // The operation's only array request value (a batch: DAS's `ids`, the wallet's `addresses`) is
    // what its "entries" are; an `x-params: array` method's one param is the wire `params`.
    const arrays = named.filter((i) => schemaTypes(doc, i.schema).has("array"));
    if (arrays.length === 1) arrays[0].value.words.push(...MEMBER_NOUNS);
    if (kind === "openrpc" && o["x-params"] === "array" && named.length === 1)
      named[0].value.names.push("params");
    // A page walk's `limit` param counts its page's items, whatever its name says.
    const walkLimit = o["x-pagination"]?.limit;
    for (const input of named) if (input.name === walkLimit) input.value.count = true;
    // A value's own descriptions (its param's or property's, and its schema's), and those of its
    // object properties at any depth (an array's items' too): every phrase there is about it.
    const ownProse = (value, node, nodeAt, schema, schemaAt, depth = 0) => {
      if (depth > 6 || !schema || typeof schema !== "object") return;
      const bounded = boundedSchema(doc, schema, schemaAt);
      const [s, sAt] = derefAt(doc, schema, schemaAt);
      const texts = [described(node, nodeAt)];
      // (A named schema's own description, reached by $ref, is held for each value that names it
      // (Address's for every param typed as an address, in each area that has one), and told by
      // the schema's name: one line for them all, which spec:check tells once for every area.)
      if (s !== node)
        texts.push({
          ...described(s, sAt),
          shown: sAt.startsWith("#/components/") ? schemaName(sAt) : undefined,
        });
      for (const { at } of texts) checked.add(at);
      if (bounded)
        for (const { text, at, shown } of texts)
          if (typeof text === "string")
            for (const p of boundPhrases(text))
              report(at, p, value, bounded, phraseIsAbout(text, p, value), true, shown);
      const holders = [[s, sAt]];
      if (s?.items && typeof s.items === "object")
        holders.push(derefAt(doc, s.items, `${sAt}/items`));
      for (const [holder, holderAt] of holders)
        for (const [n, property] of Object.entries(holder?.properties ?? {})) {
          const at = `${holderAt}/properties/${pointerSegment(n)}`;
          ownProse(namedValue(doc, n, property, property), property, at, property, at, depth + 1);
        }
    };
    const values = named.map((input) => ({
      input,
      value: input.value,
      bounded: boundedSchema(doc, input.schema, input.schemaAt),
    }));
    for (const { input, value, bounded } of values) {
      ownProse(value, input.node, input.at, input.schema, input.schemaAt);
      if (!bounded) continue;
      requestValues.push({ value, bounded });
      // In the body's description, a bound phrase followed by no word ("(1 to 100)") is about a
      // body of one property.
      const bare = (text, p, body) => body && input.only && !followingWords(text, p.end).length;
      for (const { text, at, body } of prose)
        if (typeof text === "string")
          for (const p of boundPhrases(text)) {
            const about = phraseIsAbout(text, p, value) || bare(text, p, body);
            if (about && !statesAnother(text, p, value, bounded, about, values))
              report(at, p, value, bounded, about);
          }
    }
    // The result's echoes of the walk's page and limit.
    const walk = o["x-pagination"];
    if (!walk || typeof walk !== "object") continue;
    let result;
    if (kind === "openrpc") result = o.result?.schema && [o.result.schema, `${opAt}/result/schema`];
    else
      for (const [status, raw] of Object.entries(o.responses ?? {})) {
        if (!status.startsWith("2") || result) continue;
        const [res, resAt] = derefAt(
          doc,
          raw,
          `${pathAt}/${op.method}/responses/${pointerSegment(status)}`,
        );
        const schema = res?.content?.["application/json"]?.schema;
        if (schema) result = [schema, `${resAt}/content/application~1json/schema`];
      }
    if (!result) continue;
    for (const [key, echoKey] of [
      ["page", "echoedPage"],
      ["limit", "echoedLimit"],
    ]) {
      const input = inputs.find((i) => i.name === walk[key]);
      if (!input) continue;
      const path = typeof walk[echoKey] === "string" ? walk[echoKey] : input.name;
      const echo = propertyAt(doc, result[0], path, result[1]);
      // (One that is no number is checkOperationExtensions' finding: x-pagination.echoedPage.)
      const numeric = (t) => t === "integer" || t === "number";
      if (!echo || ![...schemaTypes(doc, echo.schema)].some(numeric)) continue;
      const [param, paramAt] = derefAt(doc, input.schema, input.schemaAt);
      const [e] = derefAt(doc, echo.schema, echo.at);
      const list = (s) =>
        ALL_BOUNDS.filter((k) => isNum(s?.[k]))
          .map((k) => `${k}: ${boundValue(s, k)}`)
          .join(", ") || "none";
      // (A param whose bounds leave no value is checkSchemaRules' finding: the echo is not told
      // to copy them.)
      if (list(param) !== list(e) && !boundsLeavingNoValue(param ?? {}).length) {
        const echoText = `${area} ${echo.at}: echoes the ${key} param ${input.name} of ${op.id} (${typeof walk[echoKey] === "string" ? `x-pagination.${echoKey}` : "the same name"}), but its bounds differ: ${list(e)} here, ${list(param)} at ${paramAt}; give it the param's bound keywords (the two are one value)`;
        findings.set(echoText, { text: echoText });
      }
    }
  }
  // Every other bounded schema's own description (a result's, a shared one's, one that only an
  // x-all-of rule names: Base58Transaction), with its name: every phrase there is about it, as in
  // a request value's.
  const schemaProse = (schema, at) => {
    const { text, at: textAt } = described(schema, at);
    if (typeof text !== "string" || checked.has(textAt)) return;
    checked.add(textAt);
    const bounded = boundedSchema(doc, schema, at);
    if (!bounded) return;
    const value = namedValue(doc, schemaName(at), schema, schema);
    for (const p of boundPhrases(text))
      report(textAt, p, value, bounded, phraseIsAbout(text, p, value), true);
  };
  forEachSchema(doc, schemaProse);
  // (The schemas an x-all-of rule gives a param inline: forEachSchema walks no x-all-of.)
  if (kind === "openrpc")
    (doc.methods ?? []).forEach((m, i) => {
      const rules = Array.isArray(m?.["x-all-of"]) ? m["x-all-of"] : [];
      rules.forEach((rule, j) => {
        for (const branch of ["then", "else"])
          for (const [n, s] of Object.entries(rule?.[branch]?.properties ?? {}))
            if (s && typeof s === "object")
              schemaProse(
                s,
                `#/methods/${i} (${m.name})/x-all-of/${j}/${branch}/properties/${pointerSegment(n)}`,
              );
      });
    });
  // The area's info.description: a phrase is about the request values it names (phraseIsAbout) of
  // whichever operation, and is held to each schema those have, once a schema (createWebhook's and
  // updateWebhook's accountAddresses are both WatchedAddresses): an area's prose states what every
  // value it names takes, so one of them that takes another bound is a finding.
  const info = doc.info?.description;
  if (typeof info === "string")
    for (const p of boundPhrases(info)) {
      const schemas = new Set();
      for (const { value, bounded } of requestValues)
        if (!schemas.has(bounded.at)) {
          const about = phraseIsAbout(info, p, value);
          if (!about || statesAnother(info, p, value, bounded, about, requestValues)) continue;
          schemas.add(bounded.at);
          report("#/info/description", p, value, bounded, about);
        }
    }
  return [...findings.values()].map(
    ({ text, at, phrase, said, names }) =>
      text ?? `${area} ${at}: "${phrase}" (of ${names.join(", ")}) ${said}`,
  );
}

/**
 * The name a schema goes by at the JSON path `at`: its property's or its component's, the nearest
 * up its path (`nfts` of …/WalletBalancesResponse/properties/nfts/items), or "the schema".
 */
function schemaName(at) {
  const segments = at.split("/");
  for (let i = segments.length - 1; i > 1; i--)
    if (
      segments[i - 1] === "properties" ||
      (segments[i - 1] === "schemas" && segments[i - 2] === "components")
    )
      return decodeSegment(segments[i]);
  return "the schema";
}
