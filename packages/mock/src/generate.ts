/**
 * Dynamic answers that look like the API's. Prism generates them with json-schema-faker, which
 * knows only the schema: an integer or a number from −1e8 to 1e8 where the schema gives no bound
 * (so a u64 never passes 2^53), lorem ipsum in a plain string, a scheme and nothing else for a URL
 * pattern (`httpS://`). The spec states the bounds the API has (a fee or a balance is never
 * negative, a mint's decimals is one byte); what is only usual, and would refuse valid data as a
 * bound, is a generation hint here. The mock writes each hint into the documents it gives Prism, as
 * a keyword (HINT) that json-schema-faker calls back for and that nothing else reads: Prism still
 * validates every answer against the spec's schemas. See README, "Dynamic data".
 */
import { STATUS_CODES } from "node:http";
import { toBase58 } from "./echo.js";
import { isObject } from "./json.js";

/**
 * The keyword: json-schema-faker reads `x-<name>` as its keyword `<name>`, for which the mock
 * defines a generator.
 */
export const HINT = "x-chaindata-generate";

/**
 * What a schema's values are made of: `u64` (now and then past 2^53), `decimals`, `time` (a block
 * time, Unix seconds), `date` / `date-time` (in the same years), `url` (`https://…`), `near` (a
 * number about as large as the spec's example), `pick` (one of these strings: the spec's examples
 * of a plain string, the known values of an open enum, the values of STRINGS), `text` (a string of
 * that kind, made from WORDS), `base58` (that many random bytes as base58 text: the schema's
 * `x-base58-bytes`, which the client holds an address, a hash or a signature to).
 */
export type Hint =
  | "u64"
  | "decimals"
  | "time"
  | "date"
  | "date-time"
  | "url"
  | { near: number }
  | { pick: string[] }
  | { text: Text }
  | { base58: number };

/**
 * `name` ("Neon Otter"), `symbol` (2 to 6 upper-case letters, "NOTTER"), `description` (a
 * sentence), `address` (a public key: 32 random bytes as base58), `domain` ("otter42.sol").
 */
export type Text = "name" | "symbol" | "description" | "address" | "domain";

/** What is usual, not a rule (no source bounds it, so the spec does not). */
export const USUAL = {
  /** A mint's decimals: at most 255 on chain (the spec's bound), at most 18 in practice. */
  decimals: [0, 18],
  /** A block time: from Solana's mainnet beta (2020-03-16) to the end of 2026. */
  time: [1584316800, 1798761599],
  /** A u64 past 2^53: one value in this many, where the schema allows it. */
  u64PastSafe: 4,
} as const;

/** Plain strings (no format, pattern or enum) that hold a URL, by property name. */
const URL_NAMES = new Set([
  "uri",
  "json_uri",
  "cdn_uri",
  "image",
  "external_url",
  "animation_url",
  "logoUri",
  "logoURI",
  "imageUri",
]);
const URL_HOSTS = ["arweave.net", "ipfs.io/ipfs", "cdn.example.com", "example.org"];
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

const TRAITS = ["Background", "Eyes", "Fur", "Hat", "Mouth", "Clothes"];
const TRAIT_VALUES = ["Dusk", "Teal", "Laser", "Crown", "Grin", "Denim", "Golden", "None"];

/**
 * Plain strings the spec gives no example of (json-schema-faker would write lorem ipsum), by
 * property name, or `<title of its object>.<name>` where the name alone says too little: what they
 * hold. A `pick` adds to the spec's examples where it has some (three traits are not all
 * `Background`); a `text` is for strings the spec gives no example of. `AssetAttribute.value` has
 * no type in the spec (metadata is free-form): it is generated as a string.
 */
const STRINGS: Record<string, { pick: string[] } | { text: Text }> = {
  name: { text: "name" },
  symbol: { text: "symbol" },
  description: { text: "description" },
  trait_type: { pick: TRAITS },
  traitType: { pick: TRAITS },
  "AssetAttribute.value": { pick: TRAIT_VALUES },
  "LegacyOffChainAttribute.value": { pick: TRAIT_VALUES },
  // (the display contexts of helius-sdk's enums.d.ts, which the schema's x-source lists)
  contexts: {
    pick: ["wallet-default", "web-desktop", "web-mobile", "app-mobile", "app-desktop", "app", "vr"],
  },
  // an asset's id, an account's address (a page's cursors: paging.ts and echo.ts)
  "AssetListError.id": { text: "address" },
  "AssetRoyalty.target": { text: "address" },
  "Asset.agent_token": { text: "address" },
  "Asset.asset_signer": { text: "address" },
  "AssetListError.error": { pick: ["Failed to deserialize asset data", "Asset not indexed yet"] },
  "WalletHistoryItem.error": {
    pick: [
      "Instruction 2: custom program error: 0x1771",
      "Instruction 0: insufficient funds",
      "Instruction 1: slippage tolerance exceeded",
    ],
  },
  "DeleteWebhookResponse.message": { pick: ["Webhook deleted"] },
};

