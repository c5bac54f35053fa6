// An area's tool input schemas (src/generated/tool-schemas.ts, the `./tool-schemas` subpath
// export): per operation `<name>Tool = { name, description, inputSchema }`, for an AI agent's or
// MCP server's tool list (decision 0020). `inputSchema` is a self-contained JSON Schema (2020-12)
// of the params argument the SDK function takes, built from the same schema its compiled check is
// (operations.mjs paramsSchema / inputSchema), so the two agree
// (test/generate/tool-schemas.test.ts): `$ref`s inlined, `x-*`, `examples` and `title` dropped
// (tokens: a model reads every one), `x-pattern-description` said in the description, the rules
// between params kept as `dependentSchemas` / `if`-`then`-`else` and said in words in the
// description of each property they name (some model APIs' strict modes drop those keywords). The
// module imports only core's `deepFreeze` and, for a list of values two areas share (the 572
// transaction types), core's `./known-values` list itself rather than a copy of it; the package's
// main entry never imports the module: no call bundle carries it.
import {
  areaStatusTags,
  banner,
  descriptionParagraphs,
  docComment,
  literal,
  operationStatusTags,
} from "./lib/emit.mjs";
import { enumValueNames } from "./core-files.mjs";
import { inputSchema, operationsOf, paramsSchema, paramsShape } from "./lib/operations.mjs";
import { placed, placeOf } from "./lib/places.mjs";
import { sourcePlacesIn } from "./lib/refusals.mjs";
import { camel, resolveRef } from "./lib/schema.mjs";

// The SDK's integer checks take a safe-integer number (or, for a u64, a bigint, which JSON cannot
// give): a tool's arguments come from JSON, so every integer is held to ±(2^53 - 1).
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// Keywords a tool schema leaves out: spec annotations a model needs not read (`title`: the name of
// a component; `examples`: tokens), and formats JSON Schema does not define (a validator in strict
// mode refuses them; the bound says what `uint64` did).
const DROPPED = new Set(["title", "examples", "example", "$comment"]);
const WIDE_FORMATS = new Set(["uint64", "int64"]);
// The keywords whose value is a map of schemas, and those whose value is one schema or a list.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas", "$defs"]);
const SCHEMA_VALUED = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
]);
const SCHEMA_LISTS = new Set(["anyOf", "allOf", "oneOf", "prefixItems"]);
// Keywords that make a schema without a `type` an object's: the SDK's check holds such a value to
// an object (validator.mjs), so the tool schema says `type: "object"` (and strict validators ask
// for it).
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties", "dependentSchemas"];
// Annotations that may stand beside a `$ref` and be merged into its target's copy.
const REF_SIBLINGS = new Set(["description", "default", "deprecated", "readOnly", "writeOnly"]);

const isIntegerSchema = (s) => [s.type].flat().includes("integer");
const sentence = (text) => {
  const t = String(text).trim();
  return /[.!?:]$/.test(t) ? t : `${t}.`;
};

// The `$ref` each inlined copy came from, to name a part the tools share after its component.
const inlinedFrom = new WeakMap();
const inlined = (copy, ref) => {
  if (copy && typeof copy === "object") inlinedFrom.set(copy, ref);
  return copy;
};

/**
 * A self-contained copy of `schema` (of the bundled `doc`) for a tool. `where`: its place, for the
 * error on a `$ref` cycle (a tool schema has no `$ref`s, and none of the inputs is recursive: a
 * cycle is refused rather than cut, which would lose the checks below it).
 */
