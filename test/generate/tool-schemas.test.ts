/**
 * The tool schemas (`@chaindata/<area>/tool-schemas`, scripts/generate/tool-schemas.mjs, decision
 * 0020) are valid JSON Schema and say what the SDK's own checks say.
 *
 *   (a) every inputSchema compiles under ajv's 2020-12 draft in strict mode;
 *   (b) every example params object of the spec validates against its operation's schema;
 *   (c) on a corpus per operation (the examples, then one-step mutations of each: every required
 *       member removed, an unknown one added, a wrong type at every member, each numeric, length
 *       and item-count bound crossed and met, each pattern broken, an enum value out of its list,
 *       each rule between params broken), ajv with the tool schema and the built client (a stub
 *       fetch that records whether anything was sent) give the same verdict: both accept, or ajv
 *       refuses and the client throws a ValidationError with nothing sent. A disagreement is a
 *       generator bug or one of EXCEPTIONS, each with its reason;
 *   (d) the generated modules are those the spec generates (`npm run generate -- --check` reads
 *       the same files: test/generate/*'s layout tests; here: a second emit is identical);
 *   (e) a part two tools' schemas have is written once (one object), each tool's JSON still that
 *       of its self-contained schema (the generator's toolsOf, every `$ref` inlined), and every
 *       object of a module frozen, so that a host changing one tool cannot change another;
 *   (f) `@chaindata/sdk/tool-schemas` holds every area's tools, the areas' own objects, none lost
 *       to a name two areas have (the generator refuses such a name), each with its client member;
 *   (g) a list of values core's `./known-values` has (the 572 transaction types) is that list in
 *       every tool schema that has it, so that all the areas' tools together carry it once.
 *
 * The schemas are read from the generated sources (they import only core's `deepFreeze` and
 * `./known-values` lists); the clients from the packages' built dist, as a user calls them.
 */
import { ValidationError } from "@chaindata/core";
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generate } from "../../scripts/generate/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packagesOf } from "../../scripts/generate/lib/refusals.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import {
  emitSdkToolSchemas,
  emitToolSchemas,
  toolSchema,
  toolsOf,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/tool-schemas.mjs";
import { areas, deref, root } from "../spec/documents.js";

interface Tool {
  name: string;
  description: string;
  params?: string;
  inputSchema: any;
}

const packages = [...new Set(areas.map((a) => a.area))];
const modules: Record<string, { toolSchemas: Record<string, Tool> } & Record<string, unknown>> =
  Object.fromEntries(
    await Promise.all(
      packages.map(async (area) => [
        area,
        await import(`${root}packages/${area}/src/generated/tool-schemas.ts`),
      ]),
    ),
  );

// The SDK reads a tool's arguments as JSON gives them, and so does a host's validator: formats are
// annotations to both (the generated checks parse no URI: decision 0008).
const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });

// ------------------------------------------------------------------------------------------------
// The spec's examples, as the SDK's params (query params by their SDK names; an `x-params: array`
// method's wrapped as its tool's input)

const camel = (name: string) => name.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());

/** The values of a parameter's or media type's examples (`examples` map, else its schema's list). */
function exampleValues(doc: any, node: any): unknown[] {
  if (!node) return [];
  if (node.examples && !Array.isArray(node.examples))
    return Object.values<any>(node.examples)
      .map((e) => deref(doc, e))
      .filter((e) => e && "value" in e)
      .map((e) => e.value);
  if (node.example !== undefined) return [node.example];
  if (Array.isArray(node.schema?.examples)) return node.schema.examples;
  return [];
}

/** Every example input of every operation: Map<`area name`, inputs[]>. */
function examplesByOperation(): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const a of areas) {
    const { doc } = a;
    if (a.kind === "openrpc")
      for (const m of doc.methods) {
        const query = new Set((m["x-query-params"] ?? []).map((q: any) => q.name));
        const inputs = (m.examples ?? [])
          .filter((e: any) => Array.isArray(e.params))
          .map((e: any) =>
            m["x-params"] === "array"
              ? { [m.params[0].name]: e.params[0]?.value }
              : Object.fromEntries(
                  e.params.map((p: any) => [query.has(p.name) ? camel(p.name) : p.name, p.value]),
                ),
          );
        found.set(`${a.area} ${m.name}`, inputs);
      }
    else
      for (const item of Object.values<any>(doc.paths))
        for (const o of Object.values<any>(item)) {
          if (!o?.operationId) continue;
          const params = [...(item.parameters ?? []), ...(o.parameters ?? [])]
            .map((p) => deref(doc, p))
            .filter((p) => p.in === "path" || p.in === "query");
          const base: Record<string, unknown> = {};
          for (const p of params) {
            const [first] = exampleValues(doc, p);
            if (first !== undefined) base[p.name] = first;
          }
          const bodies = exampleValues(
            doc,
            deref(doc, o.requestBody)?.content?.["application/json"],
          );
          const inputs = bodies.length
            ? bodies.map((body) => ({ ...base, ...(body as object) }))
            : [base];
          found.set(`${a.area} ${o.operationId}`, inputs);
        }
  }
  return found;
}
const examples = examplesByOperation();