/** The words of `text` hints. */
const WORDS = {
  adjectives: ["Solar", "Lunar", "Neon", "Quiet", "Golden", "Frosty", "Wild", "Cosmic", "Velvet"],
  nouns: ["Fox", "Lotus", "Comet", "Tiger", "Ember", "Orbit", "Pixel", "Otter", "Koi", "Raven"],
  tlds: ["sol", "sol", "sol", "bonk", "abc"],
};

/**
 * The hint for one schema, if any. `name`: the property it is the schema of; `examples`: the
 * values the spec's examples give it (its own `examples`, and those of the object it is a property
 * of, at its name); `deref`: the schema a `$ref` names.
 */
export function hintOf(
  schema: any,
  name: string | undefined,
  examples: unknown[],
  deref: (s: any) => any,
  owner?: string,
): Hint | undefined {
  if (!isSchema(schema) || "$ref" in schema) return undefined; // (the schema it names has its own)
  const types = [schema.type ?? []].flat();
  // (Its pattern's random characters would be another byte count most of the time: a 44-character
  // text is 33 bytes seven times in ten, and a client that parses the address throws.)
  const bytes = schema["x-base58-bytes"];
  if (types.includes("string") && Number.isInteger(bytes) && bytes > 0) return { base58: bytes };
  const plain =
    schema.format === undefined && schema.pattern === undefined && schema.enum === undefined;
  if (types.includes("integer")) {
    if (schema.format === "uint64") return "u64";
    if (name === "decimals") return "decimals";
  }
  // (A u64 the service writes as digits, the wallet's `amountRaw`.)
  if (types.includes("string") && schema.format === "uint64") return "u64";
  const byName = name === undefined ? undefined : (STRINGS[`${owner}.${name}`] ?? STRINGS[name]);
  if (types.includes("string") || (isUntyped(schema) && byName)) {
    if (schema.format === "date" || schema.format === "date-time") return schema.format;
    if (schema.format === "uri" || (plain && URL_NAMES.has(name ?? ""))) return "url";
    const strings = [...new Set(examples.filter((e): e is string => typeof e === "string"))];
    if (plain && byName && "pick" in byName)
      return { pick: [...new Set([...strings, ...byName.pick])] };
    if (plain && strings.length) return { pick: strings };
    if (plain && byName) return byName;
  }
  const number = examples.find((e) => typeof e === "number" && e !== 0) as number | undefined;
  if (types.includes("number") && number !== undefined) return { near: Math.abs(number) };
  // an open enum (spec/README.md): the known values, not a random string of the open branch
  const [known, open] = (schema.anyOf ?? []).map(deref);
  if (
    schema.anyOf?.length === 2 &&
    known?.enum?.every((v: unknown) => typeof v === "string") &&
    [open?.type].flat().includes("string") &&
    open.enum === undefined
  )
    return { pick: known.enum };
  return undefined;
}

// (`any`: a schema is read member by member, each as the keyword says)
const isSchema = (s: any): boolean => isObject(s);

/** A schema that takes any value: no type, and nothing that implies one. */
const isUntyped = (s: any): boolean =>
  ["type", "anyOf", "oneOf", "allOf", "enum", "const", "properties", "items"].every(
    (k) => !(k in s),
  );

/**
 * Writes the hint of every schema of `doc` (an OpenAPI document as Prism gets it) into it, as
 * HINT: its named schemas (`UnixTimestamp` is a block time), each property by its name, the
 * schemas of its operations, and the text of their error answers (hintErrorText).
 */