export function toolSchema(doc, schema, where, stack = []) {
  if (schema === true || schema === false || schema === null || typeof schema !== "object")
    return schema;
  if (Array.isArray(schema))
    return schema.map((s, i) => toolSchema(doc, s, `${where}/${i}`, stack));
  if (schema.$ref) {
    if (stack.includes(schema.$ref))
      throw new Error(
        `${where}: ${schema.$ref} leads back to itself; a tool schema inlines every $ref, so a recursive input needs $defs in scripts/generate/tool-schemas.mjs`,
      );
    const { $ref, ...siblings } = schema;
    const inner = [...stack, $ref];
    // (The place below a `$ref` keeps the way there, `getAsset params/properties/options →
    // #/components/schemas/GetAssetOptions/…`: the pointer alone named no operation.)
    const target = `${where} → ${$ref}`;
    // (Annotations beside a `$ref` override the target's, its `x-pattern-description` still said;
    // anything else is a second schema the value must also pass.)
    if (Object.keys(siblings).every((k) => REF_SIBLINGS.has(k) || k.startsWith("x-")))
      return inlined(
        toolSchema(doc, { ...resolveRef(doc, $ref), ...siblings }, target, inner),
        $ref,
      );
    return {
      allOf: [inlined(toolSchema(doc, resolveRef(doc, $ref), target, inner), $ref)],
      ...toolSchema(doc, siblings, where, stack),
    };
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith("x-")) continue;
    if (key === "deprecated" && value === false) continue;
    if (key === "format" && WIDE_FORMATS.has(value)) continue;
    if (SCHEMA_MAPS.has(key))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          toolSchema(doc, v, `${where}/${key}/${k}`, stack),
        ]),
      );
    else if (SCHEMA_VALUED.has(key) || SCHEMA_LISTS.has(key))
      out[key] = toolSchema(doc, value, `${where}/${key}`, stack);
    else out[key] = value;
  }
  const described = schema["x-pattern-description"];
  if (typeof described === "string" && schema.pattern !== undefined)
    out.description = [
      out.description && sentence(out.description),
      `Must be ${sentence(described)}`,
    ]
      .filter(Boolean)
      .join(" ");
  if (out.type === undefined && OBJECT_KEYWORDS.some((k) => out[k] !== undefined))
    out.type = "object";
  // (Every integer: the SDK refuses a number beyond ±(2^53 - 1) everywhere, a u64's too.)
  if (isIntegerSchema(out)) {
    out.minimum = Math.max(out.minimum ?? -MAX_SAFE, -MAX_SAFE);
    out.maximum = Math.min(out.maximum ?? MAX_SAFE, MAX_SAFE);
  }
  return ordered(out);
}

// The keys of a schema in a reading order: what it is, then what it holds.
const ORDER = ["type", "description", "enum", "const", "properties", "required"];
const ordered = (s) =>
  Object.fromEntries(
    Object.entries(s).sort(
      ([a], [b]) => rank(a) - rank(b) || 0, // (stable: the spec's order otherwise)
    ),
  );
const rank = (key) => {
  const i = ORDER.indexOf(key);
  return i === -1 ? ORDER.length : i;
};