/**
 * The rules between an operation's params as the spec states them (not the tool schema's, which
 * is what is tested): JSON-RPC methods carry them as `x-dependent-schemas` and `x-all-of`.
 */
function specRules(key: string): { dependentSchemas?: any; allOf?: any } {
  const [area, name] = key.split(" ");
  const method = areas
    .find((a) => a.area === area && a.kind === "openrpc")
    ?.doc.methods.find((m: any) => m.name === name);
  return { dependentSchemas: method?.["x-dependent-schemas"], allOf: method?.["x-all-of"] };
}

const tools = packages.flatMap((area) =>
  Object.values(modules[area]!.toolSchemas).map((tool) => ({
    area,
    key: `${area} ${tool.name}`,
    tool,
  })),
);

// ------------------------------------------------------------------------------------------------
// The SDK's verdict: the built client, with a fetch that records whether it was called

const logger = { debug() {}, info() {}, warn() {}, error() {} };
let sent = false;
const stubFetch = async () => {
  sent = true;
  return new Response('{"error":"stub"}', {
    status: 500,
    headers: { "content-type": "application/json" },
  });
};
const clients: Record<string, Record<string, (...args: unknown[]) => unknown>> = Object.fromEntries(
  await Promise.all(
    packages.map(async (area) => {
      const pkg = await import(`@chaindata/${area}`);
      return [
        area,
        pkg[`create${pascal(area)}Client`]({
          apiKey: "tool-schemas-test-key",
          environment: "local",
          fetch: stubFetch,
          maxRetries: 0,
          logger,
        }),
      ];
    }),
  ),
);

/** Whether the SDK takes `args` (calls fetch), or refuses them with a ValidationError before sending. */
async function sdkAccepts(area: string, tool: Tool, args: any): Promise<boolean> {
  sent = false;
  const call = clients[area]![tool.name]!;
  const takesParams = Object.keys(tool.inputSchema.properties).length > 0;
  try {
    await (takesParams ? call(tool.params ? args?.[tool.params] : args) : call());
  } catch (error) {
    if (error instanceof ValidationError && !sent) return false;
    if (!sent) throw error; // (neither a refusal nor a request: a bug to see)
  }
  if (!sent) throw new Error(`${tool.name}: nothing sent and nothing refused`);
  return true;
}

// ------------------------------------------------------------------------------------------------
// The mutations

type Path = (string | number)[];
interface Mutation {
  what: string;
  at: Path;
  value: unknown;
}
const REMOVE = Symbol("remove");

function replaceAt(value: any, at: Path, replacement: unknown): any {
  if (!at.length) return replacement;
  const [head, ...rest] = at;
  const copy: any = Array.isArray(value) ? [...value] : { ...value };
  const next = replaceAt(value?.[head!], rest, replacement);
  if (next === REMOVE) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head!];
  } else copy[head!] = next;
  return copy;
}

const typesOf = (s: any): string[] => (s?.type === undefined ? [] : [s.type].flat());
const OTHER_TYPES: [string, unknown][] = [
  ["string", "text"],
  ["integer", 7],
  ["number", 7.5],
  ["boolean", true],
  ["array", []],
  ["object", {}],
  ["null", null],
];
const BREAKERS = ["!", " ", "0OIl", "+/=", "é", ".", ""];
/** A string that `pattern` refuses, near `text`. */
function broken(pattern: string, text: string): string | undefined {
  const re = new RegExp(pattern, "u");
  for (const b of BREAKERS)
    for (const candidate of [`${text}${b}`, `${b}${text}`, b, `${b}${text.slice(1)}`])
      if (!re.test(candidate)) return candidate;
  return undefined;
}

/** Members of the tool schema `s` at the dotted `path` (`sortBy.sortBy`). */
const schemaAt = (s: any, path: string) =>
  path.split(".").reduce((node: any, key) => node?.properties?.[key], s);