export function addGenerationHints(doc: any): any {
  const named: Record<string, any> = doc.components?.schemas ?? {};
  // (a schema's `$ref`, `#/components/schemas/…`, or a response's, `#/components/responses/…`)
  const deref = (s: any) => {
    for (let i = 0; i < 20 && typeof s?.$ref === "string"; i++)
      s = s.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce((node: any, key: string) => node?.[key], doc);
    return s;
  };
  // `owner`: the title of the object the schema is a property of
  const visit = (schema: any, name?: string, inherited: unknown[] = [], owner?: string) => {
    if (!isSchema(schema)) return;
    const examples = [...(Array.isArray(schema.examples) ? schema.examples : []), ...inherited];
    const hint = hintOf(schema, name, examples, deref, owner);
    if (hint) schema[HINT] = hint;
    if (hint && typeof hint === "object" && "base58" in hint) nullAsBranch(schema);
    // json-schema-faker generates an untyped schema's keywords as an object, and calls no hint
    // back for it; a `minLength` (which every value meets) makes it infer a string
    if (hint && isUntyped(schema)) schema.minLength ??= 0;
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      visit(
        property,
        key,
        examples.filter(isObject).map((e) => e[key]),
        schema.title,
      );
    // (the items of a list are what its name says: `contexts`)
    visit(schema.items, name, examples.filter(Array.isArray).flat());
    visit(schema.additionalProperties);
    // (a nullable property's branches are still that property, and a rule's outcomes that schema:
    // a JSON-RPC 200's result, convert.ts resultOrError)
    for (const key of ["anyOf", "oneOf", "allOf"])
      for (const branch of schema[key] ?? []) visit(branch, name, inherited, owner);
    for (const branch of [schema.then, schema.else]) visit(branch, name, inherited, owner);
  };
  for (const [name, schema] of Object.entries(named)) {
    visit(schema);
    if (!isSchema(schema)) continue;
    if (name === "UnixTimestamp") schema[HINT] = "time";
    if (name === "Domain") schema[HINT] = { text: "domain" };
  }
  // the schemas of the operations: every `schema` member, not inside examples
  const operations = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(operations);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node))
      if (key === "schema") visit(value);
      else if (key !== "examples" && key !== "example" && key !== "schemas") operations(value);
  };
  operations(doc.paths);
  operations(doc.components);
  // the error answers of the operations (a shared one once: its examples are the same)
  const answered = new Set<unknown>();
  for (const item of Object.values<any>(doc.paths ?? {}))
    for (const operation of Object.values<any>(isObject(item) ? item : {}))
      for (const [status, response] of Object.entries<any>(operation?.responses ?? {})) {
        const target = deref(response);
        if (!/^[45]/.test(status) || !isObject(target) || answered.has(target)) continue;
        answered.add(target);
        hintErrorText(target, status, deref);
      }
  return doc;
}

/**
 * A schema of a type list with null (`OptionalAccount`) as the same choice written as an `anyOf`
 * of its string and null. json-schema-faker picks one type of a list before it calls the hint
 * back, and takes the hint's value only where it is of the type picked: having picked null, it
 * writes random text of the pattern instead (an address of 29 to 33 bytes). Of an `anyOf`, it
 * picks a branch, and the string branch's hint is of its type.
 */
function nullAsBranch(schema: Record<string, any>) {
  const types: unknown[] = [schema.type ?? []].flat();
  if (types.length < 2 || !types.includes("null")) return;
  const others = types.filter((t) => t !== "null");
  const string = { ...schema, type: others.length === 1 ? others[0] : others };
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [string, { type: "null" }];
}

/**
 * The names of an error body's strings that hold its text (as the SDK reads them: `error.message`,
 * `error`, `message`).
 */
const ERROR_TEXT_NAMES = new Set(["message", "error"]);

/**
 * The text of an error answer, which the SDK puts in its error's message (json-schema-faker would
 * write lorem ipsum: "HTTP 429 Too Many Requests from getTransfers: laborum aliqua"): a plain
 * string of the body named `message` or `error` (`{ error: { code, message } }`, `{ error }`,
 * `{ message }`, a JSON-RPC error object), or a text body, picks one of the messages of the
 * response's examples; where it has none, the status's reason phrase ("Too Many Requests"; for a
 * range, `5XX`, the response's description). The schema of each content becomes a copy that
 * carries the hint: the named one (`ErrorBody`) is every status's.
 */
