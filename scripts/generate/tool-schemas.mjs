// An area's tool input schemas (src/generated/tool-schemas.ts, the `./tool-schemas` subpath export):
// per operation `<name>Tool = { name, description, inputSchema }`, for an AI agent's or MCP
// server's tool list (user trial 50, F1; decision 0020). `inputSchema` is a self-contained JSON
// Schema (2020-12) of the params argument the SDK function takes, built from the same schema its
// compiled check is (operations.mjs paramsSchema / inputSchema), so the two agree
// (test/generate/tool-schemas.test.ts): `$ref`s inlined, `x-*`, `examples` and `title` dropped
// (tokens: a model reads every one), `x-pattern-description` said in the description, the rules
// between params kept as `dependentSchemas` / `allOf` and said in words in the description of each
// property they name (some model APIs' strict modes drop those keywords). The module imports
// nothing, and the package's main entry never imports it: no call bundle carries it.
import { banner, literal } from "./lib/emit.mjs";
import { inputSchema, operationsOf, paramsSchema, paramsShape } from "./lib/operations.mjs";
import { resolveRef } from "./lib/schema.mjs";

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
    // (Annotations beside a `$ref` override the target's, its `x-pattern-description` still said;
    // anything else is a second schema the value must also pass.)
    if (Object.keys(siblings).every((k) => REF_SIBLINGS.has(k) || k.startsWith("x-")))
      return toolSchema(doc, { ...resolveRef(doc, $ref), ...siblings }, $ref, inner);
    return {
      allOf: [toolSchema(doc, resolveRef(doc, $ref), $ref, inner)],
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
 * member (`sortBy.sortBy`) and `words` what it must be (`"must be \"id\""`, `null`: must be absent).
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

// ------------------------------------------------------------------------------------------------
// The module

/** The tool's description: its status first (`Deprecated: …`, `Beta: …`), the summary, the description. */
function toolDescription(o, areaBeta) {
  const status = [
    ...(o.deprecated
      ? [
          `Deprecated: ${o["x-replaced-by"] ? `use ${o["x-replaced-by"]} instead` : "deprecated by the service, with no documented replacement"}.`,
        ]
      : []),
    ...(o["x-beta"] || areaBeta ? ["Beta: routes and response formats may change."] : []),
  ];
  return [status.join(" "), o.summary && sentence(o.summary), o.description?.trim()]
    .filter(Boolean)
    .join("\n\n");
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
    inputSchema: withRuleWords(schema, ruleWords(doc, spec)),
  };
}

/** The tool of one REST operation: its flat input (path, query and body fields). */
function restTool(doc, op, areaBeta) {
  const spec = inputSchema(doc, op);
  const schema = toolSchema(doc, spec, `${op.o.operationId} input`);
  return {
    name: op.o.operationId,
    description: toolDescription(op.o, areaBeta),
    inputSchema: withRuleWords(schema, ruleWords(doc, spec)),
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
 * cast (review 66). Its names stay literal types, for a JSON Schema-to-type library.
 */
const mutableRequired = (text, required) =>
  required
    ? text.replace(
        /^( {4}required: \[\n[^\]]*\n {4}\])/m,
        `$1 as [${required.map((name) => JSON.stringify(name)).join(", ")}]`,
      )
    : text;

/** `{ "packages/<area>/src/generated/tool-schemas.ts": … }` of the package of `main` (and `http`). */
export function emitToolSchemas(main, http) {
  const { area, file } = main;
  const tools = toolsOf(main, http);
  const files = [file, http?.file].filter(Boolean).map((f) => `spec/dist/${f}`);
  const consts = tools.map(
    (t) =>
      `/** The tool of \`${t.name}\`: its name, description and JSON Schema of its params${t.params ? ` (the SDK takes \`args.${t.params}\`)` : ""}. */\n` +
      `export const ${t.name}Tool = ${mutableRequired(source(t), t.inputSchema.required)} as const;\n`,
  );
  return {
    [`packages/${area}/src/generated/tool-schemas.ts`]:
      banner(files.join(" and ")) +
      `// Each operation as a tool for an AI agent or an MCP server: \`{ name, description, inputSchema }\`,\n` +
      `// \`inputSchema\` a JSON Schema (2020-12) of the params the SDK function takes (decision 0020).\n` +
      `// Imported from ${literal(`@chaindata/${area}/tool-schemas`)}; the package's main entry does not import it.\n\n` +
      consts.join("\n") +
      `\n/** Every tool of this package, by operation name. */\n` +
      // (Typed by the names of the tools, so that its declaration does not repeat each one's.)
      `export const toolSchemas: {\n${tools.map((t) => `  readonly ${t.name}: typeof ${t.name}Tool;`).join("\n")}\n} = {\n${tools.map((t) => `  ${t.name}: ${t.name}Tool,`).join("\n")}\n};\n`,
  };
}
