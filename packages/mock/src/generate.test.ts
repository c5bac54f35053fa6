/**
 * generate.ts: which schema gets which hint, what each hint generates (within the schema's bounds,
 * the same values for the same random numbers), and the exact digits of a u64 past 2^53.
 * test/contract/dynamic-data.test.ts reads the generated answers of every operation through the
 * clients.
 */
import { fromBase58 } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import {
  addGenerationHints,
  exactIntegers,
  generateFor,
  HINT,
  sameWords,
  USUAL,
  type Hint,
} from "./generate.js";

/** A seeded random number generator (mulberry32), as json-schema-faker's is seeded per request. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** How many bytes base58 `text` decodes to (undefined: not base58). */
const bytesOf = (text: unknown) => fromBase58(String(text))?.length;
const draw = (hint: Hint, schema: object = {}, n = 2000, seed = 1) => {
  const random = seeded(seed);
  return Array.from({ length: n }, () => generateFor(hint, schema, random));
};

describe("addGenerationHints", () => {
  const doc = addGenerationHints({
    paths: {
      "/x": {
        get: {
          responses: {
            "200": {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { image: { type: "string" } } },
                  examples: { one: { value: { image: "not a schema" } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        U64: { type: "integer", format: "uint64", minimum: 0 },
        UnixTimestamp: { type: "integer" },
        Known: { type: "string", enum: ["A", "B"] },
        Open: { anyOf: [{ $ref: "#/components/schemas/Known" }, { type: "string" }] },
        Item: {
          type: "object",
          properties: {
            decimals: { type: "integer", minimum: 0, maximum: 255 },
            fee: { type: "number", minimum: 0, examples: [0.000005] },
            symbol: { type: "string" },
            tags: { type: "array", items: { type: "string" } },
            logoUri: { type: ["string", "null"] },
            address: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$", examples: ["x"] },
            signature: {
              type: ["string", "null"],
              pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$",
              "x-base58-bytes": 64,
            },
            when: { type: "string", format: "date-time" },
            hook: { type: "string", format: "uri", pattern: "^https://" },
            kind: { $ref: "#/components/schemas/Open" },
            amount: { $ref: "#/components/schemas/U64" },
            count: { type: "integer" },
          },
          examples: [{ symbol: "USDC", tags: ["stablecoin"] }, { symbol: "SOL" }],
        },
        Domain: {
          type: "string",
          pattern: "^[^\\s/.]+(\\.[^\\s/.]+)*\\.[a-z0-9-]+$",
          examples: ["toly.sol"],
        },
        AssetAttribute: {
          title: "AssetAttribute",
          type: "object",
          properties: { trait_type: { type: "string" }, value: { description: "free-form" } },
          examples: [{ trait_type: "Background", value: "Dusk" }],
        },
        AssetRoyalty: {
          title: "AssetRoyalty",
          type: "object",
          properties: { target: { type: ["string", "null"] } },
        },
        Collection: {
          type: "object",
          properties: {
            name: { type: "string" },
            symbol: { type: "string" },
            description: { type: "string" },
            contexts: { type: "array", items: { type: "string" } },
            target: { type: "string" },
            code: { type: "string", pattern: "^[A-Z]+$" },
            burnt: { description: "untyped, not a string the mock knows" },
          },
        },
      },
    },
  });
  const { U64, UnixTimestamp, Open, Item, Domain, AssetAttribute, AssetRoyalty, Collection } =
    doc.components.schemas;
  const item = Item.properties;

  it("writes the hint of each schema: by its format, its name, its examples and its parent's, an open enum's known values", () => {
    expect(U64[HINT]).toBe("u64");
    expect(UnixTimestamp[HINT]).toBe("time");
    expect(Open[HINT]).toEqual({ pick: ["A", "B"] });
    expect(item.decimals[HINT]).toBe("decimals");
    expect(item.fee[HINT]).toEqual({ near: 0.000005 });
    expect(item.symbol[HINT]).toEqual({ pick: ["USDC", "SOL"] });
    expect(item.tags.items[HINT]).toEqual({ pick: ["stablecoin"] });
    expect(item.logoUri[HINT]).toBe("url");
    expect(item.when[HINT]).toBe("date-time");
    expect(item.hook[HINT]).toBe("url");
    expect(
      doc.paths["/x"].get.responses["200"].content["application/json"].schema.properties.image[
        HINT
      ],
    ).toBe("url");
  });

  it("strings the spec gives no example of, by name (or its object's title and its name): names, symbols, descriptions, addresses, list items; a domain by its schema", () => {
    const c = Collection.properties;
    expect(c.name[HINT]).toEqual({ text: "name" });
    expect(c.symbol[HINT]).toEqual({ text: "symbol" });
    expect(c.description[HINT]).toEqual({ text: "description" });
    expect(c.contexts.items[HINT]).toMatchObject({
      pick: expect.arrayContaining(["wallet-default"]),
    });
    expect(AssetRoyalty.properties.target[HINT]).toEqual({ text: "address" });
    expect(Domain[HINT]).toEqual({ text: "domain" });
    // the spec's examples still win where they are all a name can be; a table adds to them
    expect(item.symbol[HINT]).toEqual({ pick: ["USDC", "SOL"] });
    const traits = AssetAttribute.properties;
    expect(traits.trait_type[HINT].pick).toEqual(expect.arrayContaining(["Background", "Eyes"]));
    expect(traits.value[HINT].pick).toEqual(expect.arrayContaining(["Dusk", "Teal"]));
    // an untyped value made a string: json-schema-faker infers the type from `minLength`
    expect(traits.value.minLength).toBe(0);
  });

  it("a string counted in bytes (`x-base58-bytes`): that many random bytes, whatever its pattern; with null, as an anyOf (json-schema-faker, having picked null of a type list, writes the pattern's text)", () => {
    const counted = {
      type: "string",
      pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$",
      "x-base58-bytes": 64,
      [HINT]: { base58: 64 },
    };
    expect(item.signature).toEqual({ anyOf: [counted, { type: "null" }] });
  });

  it("leaves a name the title does not name (`target` alone), a pattern, and an untyped schema it has no string for", () => {
    expect(Collection.properties.target[HINT]).toBeUndefined();
    expect(Collection.properties.code[HINT]).toBeUndefined();
    expect(Collection.properties.burnt[HINT]).toBeUndefined();
    expect(Collection.properties.burnt).not.toHaveProperty("minLength");
  });

  it("leaves a pattern (an address), a `$ref` (the schema it names has its own), an integer without a name it knows, and examples alone", () => {
    expect(item.address[HINT]).toBeUndefined();
    expect(item.kind[HINT]).toBeUndefined();
    expect(item.amount[HINT]).toBeUndefined();
    expect(item.count[HINT]).toBeUndefined();
    expect(
      doc.paths["/x"].get.responses["200"].content["application/json"].examples.one.value,
    ).toEqual({
      image: "not a schema",
    });
  });
});

describe("addGenerationHints: the text of error answers", () => {
  const errorBody = {
    type: "object",
    additionalProperties: true,
    properties: {
      error: {
        anyOf: [
          { type: "string" },
          {
            type: "object",
            properties: { code: { type: "integer" }, message: { type: "string" } },
          },
        ],
      },
      message: { type: "string" },
    },
  };
  const json = (schema: object, ...messages: string[]) => ({
    "application/json": {
      schema,
      ...(messages.length && {
        examples: Object.fromEntries(
          messages.map((message, i) => [`e${i}`, { value: { error: { code: 1, message } } }]),
        ),
      }),
    },
  });
  const ref = { $ref: "#/components/schemas/ErrorBody" };
  // (a JSON-RPC error envelope, as convert.ts writes it)
  const envelope = {
    type: "object",
    properties: {
      jsonrpc: { const: "2.0" },
      id: { type: ["string", "number", "null"] },
      error: {
        type: "object",
        properties: {
          code: { type: "integer", enum: [-32005] },
          message: { type: "string", minLength: 1 },
          data: {},
        },
      },
    },
  };
  const doc = addGenerationHints({
    paths: {
      "/x": {
        parameters: [],
        get: {
          responses: {
            "200": {
              description: "OK",
              content: json({
                type: "object",
                properties: { message: { type: "string" }, status: { type: "string" } },
              }),
            },
            "400": { description: "Bad", content: json(ref, "Bad one.", "Bad two.", "Bad one.") },
            "404": { description: "The thing is not there.", content: json(ref) },
            "429": { $ref: "#/components/responses/TooManyRequests" },
            "5XX": { $ref: "#/components/responses/ServerError" },
            "503": {
              description: "Down",
              content: {
                "text/plain": {
                  schema: { type: "string" },
                  examples: { down: { value: "Service Unavailable" } },
                },
              },
            },
          },
        },
      },
      "/rpc": {
        post: {
          responses: {
            "429": {
              description: "-32005 Rate limit exceeded",
              content: {
                "application/json": {
                  schema: envelope,
                  examples: {
                    "error-32005": {
                      value: {
                        jsonrpc: "2.0",
                        id: 1,
                        error: { code: -32005, message: "Slow down" },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: { ErrorBody: errorBody },
      responses: {
        TooManyRequests: {
          description: "Rate limited",
          content: json(ref, "Rate limit exceeded."),
        },
        ServerError: { description: "A server-side failure.", content: json(ref) },
      },
    },
  });
  const responses = doc.paths["/x"].get.responses;
  const schemaOf = (response: any, type = "application/json") => response.content[type].schema;
  /** The hints of an ErrorBody's three strings: `error` (a string), `error.message`, `message`. */
  const texts = (schema: any) => [
    schema.properties.error.anyOf[0][HINT],
    schema.properties.error.anyOf[1].properties.message[HINT],
    schema.properties.message[HINT],
  ];

  it("each string of an error body that the SDK reads as its message picks the messages of the response's examples", () => {
    expect(texts(schemaOf(responses["400"]))).toEqual(
      Array(3).fill({ pick: ["Bad one.", "Bad two."] }),
    );
    // (a response the operation names by `$ref`)
    expect(texts(schemaOf(doc.components.responses.TooManyRequests))).toEqual(
      Array(3).fill({ pick: ["Rate limit exceeded."] }),
    );
    // a text body
    expect(schemaOf(responses["503"], "text/plain")[HINT]).toEqual({
      pick: ["Service Unavailable"],
    });
    // a JSON-RPC error object's message; its id and code stay as they were
    const rpc = schemaOf(doc.paths["/rpc"].post.responses["429"]);
    expect(rpc.properties.error.properties.message[HINT]).toEqual({ pick: ["Slow down"] });
    expect(rpc.properties.id[HINT]).toBeUndefined();
    expect(rpc.properties.error.properties.code[HINT]).toBeUndefined();
  });

  it("without examples: the status's reason phrase, or for a range (5XX) the response's description", () => {
    expect(texts(schemaOf(responses["404"]))).toEqual(Array(3).fill({ pick: ["Not Found"] }));
    expect(texts(schemaOf(doc.components.responses.ServerError))).toEqual(
      Array(3).fill({ pick: ["A server-side failure."] }),
    );
  });

  it("hints a copy of the named schema, which every status shares; other strings and success answers stay as they were", () => {
    expect(schemaOf(responses["400"])).not.toHaveProperty("$ref");
    expect(texts(errorBody)).toEqual([undefined, undefined, undefined]);
    expect(doc.components.schemas.ErrorBody.properties.message[HINT]).toBeUndefined();
    expect(schemaOf(responses["400"]).properties.error.anyOf[1].properties.code[HINT]).toBe(
      undefined,
    );
    const ok = schemaOf(responses["200"]);
    expect(ok.properties.message[HINT]).toBeUndefined();
    expect(ok.properties.status[HINT]).toBeUndefined();
  });
});

describe("generateFor", () => {
  it("u64: integers from 0 to 2^63, about one in USUAL.u64PastSafe past 2^53; none past the schema's maximum", () => {
    const values = draw("u64", { minimum: 0 }) as number[];
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(2 ** 63);
    }
    const past = values.filter((v) => v > Number.MAX_SAFE_INTEGER).length / values.length;
    expect(past).toBeGreaterThan(1 / USUAL.u64PastSafe - 0.05);
    expect(past).toBeLessThan(1 / USUAL.u64PastSafe + 0.05);
    // every order of magnitude below, not only values near 1e8
    const digits = new Set(values.filter(Number.isSafeInteger).map((v) => String(v).length));
    expect(digits.size).toBeGreaterThanOrEqual(14);
    expect(
      Math.max(...(draw("u64", { minimum: 5, maximum: 1000 }) as number[])),
    ).toBeLessThanOrEqual(1000);
    expect(
      Math.min(...(draw("u64", { minimum: 5, maximum: 1000 }) as number[])),
    ).toBeGreaterThanOrEqual(5);
  });

  it("decimals: 0 to 18, within the schema's bounds", () => {
    const values = draw("decimals", { minimum: 0, maximum: 255 }) as number[];
    expect(Math.min(...values)).toBe(0);
    expect(Math.max(...values)).toBe(18);
    expect(Math.max(...(draw("decimals", { maximum: 6 }) as number[]))).toBe(6);
  });

  it("block times and dates: from Solana's launch to the end of 2026", () => {
    const [lo, hi] = USUAL.time;
    for (const t of draw("time") as number[]) expect(t >= lo && t <= hi).toBe(true);
    for (const d of draw("date", {}, 200) as string[]) {
      expect(d).toMatch(/^20(2\d)-\d\d-\d\d$/);
      expect(Date.parse(d) / 1000).toBeGreaterThanOrEqual(lo - 86_400);
    }
    for (const d of draw("date-time", {}, 200) as string[])
      expect(new Date(d).toISOString()).toBe(d);
  });

  it("url: an https URL with a host name", () => {
    for (const u of draw("url", {}, 500) as string[]) {
      const url = new URL(u);
      expect(url.protocol).toBe("https:");
      expect(url.hostname).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(url.pathname.length).toBeGreaterThan(8);
    }
  });

  it("near: from a hundredth to a hundred times the example, negative only where the schema allows it", () => {
    const positive = draw({ near: 0.05 }, { minimum: 0 }) as number[];
    for (const v of positive) expect(v >= 0.0005 && v <= 5).toBe(true);
    const signed = draw({ near: 0.5 }, {}) as number[];
    expect(signed.some((v) => v < 0)).toBe(true);
    expect(signed.some((v) => v > 0)).toBe(true);
  });

  it("pick: one of the strings given, each of them", () => {
    expect(new Set(draw({ pick: ["A", "B", "C"] }, {}, 200))).toEqual(new Set(["A", "B", "C"]));
  });

  it("text: a name, a symbol of 2 to 6 upper-case letters, a sentence, a base58 address, a domain", () => {
    for (const v of draw({ text: "name" }, {}, 200)) expect(v).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    for (const v of draw({ text: "symbol" }, {}, 200)) expect(v).toMatch(/^[A-Z]{2,6}$/);
    for (const v of draw({ text: "description" }, {}, 200)) expect(v).toMatch(/^[A-Z].{10,}\.$/);
    for (const v of draw({ text: "address" }, {}, 200)) expect(bytesOf(v)).toBe(32);
    for (const v of draw({ text: "domain" }, {}, 200))
      expect(v).toMatch(/^[^\s/.]+(\.[^\s/.]+)*\.[a-z0-9-]+$/);
  });

  it("base58: text of that many bytes, 43 or 44 characters for 32 (a leading zero byte a `1`)", () => {
    const values = draw({ base58: 32 }, {}, 4000) as string[];
    for (const v of values) expect(bytesOf(v), v).toBe(32);
    expect(new Set(values.map((v) => v.length))).toEqual(new Set([43, 44])); // (42: 1 in 57,000)
    expect(values.some((v) => v.startsWith("1"))).toBe(true);
    for (const v of draw({ base58: 64 }, {}, 200)) expect(bytesOf(v)).toBe(64);
  });

  it("a text or a pick the schema does not take (its length, its pattern) is left to json-schema-faker (undefined)", () => {
    const short = draw({ text: "symbol" }, { maxLength: 4 }, 200);
    expect(short.some((v) => v === undefined)).toBe(true);
    for (const v of short) if (v !== undefined) expect((v as string).length).toBeLessThanOrEqual(4);
    expect(draw({ text: "name" }, { pattern: "^[0-9]+$" }, 20)).toEqual(Array(20).fill(undefined));
    expect(draw({ pick: ["ab", "abc"] }, { minLength: 3 }, 50)).toContain("abc");
    expect(draw({ pick: ["ab", "abc"] }, { minLength: 3 }, 50)).not.toContain("ab");
  });

  it("sameWords: a generated name's symbol and description take its words; anything else stays", () => {
    expect(
      sameWords({
        name: "Lunar Fox",
        symbol: "QKOI",
        description: "The Quiet Koi community token.",
      }),
    ).toEqual({ name: "Lunar Fox", symbol: "LFOX", description: "The Lunar Fox community token." });
    const theirs = {
      name: "USD Coin",
      symbol: "QKOI",
      description: "The Quiet Koi community token.",
    };
    expect(sameWords(theirs)).toBe(theirs);
    expect(sameWords({ name: "Lunar Fox", symbol: "USDC", description: "Stable." })).toEqual({
      name: "Lunar Fox",
      symbol: "USDC",
      description: "Stable.",
    });
  });

  it("the same random numbers give the same values (a seed gives the same answer)", () => {
    for (const hint of [
      "u64",
      "decimals",
      "time",
      "date-time",
      "url",
      { near: 1 },
      { text: "name" },
      { text: "description" },
      { text: "domain" },
      { text: "address" },
      { base58: 64 },
    ] as Hint[])
      expect(draw(hint, {}, 50, 7)).toEqual(draw(hint, {}, 50, 7));
    expect(draw("u64", {}, 50, 7)).not.toEqual(draw("u64", {}, 50, 8));
  });
});

describe("exactIntegers", () => {
  it("gives a generated number past 2^53 digits no number holds, which round back to it", () => {
    const numbers = draw("u64", {}, 2000).filter(
      (v): v is number => typeof v === "number" && v > Number.MAX_SAFE_INTEGER,
    );
    let changed = 0;
    for (const n of numbers) {
      const exact = exactIntegers(n);
      expect(typeof exact).toBe("bigint");
      expect(Number(exact)).toBe(n);
      expect(exactIntegers(n)).toBe(exact);
      if (exact !== BigInt(n)) changed++;
    }
    // (between 2^53 and 2^54 the numbers are every other integer: nothing to add there)
    expect(changed).toBeGreaterThan(numbers.length * 0.8);
    const negative = -(2 ** 60 + 2 ** 20);
    expect(Number(exactIntegers(negative))).toBe(negative);
  });

  it("leaves everything else as it is, however deep", () => {
    const big = 2 ** 60;
    const body = {
      a: [1, 2.5, "9007199254740993", { b: big, c: null }],
      d: true,
      e: 12n,
      f: 1e300,
    };
    expect(exactIntegers(body)).toEqual({
      a: [1, 2.5, "9007199254740993", { b: exactIntegers(big), c: null }],
      d: true,
      e: 12n,
      f: 1e300,
    });
    expect(typeof (exactIntegers(body) as any).a[3].b).toBe("bigint");
  });
});