// ------------------------------------------------------------------------------------------------
// The rules between params, in words

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` (values), or the same of names without quotes. */
const either = (items, quote = true) => {
  const shown = items.map((v) => (quote ? JSON.stringify(v) : v));
  return shown.length < 2 ? shown.join("") : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
};

/**
 * The conditions a rule schema puts on the members it names: [{ path, words }], `path` the dotted
 * member (`sortBy.sortBy`) and `words` what it must be (`"must be \"id\""`, `null`: must be
 * absent).
 */
function demands(s, prefix = "") {
  if (!s || typeof s !== "object") return [];
  const found = [];
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (sub === false) found.push({ path, words: null });
    else if (sub.properties) found.push(...demands(sub, path));
    else if (Array.isArray(sub.enum))
      found.push({ path, words: `must be ${either(sub.enum)} (when given)` });
    else if ("const" in sub) found.push({ path, words: `must be ${JSON.stringify(sub.const)}` });
    else if (typeof sub.description === "string")
      found.push({ path, words: `must be as the rule in allOf says: ${sub.description}` });
    else found.push({ path, words: "must pass the rule in allOf" });
  }
  return found;
}

/** The condition of an `if` (`config.encoding is "base58"`), one member and its values. */
function condition(s, prefix = "") {
  for (const [name, sub] of Object.entries(s?.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (sub?.properties) return condition(sub, path);
    if (Array.isArray(sub?.enum)) return `${path} is ${either(sub.enum)}`;
    if (sub && "const" in sub) return `${path} is ${JSON.stringify(sub.const)}`;
  }
  return "the rule's condition holds";
}

/**
 * The rules of a params object schema (`dependentSchemas`, `allOf` of `{ if, then }`), in words per
 * top-level property they name: Map<property, sentence[]>. (A rule's `then` given by a component
 * says what it is by its `x-pattern-description` or its description: `described`.)
 */
function ruleWords(doc, schema) {
  const words = new Map();
  const say = (name, text) => {
    const top = name.split(".")[0];
    if (!words.has(top)) words.set(top, []);
    if (!words.get(top).includes(text)) words.get(top).push(text);
  };
  const excluded = new Map(); // name → the names it cannot be used with
  const required = new Map(); // `${path} ${words}` → [path, words, the names that ask for it]
  const add = (map, key, value, make) => {
    if (!map.has(key)) map.set(key, make());
    map.get(key).add?.(value) ?? map.get(key)[2].add(value);
  };
  for (const [name, rule] of Object.entries(schema.dependentSchemas ?? {})) {
    for (const { path, words: w } of demands(rule)) {
      if (w === null) {
        add(excluded, name, path, () => new Set());
        add(excluded, path, name, () => new Set());
      } else {
        say(name, `With ${name}, ${path} ${w}.`);
        add(required, `${path} ${w}`, name, () => [path, w, new Set()]);
      }
    }
  }
  for (const [path, w, names] of required.values())
    say(path, `With ${either([...names], false)}, ${path} ${w}.`);
  for (const [name, others] of excluded)
    say(name, `Cannot be used with ${either([...others], false)}.`);
  for (const rule of [schema.allOf ?? []].flat()) {
    if (!rule?.if) continue;
    const when = condition(rule.if);
    const then = rule.then?.properties ?? {};
    for (const [name, sub] of Object.entries(then)) {
      const target = sub?.$ref ? resolveRef(doc, sub.$ref) : sub;
      const what =
        target?.["x-pattern-description"] ??
        (target?.title ? `a ${target.title} (allOf)` : "as allOf says");
      say(name, `When ${when}: must be ${sentence(what)}`);
    }
  }
  return words;
}

/** `s` without descriptions, at any depth (a rule's parts, which the words say). */
const undescribed = (s) =>
  Array.isArray(s)
    ? s.map(undescribed)
    : s && typeof s === "object"
      ? Object.fromEntries(
          Object.entries(s)
            .filter(([k, v]) => !(k === "description" && typeof v === "string"))
            .map(([k, v]) => [k, undescribed(v)]),
        )
      : s;

/**
 * `schema` with each top-level property's rules added to its description, and the descriptions
 * inside the rules themselves dropped (the property's say them, once).
 */
function withRuleWords(schema, words) {
  for (const key of ["allOf", "dependentSchemas"])
    if (schema[key]) schema = { ...schema, [key]: undescribed(schema[key]) };
  if (!words.size) return schema;
  const properties = { ...schema.properties };
  for (const [name, sentences] of words) {
    if (!properties[name]) continue;
    const own = properties[name].description;
    properties[name] = ordered({
      ...properties[name],
      description: [own && sentence(own), ...sentences].filter(Boolean).join(" "),
    });
  }
  return { ...schema, properties };
}

/**
 * The one member and its values that an `if` holds to (`["config.encoding", ["base58"]]`), when it
 * requires that member at every level: else `undefined` (a condition not of that form).
 */
function chosenBy(s, prefix = "") {
  const names = Object.keys(s?.properties ?? {});
  if (names.length !== 1 || !(s.required ?? []).includes(names[0])) return undefined;
  const [name] = names;
  const sub = s.properties[name];
  const path = prefix ? `${prefix}.${name}` : name;
  if (sub?.properties) return chosenBy(sub, path);
  if (Array.isArray(sub?.enum)) return [path, sub.enum];
  if (sub && "const" in sub) return [path, [sub.const]];
  return undefined;
}

/**
 * `schema` with its root `allOf` of `{ if, then }` rules written as one `if` / `then` / `else`
 * chain. Anthropic's Messages API refuses a tool whose `input_schema` has `oneOf`, `allOf` or
 * `anyOf` at its root (`input_schema does not support oneOf, allOf, or anyOf at the top level`),
 * and with it the whole request, every other tool's included: the sdk's tool list could not be
 * sent. The chain says the same when the rules' conditions cannot hold together: each names one
 * member, required at every level, with values no other rule's names (`config.encoding` "base58" /
 * "base64"); a rule whose condition is not of that form is a generator error here, rather than a
 * schema some hosts refuse.
 */
function withRootRules(schema, where) {
  if (!schema.allOf) return schema;
  const { allOf: rules, ...rest } = schema;
  const taken = new Set();
  let path;
  for (const rule of rules) {
    const chosen =
      rule && Object.keys(rule).every((k) => k === "if" || k === "then") && chosenBy(rule.if);
    if (
      !chosen ||
      (path !== undefined && chosen[0] !== path) ||
      chosen[1].some((v) => taken.has(JSON.stringify(v)))
    )
      throw new Error(
        `${where}: a tool schema cannot have allOf at its root (some hosts refuse such a tool, and the request with it), and its rules are written as one if/then/else chain, which says the same only for { if, then } rules chosen by one required member's distinct values; extend withRootRules in scripts/generate/tool-schemas.mjs`,
      );
    path = chosen[0];
    for (const v of chosen[1]) taken.add(JSON.stringify(v));
  }
  const chain = rules.reduceRight(
    (otherwise, rule) => ({ if: rule.if, then: rule.then, ...(otherwise && { else: otherwise }) }),
    undefined,
  );
  return { ...rest, ...chain };
}