function hintErrorText(response: Record<string, any>, status: string, deref: (s: any) => any) {
  const contents = Object.values<any>(response.content ?? {}).filter(isObject);
  const values = contents.flatMap((c) => [
    ...Object.values<any>(isObject(c.examples) ? c.examples : {}).map((e) => e?.value),
    ...("example" in c ? [c.example] : []),
  ]);
  const said = [...new Set(values.flatMap(errorText))];
  const plainly: unknown = STATUS_CODES[status] ?? response.description;
  const text = said.length ? said : typeof plainly === "string" && plainly ? [plainly] : [];
  if (!text.length) return;
  const hint = { pick: text };
  const mark = (schema: any, name?: string) => {
    if (!isSchema(schema) || "$ref" in schema) return;
    const plain = ["format", "pattern", "enum", "const"].every((k) => !(k in schema));
    const text = name === undefined || ERROR_TEXT_NAMES.has(name);
    if (text && plain && [schema.type ?? []].flat().includes("string")) schema[HINT] = hint;
    for (const [key, property] of Object.entries(schema.properties ?? {})) mark(property, key);
    for (const key of ["anyOf", "oneOf", "allOf"])
      for (const branch of schema[key] ?? []) mark(branch, name);
  };
  for (const content of contents) {
    const schema = deref(content.schema);
    if (!isSchema(schema)) continue;
    content.schema = structuredClone(schema);
    mark(content.schema);
  }
}

/**
 * The text of an error example: a text body, or its `error.message`, `error` and `message` strings.
 */
export const errorText = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : isObject(value)
      ? [isObject(value.error) ? value.error.message : value.error, value.message].filter(
          (m): m is string => typeof m === "string" && m !== "",
        )
      : [];

/**
 * A value for `hint` that `schema` (the schema being generated, its bounds included) takes, drawn
 * with `random` (json-schema-faker's, seeded per request: the same seed, the same value). A u64
 * past 2^53 is a number too (json-schema-faker takes only a number for an integer): exactIntegers
 * gives it the digits a number cannot hold.
 */
export function generateFor(hint: Hint, schema: any, random: () => number): unknown {
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const bounded = ([lo, hi]: readonly [number, number]) =>
    between(Math.max(lo, schema.minimum ?? lo), Math.min(hi, schema.maximum ?? hi));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  if (typeof hint === "object" && "pick" in hint) return fitting(schema, () => pick(hint.pick));
  if (typeof hint === "object" && "text" in hint)
    return fitting(schema, () => text(hint.text, pick, between));
  if (typeof hint === "object" && "base58" in hint) return randomBase58(hint.base58, between);
  if (typeof hint === "object") {
    // log-uniform from a hundredth to a hundred times the example, signed where it may be negative
    const value = hint.near * 10 ** (4 * random() - 2);
    const lo = schema.minimum ?? -Infinity;
    const signed = lo < 0 && random() < 0.5 ? -value : value;
    return Math.min(schema.maximum ?? Infinity, Math.max(lo, Number(signed.toPrecision(6))));
  }
  switch (hint) {
    case "u64": {
      const value = u64(schema, random, between);
      // (As digits where the service writes them so, past 2^53 with low digits of their own, as
      // exactIntegers gives a number: a client that reads them through a number loses them.)
      if (![schema.type].flat().includes("string")) return value;
      return value > SAFE ? String(BigInt(value) + BigInt(between(0, 2 ** 20))) : String(value);
    }
    case "decimals":
      return bounded(USUAL.decimals);
    case "time":
      return bounded(USUAL.time);
    case "date":
    case "date-time": {
      const iso = new Date(between(...USUAL.time) * 1000).toISOString();
      return hint === "date" ? iso.slice(0, 10) : iso;
    }
    case "url": {
      const id = Array.from({ length: between(8, 44) }, () => BASE58[between(0, 57)]).join("");
      return `https://${URL_HOSTS[between(0, URL_HOSTS.length - 1)]}/${id}`;
    }
  }
}

/**
 * A string of `make` that the schema takes (its pattern, its length bounds), in a few tries; else
 * undefined, which json-schema-faker answers by generating the value itself.
 */
function fitting(schema: any, make: () => string): string | undefined {
  for (let tries = 0; tries < 5; tries++) {
    const value = make();
    const length = [...value].length;
    if (length < (schema.minLength ?? 0) || length > (schema.maxLength ?? Infinity)) continue;
    try {
      if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value))
        continue;
    } catch {
      return undefined; // (a pattern JavaScript does not read: json-schema-faker's own)
    }
    return value;
  }
  return undefined;
}