/** The one-step mutations of `value`, valid or not, at each member the schema `s` describes. */
function mutationsOf(s: any, value: unknown, at: Path = []): Mutation[] {
  const out: Mutation[] = [];
  const add = (what: string, where: Path, v: unknown) => out.push({ what, at: where, value: v });
  if (s === true || s === false || !s) return out;
  const types = typesOf(s);
  for (const [t, v] of OTHER_TYPES)
    if (types.length && !types.some((own) => own === t || (own === "number" && t === "integer")))
      if (!types.includes("number") || t !== "integer") add(`a ${t}`, at, v);
  if (Array.isArray(s.enum) && typeof s.enum[0] === "string")
    add("a value out of the enum", at, "zz-not-listed");
  if (typeof value === "string") {
    if (s.pattern !== undefined) {
      const b = broken(s.pattern, value);
      if (b !== undefined) add(`the pattern broken (${JSON.stringify(b)})`, at, b);
    }
    const chars = [...value];
    if (s.minLength !== undefined) {
      if (s.minLength > 0)
        add("one character too short", at, chars.slice(0, s.minLength - 1).join(""));
      add(
        "the shortest",
        at,
        chars
          .concat(Array(s.minLength).fill(chars.at(-1) ?? "a"))
          .slice(0, s.minLength)
          .join(""),
      );
    }
    if (s.maxLength !== undefined) {
      const fill = (n: number) =>
        chars
          .concat(Array(n).fill(chars.at(-1) ?? "a"))
          .slice(0, n)
          .join("");
      add("one character too long", at, fill(s.maxLength + 1));
      add("the longest", at, fill(s.maxLength));
    }
  }
  if (typeof value === "number") {
    if (types.includes("integer")) {
      add("a fraction", at, value + 0.5);
      // (Beyond ±(2^53 - 1) a number has lost digits: the SDK asks for a bigint, JSON has none.)
      add("an unsafe integer", at, 2 ** 53);
      add("an unsafe negative integer", at, -(2 ** 53));
    }
    if (s.minimum !== undefined) {
      add("the minimum", at, s.minimum);
      add("below the minimum", at, s.minimum - 1);
    }
    if (s.maximum !== undefined) {
      add("the maximum", at, s.maximum);
      add("above the maximum", at, s.maximum + 1);
    }
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && s.minItems > 0)
      add("one item too few", at, value.slice(0, s.minItems - 1));
    if (s.maxItems !== undefined && value.length) {
      add("the most items", at, Array(s.maxItems).fill(value[0]));
      add("one item too many", at, Array(s.maxItems + 1).fill(value[0]));
    }
    if (value.length) out.push(...mutationsOf(s.items, value[0], [...at, 0]));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of s.required ?? [])
      if (name in object) add(`${name} removed`, [...at, name], REMOVE);
    if (s.additionalProperties === false) add("an unknown member", [...at, "zzUnknown"], 1);
    for (const [name, sub] of Object.entries<any>(s.properties ?? {}))
      if (name in object) out.push(...mutationsOf(sub, object[name], [...at, name]));
      else
        for (const [t, v] of OTHER_TYPES)
          if (typesOf(sub).length && !typesOf(sub).includes(t)) {
            add(`${name} given as a ${t}`, [...at, name], v);
            break;
          }
  }
  return out;
}

/** Values seen at each dotted member path in an operation's examples, for the rules' mutations. */
function valuesSeen(inputs: unknown[]): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  const walk = (v: unknown, path: string) => {
    if (path) seen.set(path, [...(seen.get(path) ?? []), v]);
    if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k, inner] of Object.entries(v)) walk(inner, path ? `${path}.${k}` : k);
  };
  for (const input of inputs) walk(input, "");
  return seen;
}

/** A value of a schema without a pattern (a member the examples do not give), else undefined. */
function simpleValue(s: any): unknown {
  if (!s || s.pattern !== undefined) return undefined;
  if ("const" in s) return s.const;
  const [type] = typesOf(s);
  if (type === "integer" || type === "number") return Math.max(s.minimum ?? 1, 1);
  if (type === "boolean") return true;
  if (type === "string") return "x".repeat(Math.max(s.minLength ?? 1, 1));
  return undefined;
}

/**
 * The rules between params (the spec's `rules`) broken, and kept: each `dependentSchemas` key given with each member
 * its rule names (with a value the examples use, or a value of the member's own enum), and each
 * `allOf` rule's condition member given each value of its own enum.
 */