// ------------------------------------------------------------------------------------------------
// The module

// OpenAI's function calling (and the APIs that copy it) refuses a tool description longer than
// this, and the whole request with it (`string_above_max_length`).
const MAX_DESCRIPTION = 1024;

/**
 * The tool's description: its status first (`Deprecated: …`, `Beta: …`), the summary, the
 * description without its paragraphs on the SDK (`**… (SDK).**`: retries, time limits, a Node
 * connection pool), which are for whoever writes the host and which the JSDoc leaves to the
 * package README too: they made the sender's two tools 2,965 and 2,683 characters.
 */
function toolDescription(o, areaBeta) {
  const status = [
    ...(o.deprecated
      ? [
          `Deprecated: ${o["x-replaced-by"] ? `use ${o["x-replaced-by"]} instead` : "deprecated by the service, with no documented replacement"}.`,
        ]
      : []),
    ...(o["x-beta"] || areaBeta ? ["Beta: routes and response formats may change."] : []),
  ];
  const description = descriptionParagraphs(o.description)
    .filter((p) => p.sdk === undefined)
    .map((p) => p.text)
    .join("\n\n");
  const text = [status.join(" "), o.summary && sentence(o.summary), description]
    .filter(Boolean)
    .join("\n\n");
  if (text.length > MAX_DESCRIPTION)
    throw new Error(
      `${o.name ?? o.operationId}: its tool description is ${text.length} characters, over ${MAX_DESCRIPTION} (OpenAI's function calling refuses it, and the request with it): shorten its summary or description, or move a paragraph on the SDK to one whose bold lead ends in "(SDK)."`,
    );
  return text;
}

/**
 * The tools of one JSON-RPC method: its params object schema. An `x-params: array` method's
 * params are an array, and a tool's input is an object (MCP, function calling): its schema wraps
 * the array as the one property named after the param, and the tool says so in `params` (the SDK
 * takes `args[tool.params]`).
 */
function rpcTool(doc, m, areaBeta) {
  const where = `${m.name} params`;
  const description = toolDescription(m, areaBeta);
  if (paramsShape(m) === "array") {
    const [p] = m.params;
    const array = toolSchema(doc, p.schema, where);
    return {
      name: m.name,
      description,
      params: p.name,
      inputSchema: {
        type: "object",
        properties: {
          [p.name]: ordered({ ...array, ...(p.description && { description: p.description }) }),
        },
        required: [p.name],
        additionalProperties: false,
      },
    };
  }
  const spec = paramsSchema(m, { withQuery: true });
  const schema = toolSchema(doc, spec, where);
  return {
    name: m.name,
    description,
    inputSchema: withRootRules(withRuleWords(schema, ruleWords(doc, spec)), where),
  };
}

/**
 * The tool of one REST operation: its flat input (path, query and body fields). A path or query
 * parameter's own description (what this value is for: `cursor`, "the cursor from the previous
 * response's `pagination.nextCursor`") goes with it, over its schema's (what any such value is), as
 * a JSON-RPC param's does (paramsSchema): the SDK's checks read no description, and a model reads
 * nothing else about the value.
 */
function restTool(doc, op, areaBeta) {
  const input = inputSchema(doc, op);
  const properties = { ...input.properties };
  for (const p of op.params) {
    const property = properties[p.name];
    if ((p.in === "path" || p.in === "query") && p.description && property)
      properties[p.name] = placed({ ...property, description: p.description }, placeOf(property));
  }
  const spec = { ...input, properties };
  const where = `${op.o.operationId} input`;
  const schema = toolSchema(doc, spec, where);
  return {
    name: op.o.operationId,
    description: toolDescription(op.o, areaBeta),
    inputSchema: withRootRules(withRuleWords(schema, ruleWords(doc, spec)), where),
  };
}