/** A string of the kind `kind`, from WORDS. */
function text(
  kind: Text,
  pick: <T>(list: readonly T[]) => T,
  between: (lo: number, hi: number) => number,
): string {
  const adjective = pick(WORDS.adjectives);
  const noun = pick(WORDS.nouns);
  switch (kind) {
    case "name":
      return `${adjective} ${noun}`;
    case "symbol":
      return `${adjective[0]}${noun}`.toUpperCase();
    case "description":
      return pick([
        `A collection of ${between(100, 9999)} ${adjective} ${noun} NFTs on Solana.`,
        `The ${adjective} ${noun} community token.`,
        `${adjective} ${noun}: drawn by hand, minted on Solana.`,
      ]);
    case "address":
      return randomBase58(32, between);
    case "domain":
      return `${noun.toLowerCase()}${pick(["", String(between(1, 999))])}.${pick(WORDS.tlds)}`;
  }
}

/** `bytes` random bytes as base58 text: 32 make an address (32 to 44 characters, most 44). */
const randomBase58 = (bytes: number, between: (lo: number, hi: number) => number) =>
  toBase58(Uint8Array.from({ length: bytes }, () => between(0, 255)));

/**
 * `object` (generated) with its `symbol` and `description` made of the words of its `name`, where
 * each is a `text` hint's (a generated collection is one: `Neon Otter`, `NOTTER`, "The Neon Otter
 * community token."); the same object where its name is not.
 */
export function sameWords(object: Record<string, unknown>): Record<string, unknown> {
  const words = typeof object.name === "string" ? textWords(object.name) : undefined;
  if (!words) return object;
  const [adjective, noun] = words;
  const out = { ...object };
  if (typeof out.symbol === "string" && symbolWords(out.symbol))
    out.symbol = `${adjective[0]}${noun}`.toUpperCase();
  if (typeof out.description === "string") {
    const said = out.description.split(/[ :]/);
    const other = said.findIndex((w) => WORDS.adjectives.includes(w));
    if (other >= 0 && WORDS.nouns.includes(said[other + 1] ?? ""))
      out.description = out.description.replace(
        `${said[other]} ${said[other + 1]}`,
        `${adjective} ${noun}`,
      );
  }
  return out;
}

/** The adjective and the noun of a `name` text, if `name` is one. */
function textWords(name: string): [string, string] | undefined {
  const [adjective, noun, more] = name.split(" ");
  return adjective &&
    noun &&
    more === undefined &&
    WORDS.adjectives.includes(adjective) &&
    WORDS.nouns.includes(noun)
    ? [adjective, noun]
    : undefined;
}

/** Whether `symbol` is a `symbol` text (an adjective's initial and a noun). */
const symbolWords = (symbol: string) =>
  WORDS.adjectives.some((a) => WORDS.nouns.some((n) => `${a[0]}${n}`.toUpperCase() === symbol));

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A u64: in one value of USUAL.u64PastSafe (where the schema allows values that large) a number
 * from 2^53 to 2^63, so that answers carry integers a JSON.parse would round; otherwise one of
 * any order of magnitude below 10^15 (a lamport balance, a raw amount, a supply of 1).
 */
function u64(schema: any, random: () => number, between: (lo: number, hi: number) => number) {
  const lo = Math.max(0, schema.minimum ?? 0);
  const hi = Math.min(schema.maximum ?? 2 ** 64, 2 ** 64);
  if (hi >= 2 ** 63 && random() < 1 / USUAL.u64PastSafe) {
    const mantissa = 2 ** 52 + Math.floor(random() * 2 ** 52);
    return mantissa * 2 ** between(1, 10);
  }
  return Math.min(hi, SAFE, lo + Math.floor(random() * 10 ** between(0, 15)));
}

/**
 * `body` (a generated answer) with each integer past 2^53 as the exact `bigint` it stands for.
 * The generator made such a number as 53 random bits times 2^k (k ≥ 1); the bits below those, which
 * no number holds, are made from the bits above (the same number, the same digits), less than half
 * a step of 2^k, so that `Number(value)` gives the number back and Prism's validation of the
 * number holds for the value. A client that reads the digits through a `number` loses them.
 */
export function exactIntegers(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(exactIntegers);
  if (isObject(body))
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, exactIntegers(v)]));
  const n = body;
  if (typeof n !== "number" || !Number.isInteger(n) || Number.isSafeInteger(n)) return n;
  if (Math.abs(n) >= 2 ** 64) return n;
  const big = BigInt(n);
  const magnitude = big < 0n ? -big : big;
  const k = BigInt(magnitude.toString(2).length - 53); // numbers this large are 2^k apart
  // the top k − 1 bits of the 53 bits times a large odd number: below half a step, from every bit
  const mixed = ((magnitude >> k) * 0x9e3779b97f4a7c15n) & (2n ** 64n - 1n);
  const below = mixed >> (64n - (k - 1n));
  return big < 0n ? big - below : big + below;
}