function ruleMutations(
  s: any,
  rules: { dependentSchemas?: any; allOf?: any },
  base: Record<string, unknown>,
  seen: Map<string, unknown[]>,
): Mutation[] {
  const out: Mutation[] = [];
  const sample = (path: string): unknown[] => {
    const own = schemaAt(s, path);
    const made = Array.isArray(own?.enum) ? own.enum : [simpleValue(own)];
    return [...(seen.get(path) ?? []), ...made].filter((v) => v !== undefined);
  };
  const setPath = (v: any, path: string, value: unknown) => {
    const keys = path.split(".");
    const copy: any = { ...v };
    let node = copy;
    for (const key of keys.slice(0, -1)) node = node[key] = { ...(node[key] ?? {}) };
    node[keys.at(-1)!] = value;
    return copy;
  };
  const members = (rule: any, prefix = ""): string[] =>
    Object.entries<any>(rule?.properties ?? {}).flatMap(([k, sub]) =>
      sub && typeof sub === "object" && sub.properties
        ? members(sub, `${prefix}${k}.`)
        : [`${prefix}${k}`],
    );
  // (The members that cannot be given with `name`, left out of the base a rule is tried on, so
  // that only the rule tried decides.)
  const excludes = (name: string) =>
    Object.entries<any>(rules.dependentSchemas ?? {}).flatMap(([key, rule]) =>
      key === name
        ? Object.keys(rule.properties ?? {}).filter((m) => rule.properties[m] === false)
        : rule.properties?.[name] === false
          ? [key]
          : [],
    );
  const without = (v: Record<string, unknown>, names: string[]) =>
    Object.fromEntries(Object.entries(v).filter(([k]) => !names.includes(k)));
  for (const [key, rule] of Object.entries<any>(rules.dependentSchemas ?? {})) {
    const keyValue = sample(key)[0];
    if (keyValue === undefined) continue;
    for (const member of members(rule)) {
      const clear = excludes(key).filter((m) => m !== member.split(".")[0]);
      for (const v of sample(member).slice(0, 6))
        out.push({
          what: `${key} with ${member}: ${JSON.stringify(v)}`,
          at: [],
          value: setPath(setPath(without(base, clear), key, keyValue), member, v),
        });
    }
  }
  for (const rule of [rules.allOf ?? []].flat())
    for (const member of members(rule?.if))
      for (const v of sample(member))
        out.push({
          what: `${member}: ${JSON.stringify(v)} (allOf)`,
          at: [],
          value: setPath(base, member, v),
        });
  return out;
}

// ------------------------------------------------------------------------------------------------
// The disagreements on purpose

interface Exception {
  reason: string;
  /** `area operation` → the mutations (their `what`, a RegExp) where the verdicts may differ. */
  where: Record<string, RegExp>;
  /** Which side accepts. */
  accepts: "ajv" | "sdk";
}

const EXCEPTIONS: Record<string, Exception> = {
  "no params": {
    reason:
      "the SDK function takes no params (only the call options), so it never sees the tool's " +
      "arguments; the tool schema is the empty object a tool's input must be, closed so that a " +
      "model is not led to pass any",
    where: {
      "sender ping": /^zzUnknown an unknown member$|^\(input\) a \w+$/,
      "webhooks listWebhooks": /^zzUnknown an unknown member$|^\(input\) a \w+$/,
    },
    accepts: "sdk",
  },
  "the wrapped array": {
    reason:
      "getMultipleNewAddressProofsV2's params are an array (x-params: array), which the tool " +
      "wraps as `{ addresses }` (a tool's input is an object): the SDK is called with " +
      "`args.addresses`, and never sees a member beside it",
    where: { "compression getMultipleNewAddressProofsV2": /^zzUnknown an unknown member$/ },
    accepts: "sdk",
  },
  "transaction layouts": {
    reason:
      "a base64 transaction's text is held to the layout of a signed transaction once decoded " +
      "(x-solana-transaction: the SDK's vTransaction), which no JSON Schema keyword can say; the " +
      "tool schema checks its alphabet, padding and length (a text of its greatest length made " +
      "of one character is no transaction)",
    where: {
      "sender sendTransaction":
        /^\(input\) config\.encoding: "base64" \(allOf\)$|^transaction the (?:shortest|longest)$/,
    },
    accepts: "ajv",
  },
};

// ------------------------------------------------------------------------------------------------