/** The tools of a package: its main document's operations, then its plain-HTTP companion's. */
export function toolsOf(main, http) {
  const tools = [];
  for (const a of [main, http].filter(Boolean)) {
    const areaBeta = Boolean(a.doc.info?.["x-beta"] || main.doc.info?.["x-beta"]);
    if (a.doc.methods) for (const m of a.doc.methods) tools.push(rpcTool(a.doc, m, areaBeta));
    else for (const op of operationsOf(a.doc)) tools.push(restTool(a.doc, op, areaBeta));
  }
  return tools;
}

/**
 * A value as TypeScript source. A member whose string would pass the width goes on a line of its
 * own, below its key, as the repository's formatter lays it out (and lib/layout.mjs allows).
 */
const source = (value) =>
  JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][\w$]*)":/g, "$1:")
    .split("\n")
    .map((line) => {
      const long =
        line.length > 100 && /^(\s*)([\w$]+|"(?:[^"\\]|\\.)*"): ("(?:[^"\\]|\\.)*",?)$/.exec(line);
      return long ? `${long[1]}${long[2]}:\n${long[1]}  ${long[3]}` : line;
    })
    .join("\n");

/**
 * `text` (a tool's source) with its input schema's `required` typed as a tuple that is not
 * `readonly`: `as const` makes it `readonly ["id"]`, which the MCP SDK's `Tool` and
 * `ListToolsResult` (and Anthropic's `Tool.InputSchema`), `required?: string[]`, refuse without a
 * cast. Its names stay literal types, for a JSON Schema-to-type library.
 */
const mutableRequired = (text, required) =>
  required
    ? text.replace(
        /^( {4}required: \[\n[^\]]*\n {4}\])/m,
        `$1 as [${required.map((name) => JSON.stringify(name)).join(", ")}]`,
      )
    : text;

// ------------------------------------------------------------------------------------------------
// The parts tools share

// A subschema whose JSON is at least this long, found more than once among a module's tools, is
// written once, as a module-level const the tools refer to (the 572 transaction types of webhooks'
// `createWebhook` and `updateWebhook`, a base58 public key, the DAS display flags): less source to
// ship and parse, and the same JSON for a host. Below it, a reference saves too little to read
// through.
const SHARED_MIN_LENGTH = 80;
// A placeholder for a shared part in a tool's JSON, replaced by the const's name in the source.
const SHARED_MARK = "\u0000shared:";

/** The subschemas of `schema` (its schema-valued members), with their keyword path below it. */
function* subschemas(schema, at = []) {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object")
      for (const [name, sub] of Object.entries(value)) yield [sub, [...at, key, name]];
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
      for (const [i, sub] of value.entries()) yield [sub, [...at, key, i]];
    else if (SCHEMA_VALUED.has(key)) yield [value, [...at, key]];
  }
}

const isSchemaObject = (s) => s !== null && typeof s === "object" && !Array.isArray(s);
const upperFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
const identifier = (text) =>
  String(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i ? upperFirst(w) : w))
    .join("");

/**
 * A const's name from where a shared part was first found: `<member>Schema` (`sortBySchema`), a
 * keyword below the member said after it (`accountAddressesItemsSchema`,
 * `encodingAnyOf1Schema`, `beforeDependentSchema`).
 */
function placeName(at) {
  let name = "";
  for (let i = 0; i < at.length; i++) {
    const key = at[i];
    if (key === "properties") name = identifier(at[++i]);
    else if (SCHEMA_MAPS.has(key))
      name = `${identifier(at[++i])}${upperFirst(key.replace(/s$/, ""))}`;
    else if (SCHEMA_LISTS.has(key)) name += `${upperFirst(key)}${at[++i]}`;
    else name += upperFirst(key);
  }
  name = lowerFirst(name) || "input";
  return name.endsWith("Schema") ? name : `${name}Schema`;
}

/**
 * The parts of `tools`' input schemas to write once: Map<JSON, { name, places }>, in the order they
 * are declared (a part after the parts it holds). A part is shared when its JSON is at least
 * SHARED_MIN_LENGTH long and it would be written twice or more once the larger shared parts that
 * hold it are written once (a part found only inside one shared part is not). An input schema
 * itself is not (its `required` is typed apart: mutableRequired). Named after the component of the
 * `$ref` it was inlined from (`refs`: `transactionTypeSchema`), else after its place (placeName),
 * the tool's name before it where two would be named alike; `places`: the names of the places it is
 * found at, when it is named after one of several.
 */
function sharedParts(tools, refs) {
  const counts = new Map();
  const count = (schema) => {
    for (const [sub] of subschemas(schema)) {
      if (!isSchemaObject(sub)) continue;
      const key = JSON.stringify(sub);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      count(sub);
    }
  };
  for (const t of tools) count(t.inputSchema);
  let candidates = new Set(
    [...counts].filter(([k, n]) => n > 1 && k.length >= SHARED_MIN_LENGTH).map(([k]) => k),
  );
  // (How often each candidate is written when each is written once; until none is written once.)
  for (;;) {
    const written = new Map();
    const order = [];
    const first = new Map(); // JSON → [tool, keyword path] where it is first written
    const places = new Map(); // JSON → the placeNames of where it is written
    const walk = (schema, tool, at) => {
      for (const [sub, below] of subschemas(schema, at)) {
        if (!isSchemaObject(sub)) continue;
        const key = JSON.stringify(sub);
        if (!candidates.has(key)) {
          walk(sub, tool, below);
          continue;
        }
        written.set(key, (written.get(key) ?? 0) + 1);
        if (!places.has(key)) places.set(key, new Set());
        places.get(key).add(placeName(below));
        if (written.get(key) > 1) continue;
        first.set(key, [tool, below]);
        walk(sub, tool, below);
        order.push(key); // (after the parts it holds)
      }
    };
    for (const t of tools) walk(t.inputSchema, t.name, []);
    const kept = new Set(order.filter((k) => written.get(k) > 1));
    if (kept.size === candidates.size) {
      const names = new Map();
      const taken = new Set(tools.map((t) => `${t.name}Tool`).concat("toolSchemas", FREEZE));
      for (const key of order) {
        const [tool, at] = first.get(key);
        const ref = refs.get(key);
        const own = ref ? `${lowerFirst(identifier(ref.split("/").at(-1)))}Schema` : placeName(at);
        let name = taken.has(own) ? `${tool}${upperFirst(own)}` : own;
        for (let i = 2; taken.has(name); i++) name = `${own}${i}`;
        taken.add(name);
        // (A part named after its first place, found at others too, says them all:
        // `requireFullIndex: showRawDataSchema`.)
        const found = [...places.get(key)].map((p) => p.replace(/Schema$/, ""));
        names.set(key, { name, places: ref || found.length < 2 ? [] : found });
      }
      return names;
    }
    candidates = kept;
  }
}

/**
 * `schema` with its shared parts (`names`: sharedParts), except itself, as placeholders, and each
 * `enum` that is one of core's known lists (`lists`: its JSON → the list's name) as that list's.
 */
function withSharedMarks(schema, names, lists, self = false) {
  if (!self && isSchemaObject(schema) && names.has(JSON.stringify(schema)))
    return `${SHARED_MARK}${names.get(JSON.stringify(schema)).name}`;
  if (!isSchemaObject(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isSchemaObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, withSharedMarks(v, names, lists)]),
      );
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
      out[key] = value.map((v) => withSharedMarks(v, names, lists));
    else if (SCHEMA_VALUED.has(key)) out[key] = withSharedMarks(value, names, lists);
    else if (key === "enum" && lists.has(JSON.stringify(value)))
      out[key] = `${SHARED_MARK}${lists.get(JSON.stringify(value))}`;
    else out[key] = value;
  }
  return out;
}

// Every object a module exports is frozen, at any depth, by core's `deepFreeze`: the tools share
// parts, so a host that changed one tool's schema in place would change others' too; frozen, the
// change throws (ES modules are strict) instead. The types (`as const`) already say readonly.
// `/* @__PURE__ */`: a bundle that imports one tool keeps only its parts. (Imported rather than
// declared in each module: one copy in an app that imports several areas' tools, or the sdk's
// record of all of them; decision 0020.)
const FREEZE = "deepFreeze";
const FREEZE_IMPORT = `import { ${FREEZE} } from "@chaindata/core";\n`;