describe("tool schemas", () => {
  it("every package of the spec has them, one tool per operation, named as the SDK's function", () => {
    for (const area of packages) {
      const names = Object.keys(modules[area]!.toolSchemas);
      expect(names.length, area).toBeGreaterThan(0);
      for (const name of names) {
        expect(modules[area]![`${name}Tool`], `${area} ${name}Tool`).toBe(
          modules[area]!.toolSchemas[name],
        );
        expect(typeof clients[area]![name], `${area} client.${name}`).toBe("function");
      }
    }
    expect([...examples.keys()].sort()).toEqual(tools.map((t) => t.key).sort());
  });

  it.each(tools.map((t) => [t.key, t] as const))(
    "%s compiles under ajv 2020-12, strict",
    (_, { tool }) => {
      expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
      expect(tool.inputSchema.type).toBe("object");
      // Self-contained and lean: no $ref, no x- keyword, no examples.
      const text = JSON.stringify(tool.inputSchema);
      expect(text).not.toMatch(/"\$ref"|"x-[\w-]+"|"examples"/);
      // What OpenAI's function calling takes (it refuses the whole request otherwise): a name of
      // ^[a-zA-Z0-9_-]{1,64}$ and a description of at most 1,024 characters (user trial 62, F2).
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.description.length).toBeLessThanOrEqual(1024);
      expect(tool.description).not.toMatch(/\(SDK\)\.\*\*/);
      // No oneOf / allOf / anyOf at the root: Anthropic's Messages API refuses such a tool, and
      // the request with it (every other tool's too): user trial 62, F1.
      expect(Object.keys(tool.inputSchema)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(?:oneOf|allOf|anyOf)$/)]),
      );
    },
  );

  it("leaves a description's SDK paragraphs out, and refuses one over 1,024 characters (user trial 62, F2)", () => {
    const method = (description: string) => ({
      area: "x",
      doc: {
        info: {},
        methods: [
          {
            name: "send",
            summary: "Send it",
            description,
            params: [{ name: "a", required: true, schema: { type: "string" } }],
            result: { name: "r", schema: {} },
          },
        ],
      },
    });
    const sdk = `**Retries (SDK).** ${"The SDK retries. ".repeat(80)}`;
    expect(toolsOf(method(`What it does.\n\n${sdk}\n\nMore.`))[0].description).toBe(
      "Send it.\n\nWhat it does.\n\nMore.",
    );
    expect(() => toolsOf(method("x".repeat(1020)))).toThrow(
      /^send: its tool description is 1030 characters, over 1024/,
    );
  });

  it("writes a method's rules as one if/then/else chain, and refuses rules a chain cannot say (user trial 62, F1)", () => {
    const { sendTransactionTool } = modules.sender as any;
    const s = sendTransactionTool.inputSchema;
    expect(s.if.properties.config.properties.encoding.enum).toEqual(["base58"]);
    expect(s.else.if.properties.config.properties.encoding.enum).toEqual(["base64"]);
    expect(s.else.else).toBeUndefined();
    // (A condition on one member, required at every level, as sendTransaction's on config.encoding.)
    const on = (path: string[], value: string) =>
      path.reduceRight<object>(
        (inner, name) => ({ properties: { [name]: inner }, required: [name] }),
        { enum: [value] },
      );
    const emit = (rules: unknown[]) =>
      toolsOf({
        area: "x",
        doc: {
          info: {},
          methods: [
            {
              name: "send",
              params: [
                { name: "a", required: true, schema: { type: "string" } },
                { name: "b", required: false, schema: { type: "string" } },
              ],
              result: { name: "r", schema: {} },
              "x-all-of": rules,
            },
          ],
        },
      });
    const then = { properties: { a: { maxLength: 3 } } };
    expect(emit([{ if: on(["b"], "x"), then }])[0].inputSchema).toMatchObject({
      if: on(["b"], "x"),
      then,
    });
    for (const rules of [
      [
        { if: on(["b"], "x"), then },
        { if: on(["b"], "x"), then },
      ], // both may hold
      [
        { if: on(["b"], "x"), then },
        { if: on(["a"], "y"), then },
      ], // two members
      [{ if: { properties: { b: { enum: ["x"] } } }, then }], // b not required
      [{ if: on(["b"], "x"), then, else: then }],
    ])
      expect(() => emit(rules), JSON.stringify(rules)).toThrow(
        /^send params: a tool schema cannot have allOf at its root/,
      );
  });

  it.each(tools.map((t) => [t.key, t] as const))(
    "%s accepts the spec's examples",
    (key, { tool }) => {
      const validate = ajv.compile(tool.inputSchema);
      for (const input of examples.get(key)!)
        expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it("says each rule between params in the description of the members it names", () => {
    const { getAssetsByOwnerTool } = modules.das as any;
    const p = getAssetsByOwnerTool.inputSchema.properties;
    expect(p.page.description).toContain("Cannot be used with before, after or cursor.");
    expect(p.cursor.description).toContain("Cannot be used with page.");
    expect(p.sortBy.description).toContain(
      'With before, after or cursor, sortBy.sortBy must be "id" (when given).',
    );
    const { sendTransactionTool } = modules.sender as any;
    expect(sendTransactionTool.inputSchema.properties.transaction.description).toContain(
      'When config.encoding is "base58": must be base58 text',
    );
    expect(sendTransactionTool.description).not.toMatch(/^Deprecated|^Beta/);
    expect((modules.mint as any).mintCompressedNftTool.description).toMatch(/^Deprecated: use /);
    expect((modules.wallet as any).getBalancesTool.description).toMatch(/^Beta: /);
  });

  it("gives each REST path or query parameter its own description, as a JSON-RPC param has (user trial 52)", () => {
    // (A model reads nothing else about the value: `cursor` said only `minLength: 1`.)
    const missing: string[] = [];
    for (const a of areas.filter((a) => a.kind === "openapi"))
      for (const item of Object.values<any>(a.doc.paths ?? {}))
        for (const o of Object.values<any>(item)) {
          if (typeof o?.operationId !== "string") continue;
          const tool = modules[a.area]![`${o.operationId}Tool`] as Tool;
          for (const ref of o.parameters ?? []) {
            const p = deref(a.doc, ref);
            if ((p.in !== "path" && p.in !== "query") || !p.description) continue;
            const said = tool.inputSchema.properties[p.name]?.description ?? "";
            if (!said.startsWith(p.description.trim().replace(/\.$/, "")))
              missing.push(`${a.area} ${o.operationId} ${p.in} ${p.name}: ${JSON.stringify(said)}`);
          }
        }
    expect(missing).toEqual([]);
    const { getTransfersTool } = modules.wallet as any;
    expect(getTransfersTool.inputSchema.properties.cursor.description).toContain(
      "`pagination.nextCursor`",
    );
  });

  const met = new Set<string>();
  it.each(tools.map((t) => [t.key, t] as const))(
    "%s: ajv and the SDK's checks agree on the examples and their mutations",
    async (key, { area, tool }) => {
      const validate = ajv.compile(tool.inputSchema);
      const inputs = examples.get(key)!;
      const seen = valuesSeen(inputs);
      const corpus: Mutation[] = inputs.flatMap((input) => [
        { what: "the example", at: [], value: input },
        ...mutationsOf(tool.inputSchema, input).map((m) => ({
          ...m,
          value: replaceAt(input, m.at, m.value),
        })),
        ...ruleMutations(tool.inputSchema, specRules(key), input as Record<string, unknown>, seen),
      ]);
      const disagreements: string[] = [];
      let refused = 0;
      for (const m of corpus) {
        const input = m.value;
        const byAjv = validate(input);
        const bySdk = await sdkAccepts(area, tool, input);
        if (!byAjv) refused++;
        if (byAjv === bySdk) continue;
        const what = `${m.at.length ? m.at.join(".") : "(input)"} ${m.what}`;
        const excused = Object.entries(EXCEPTIONS).find(
          ([, e]) => e.where[key]?.test(what) && (e.accepts === "ajv") === byAjv,
        );
        if (excused) met.add(`${excused[0]} ${key}`);
        else
          disagreements.push(
            `${what}: ajv ${byAjv ? "accepts" : `refuses (${ajv.errorsText(validate.errors)})`}, the SDK ${bySdk ? "accepts" : "refuses"}`,
          );
      }
      expect(disagreements).toEqual([]);
      // (A corpus that refuses nothing would test nothing.)
      if (Object.keys(tool.inputSchema.properties).length) expect(refused).toBeGreaterThan(0);
    },
  );

  it("every exception is met (none is left over from a fixed disagreement)", () => {
    const listed = Object.entries(EXCEPTIONS).flatMap(([name, e]) =>
      Object.keys(e.where).map((key) => `${name} ${key}`),
    );
    expect([...met].sort()).toEqual(listed.sort());
  });

  it("each tool's JSON is that of its self-contained schema, every $ref inlined", () => {
    const inlined = new Map<string, Tool>(
      packagesOf(areas).flatMap(([main, http]: [any, any]) =>
        toolsOf(main, http).map((t: Tool) => [`${main.area} ${t.name}`, t]),
      ),
    );
    expect([...inlined.keys()].sort()).toEqual(tools.map((t) => t.key).sort());
    for (const { key, tool } of tools) {
      // (As a host sends it: the same bytes as before the shared parts, key order included.)
      expect(JSON.stringify(tool), key).toBe(JSON.stringify(inlined.get(key)));
      expect(JSON.stringify(tool), key).not.toContain('"$ref"');
    }
  });

  it("writes a part that two tools' schemas have once: the same object in both", () => {
    for (const area of packages) {
      // Every object below the input schemas, by its JSON: those of a size (the generator's
      // SHARED_MIN_LENGTH, 80) found twice must be one object.
      // (A map of schemas, `properties`' value, is not a schema: only schemas are shared.)
      const found = new Map<string, Set<object>>();
      const walk = (node: unknown, isSchema: boolean) => {
        if (!node || typeof node !== "object") return;
        if (isSchema && !Array.isArray(node)) {
          const text = JSON.stringify(node);
          if (text.length >= 80) found.set(text, (found.get(text) ?? new Set()).add(node));
        }
        for (const [k, v] of Object.entries(node))
          walk(v, !/^(properties|patternProperties|dependentSchemas|\$defs)$/.test(k));
      };
      for (const tool of Object.values(modules[area]!.toolSchemas))
        for (const v of Object.values(tool.inputSchema)) walk(v, false);
      for (const [text, objects] of found)
        expect(objects.size, `${area}: ${text.slice(0, 80)}`).toBe(1);
    }
    // The 572 transaction types of createWebhook and updateWebhook: one part of both.
    const w = modules.webhooks as any;
    expect(w.createWebhookTool.inputSchema.properties.transactionTypes).toBe(
      w.updateWebhookTool.inputSchema.properties.transactionTypes,
    );
  });

  it("a list of values core has (the transaction types) is core's list, in no area's source (decision 0021)", async () => {
    const { knownTransactionTypes } = await import("@chaindata/core/known-values");
    const w = modules.webhooks as any;
    const [known] = w.createWebhookTool.inputSchema.properties.transactionTypes.items.anyOf;
    expect(known.enum).toBe(knownTransactionTypes);
    expect((modules.wallet as any).getHistoryTool.inputSchema.properties.type.anyOf[0].enum).toBe(
      knownTransactionTypes,
    );
    for (const area of packages) {
      const text = readFileSync(`${root}packages/${area}/src/generated/tool-schemas.ts`, "utf8");
      expect(text, area).not.toContain(`"${knownTransactionTypes[1]}"`);
    }
  });

  it("every object of a module is frozen: changing one tool's schema throws, and no other changes", () => {
    for (const area of packages) {
      const open: string[] = [];
      const walk = (node: unknown, at: string) => {
        if (!node || typeof node !== "object") return;
        if (!Object.isFrozen(node)) open.push(at);
        for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
      };
      walk(modules[area]!.toolSchemas, area);
      expect(open).toEqual([]);
    }
    const w = modules.webhooks as any;
    const before = JSON.stringify(w.updateWebhookTool);
    // (ES modules are strict: a write to a frozen object throws.)
    expect(() => {
      w.createWebhookTool.inputSchema.properties.transactionTypes.description = "changed";
    }).toThrow(TypeError);
    expect(() => {
      w.createWebhookTool.inputSchema.properties.transactionTypes.items.anyOf[0].enum.push("X");
    }).toThrow(TypeError);
    expect(JSON.stringify(w.updateWebhookTool)).toBe(before);
  });

  it("the freezing helper and the transaction types are core's, so every area's tools bundled together carry them once (review 71, F1)", async () => {
    // (From the sources, as a bundler resolves the subpaths and core: no build needed.)
    const { build } = await import("esbuild");
    const bundled = await build({
      entryPoints: [`${root}packages/sdk/src/generated/tool-schemas.ts`],
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      logLevel: "error",
      plugins: [
        {
          name: "chaindata-sources",
          setup(b) {
            b.onResolve({ filter: /^@chaindata\// }, ({ path }) => {
              const [, area, subpath] = /^@chaindata\/([^/]+)(\/.+)?$/.exec(path)!;
              return {
                path: subpath
                  ? `${root}packages/${area}/src/generated${subpath}.ts`
                  : `${root}packages/${area}/src/index.ts`,
              };
            });
          },
        },
      ],
    });
    const code = bundled.outputFiles[0]!.text;
    expect(code.split("Object.isFrozen(").length - 1).toBe(1);
    // And the transaction types once, core's list, where webhooks and wallet had a copy each.
    const { knownTransactionTypes } = await import("@chaindata/core/known-values");
    expect(code.split(`"${knownTransactionTypes[1]}"`).length - 1).toBe(1);
    for (const area of packages)
      expect(readFileSync(`${root}packages/${area}/src/generated/tool-schemas.ts`, "utf8")).toMatch(
        /^import \{ deepFreeze \} from "@chaindata\/core";$/m,
      );
  });

  it("@chaindata/sdk/tool-schemas: every area's tools, the areas' own, each with its client member", async () => {
    const sdk = await import(`${root}packages/sdk/src/generated/tool-schemas.ts`);
    const { createChainDataClient } = await import("@chaindata/sdk");
    const client = createChainDataClient({ apiKey: "tool-schemas-test-key", fetch: stubFetch });
    let count = 0;
    for (const area of packages) {
      // (The sdk's module imports the areas' built subpaths: the same objects, not copies.)
      const own = (await import(`@chaindata/${area}/tool-schemas`)).toolSchemas;
      for (const [name, tool] of Object.entries(own)) {
        count++;
        expect(sdk.toolSchemas[name], `${area} ${name}`).toBe(tool);
        const member = sdk.toolAreas[name];
        expect(member, name).toBe(area.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
        expect(typeof (client as any)[member][name], `client.${member}.${name}`).toBe("function");
      }
    }
    // None lost to a name two areas have (a spread keeps the last one without a word).
    expect(Object.keys(sdk.toolSchemas)).toHaveLength(count);
    expect(Object.keys(sdk.toolAreas)).toHaveLength(count);
    expect(Object.isFrozen(sdk.toolSchemas) && Object.isFrozen(sdk.toolAreas)).toBe(true);
  });

  it("a recursive input is refused naming the operation, the way through its $refs and the YAML file (review 71, F7)", () => {
    const doc = {
      components: {
        schemas: {
          Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } },
        },
      },
    };
    const input = { type: "object", properties: { root: { $ref: "#/components/schemas/Node" } } };
    expect(() => toolSchema(doc, input, "getTree params")).toThrow(
      "getTree params/properties/root → #/components/schemas/Node/properties/child: #/components/schemas/Node leads back to itself; a tool schema inlines every $ref, so a recursive input needs $defs in scripts/generate/tool-schemas.mjs",
    );
    // (The emitter names the area, and the bundle's pointers as the YAML places, from the origins.)
    const main = {
      area: "tree",
      kind: "openrpc",
      file: "openrpc/tree.json",
      origins: {
        document: "spec/openrpc/tree.yaml",
        components: { "schemas/Node": "spec/schemas/tree.yaml#/Node" },
      },
      doc: {
        ...doc,
        info: {},
        methods: [
          {
            name: "getTree",
            params: [
              { name: "root", required: true, schema: { $ref: "#/components/schemas/Node" } },
            ],
            result: { name: "tree", schema: {} },
          },
        ],
      },
    };
    expect(() => emitToolSchemas(main, undefined)).toThrow(
      /^tree: getTree params\/properties\/root → spec\/schemas\/tree\.yaml#\/Node\/properties\/child: spec\/schemas\/tree\.yaml#\/Node leads back to itself/,
    );
  });

  it("the generator refuses two areas' tools of one name for the sdk's record", () => {
    expect(() =>
      emitSdkToolSchemas([
        { area: "das", names: ["getAsset", "getAssetBatch"] },
        { area: "token-metadata", names: ["getTokenMetadata", "getAsset"] },
      ]),
    ).toThrow(/getAsset \(@chaindata\/das and @chaindata\/token-metadata\)/);
    expect(Object.keys(emitSdkToolSchemas([{ area: "das", names: ["getAsset"] }]))).toEqual([
      "packages/sdk/src/generated/tool-schemas.ts",
    ]);
  });

  it("a second emit is identical, and equal to the committed files", async () => {
    const first = await generate();
    const second = await generate();
    for (const area of [...packages, "sdk"]) {
      const path = `packages/${area}/src/generated/tool-schemas.ts`;
      expect(second[path], path).toBe(first[path]);
      const { readFileSync } = await import("node:fs");
      expect(readFileSync(`${root}${path}`, "utf8"), path).toBe(first[path]);
    }
  });
});