// A list of values two or more areas share (`KnownTransactionType`'s 572 transaction types, in
// webhooks' `transactionTypes` and wallet's `getHistory` `type`) is core's `./known-values` list in
// each tool schema that has it, not a copy: an app or an sdk install then holds it once, where
// each area's module and declarations had their own (decision 0021). Its own entry of core, so
// that no call bundle reaches it, and a bundle of tools without it drops it (a pure, frozen list).
const KNOWN_VALUES = "@chaindata/core/known-values";

/**
 * The tools of the package of `main` (and `http`): {@link toolsOf}, its refusals' places in YAML.
 */
function areaTools(main, http) {
  try {
    return toolsOf(main, http);
  } catch (error) {
    // (The bundle's pointers it names as the YAML places a person edits, as the refusals do.)
    throw new Error(`${main.area}: ${sourcePlacesIn(error.message, main, [main, http])}`, {
      cause: error,
    });
  }
}

/**
 * The `$ref` each part of `tools`' input schemas was inlined from: Map<its JSON, the first one's
 * `$ref`>.
 */
function inlinedRefs(tools) {
  const refs = new Map();
  const visit = (schema) => {
    for (const [sub] of subschemas(schema)) {
      if (!isSchemaObject(sub)) continue;
      const key = JSON.stringify(sub);
      if (inlinedFrom.has(sub) && !refs.has(key)) refs.set(key, inlinedFrom.get(sub));
      visit(sub);
    }
  };
  for (const t of tools) visit(t.inputSchema);
  return refs;
}

/**
 * The known `lists` (`[name, schema]`) that a tool's schema has: `[…]`, the whole `enum` value, at
 * any place.
 */
const listsUsed = (tools, lists) =>
  lists.filter(([, schema]) =>
    tools.some((t) => JSON.stringify(t.inputSchema).includes(JSON.stringify(schema.enum))),
  );

/**
 * The status tags of each operation of `main` (and `http`), by name: {@link operationStatusTags}.
 */
function toolStatusTags(main, http) {
  const tags = new Map();
  for (const a of [main, http].filter(Boolean)) {
    const areaBeta = Boolean(a.doc.info?.["x-beta"] || main.doc.info?.["x-beta"]);
    for (const o of a.doc.methods ?? operationsOf(a.doc).map((op) => op.o))
      tags.set(o.name ?? o.operationId, operationStatusTags(o, { areaBeta }));
  }
  return tags;
}

/**
 * `{ "packages/<area>/src/generated/tool-schemas.ts": … }` of the package of `main` (and `http`).
 * `lists`: core's known lists this area's spec has (`[name, schema]`: core-files.mjs sharedEnums),
 * each `enum` of exactly their values written as core's list.
 */
export function emitToolSchemas(main, http, lists = []) {
  const { area, file } = main;
  const tools = areaTools(main, http);
  const files = [file, http?.file].filter(Boolean).map((f) => `spec/dist/${f}`);
  const names = sharedParts(tools, inlinedRefs(tools));
  const used = listsUsed(tools, lists);
  const known = new Map(
    used.map(([name, schema]) => [JSON.stringify(schema.enum), enumValueNames(name)[0]]),
  );
  // (Each list's type imported too, though the source names it nowhere: the declarations then
  // name it from core's `./known-values`, whose declarations are the lists' alone, and not from
  // core's main entry, which tsc picked otherwise and whose declarations need ES2018's lib
  // (`AsyncIterable`): a program of tool schemas alone, under TypeScript's default lib, failed.)
  const imported = [...known.values(), ...used.map(([name]) => `type ${name}`)];
  // (JSON writes the mark's U+0000 as `\u0000`.)
  const code = (value) => source(value).replace(/"\\u0000shared:([\w$]+)"/g, "$1");
  const parts = [...names].map(
    ([key, { name, places }]) =>
      (places.length ? `// (At ${places.join(", ")}.)\n` : "") +
      `const ${name} = /* @__PURE__ */ ${FREEZE}(${code(withSharedMarks(JSON.parse(key), names, known, true))} as const);\n`,
  );
  // Each tool's const has its operation's @deprecated / @beta, as its function does, so that an
  // editor marks the tool an app registers too; `toolSchemas` its area's.
  const statusTags = toolStatusTags(main, http);
  const consts = tools.map(
    (t) =>
      docComment(
        `The tool of \`${t.name}\`: its name, description and JSON Schema of its params${t.params ? ` (the SDK takes \`args.${t.params}\`)` : ""}.`,
        statusTags.get(t.name),
      ) +
      `export const ${t.name}Tool = /* @__PURE__ */ ${FREEZE}(${mutableRequired(code({ ...t, inputSchema: withSharedMarks(t.inputSchema, names, known, true) }), t.inputSchema.required)} as const);\n`,
  );
  return {
    [`packages/${area}/src/generated/tool-schemas.ts`]:
      banner(files.join(" and "), import.meta.url) +
      `// Each operation as a tool for an AI agent or an MCP server: \`{ name, description, inputSchema }\`,\n` +
      `// \`inputSchema\` a JSON Schema (2020-12) of the params the SDK function takes (decision 0020).\n` +
      `// Imported from ${literal(`@chaindata/${area}/tool-schemas`)}; the package's main entry does not import it.\n` +
      FREEZE_IMPORT +
      (imported.length
        ? `import { ${imported.join(", ")} } from ${literal(KNOWN_VALUES)};\n`
        : "") +
      (parts.length
        ? `\n// The parts two or more tools' input schemas have: each tool's schema is still whole JSON.\n` +
          parts.join("")
        : "") +
      `\n` +
      consts.join("\n") +
      `\n` +
      docComment("Every tool of this package, by operation name.", areaStatusTags(main.doc.info)) +
      // (Typed by the names of the tools, so that its declaration does not repeat each one's.)
      `export const toolSchemas: {\n${tools.map((t) => `  readonly ${t.name}: typeof ${t.name}Tool;`).join("\n")}\n} = /* @__PURE__ */ ${FREEZE}({\n${tools.map((t) => `  ${t.name}: ${t.name}Tool,`).join("\n")}\n});\n`,
  };
}

// ------------------------------------------------------------------------------------------------
// @chaindata/sdk/tool-schemas

/**
 * `{ "packages/sdk/src/generated/tool-schemas.ts": … }`: every area's tools in one record, by
 * operation name, as the area packages' `toolSchemas` (imported from their `./tool-schemas`, so
 * the sdk ships no second copy), and `toolAreas`: each tool's area, the sdk client's member that
 * holds its call (`client[toolAreas[name]][name](args)`). `packages`: [{ area, names }], each
 * area's tool names.
 * @throws Error when two areas name a tool alike: one record cannot hold both (a host's tool
 *   names are one namespace too), and a spread would keep the last one without a word.
 */
export function emitSdkToolSchemas(packages) {
  const areaOf = new Map();
  const clashes = [];
  for (const { area, names } of packages)
    for (const name of names) {
      if (areaOf.has(name))
        clashes.push(`${name} (@chaindata/${areaOf.get(name)} and @chaindata/${area})`);
      else areaOf.set(name, area);
    }
  if (clashes.length)
    throw new Error(
      `@chaindata/sdk/tool-schemas: two areas have a tool of one name, which one record of every tool cannot hold: ${clashes.join(", ")}. Rename an operation in the spec, or make scripts/generate/tool-schemas.mjs emitSdkToolSchemas prefix the names.`,
    );
  const local = (area) => `${camel(area)}Tools`;
  return {
    "packages/sdk/src/generated/tool-schemas.ts":
      banner("spec/dist/index.json", import.meta.url) +
      `// Every area's tools in one module, \`@chaindata/sdk/tool-schemas\` (decision 0020): the\n` +
      `// area packages' own (\`@chaindata/<area>/tool-schemas\`), not a copy. The sdk's main entry\n` +
      `// does not import it.\n` +
      packages
        .map(
          ({ area }) =>
            `import { toolSchemas as ${local(area)} } from ${literal(`@chaindata/${area}/tool-schemas`)};\n`,
        )
        .join("") +
      `\n/**\n * Every tool of every area, by operation name (no two areas name one alike: the generator\n` +
      ` * refuses it).\n */\n` +
      `export const toolSchemas: ${packages.map(({ area }) => `typeof ${local(area)}`).join(" &\n  ")} =\n` +
      `  /* @__PURE__ */ Object.freeze({\n${packages.map(({ area }) => `    ...${local(area)},`).join("\n")}\n  });\n` +
      `\n/**\n * The area of each tool: the client's member that holds its call,\n` +
      ` * \`client[toolAreas[name]][name](args)\`.\n */\n` +
      `export const toolAreas = /* @__PURE__ */ Object.freeze({\n` +
      [...areaOf].map(([name, area]) => `  ${name}: ${literal(camel(area))},`).join("\n") +
      `\n} as const);\n`,
  };
}
