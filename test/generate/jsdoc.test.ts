// The JSDoc the generator writes (scripts/generate/lib/emit.mjs): an operation's from its summary,
// description, cost, rate limit, retry safety and status, an area's status tags for its client
// and factories, and the values of its @example. Editors show them on hover: a wrong line there
// teaches a wrong fact, and a `*/` in the spec's text would end the comment in the generated code.
import { describe, expect, it } from "vitest";
import {
  areaStatusTags,
  exampleValue,
  jsdoc,
  paramDocs,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/lib/emit.mjs";

describe("operation JSDoc", () => {
  it("says the summary, the description, the cost, the rate limit and the retry safety, then the tags", () => {
    const op = {
      summary: "Create a thing.",
      description: "Line one.\nLine two.",
      "x-cost": { credits: 100 },
      "x-rate-limit": { requestsPerSecond: 5, scope: "project" },
      "x-idempotent": false,
      "x-beta": true,
    };
    expect(jsdoc(op, { indent: "" })).toBe(
      [
        "/**",
        " * Create a thing.",
        " *",
        " * Line one.",
        " * Line two.",
        " *",
        " * Cost: 100 credits per request.",
        " * Rate limit: 5 requests/s per project.",
        " * Retried after a 429 only (refused before it was processed); after a 5xx, a timeout or a lost connection a retry could repeat the write: pass `retryNonIdempotent: true` to retry then too.",
        " *",
        " * @beta Routes and response formats may change.",
        " */",
        "",
      ].join("\n"),
    );
  });

  it("leaves out a cost or rate limit the description states already, and the retry line of an operation retried as usual", () => {
    const op = {
      summary: "Read a thing.",
      description: "Costs 1 credit; the rate limit is 5 requests/s.",
      "x-cost": { credits: 1 },
      "x-rate-limit": { requestsPerSecond: 5 },
    };
    expect(jsdoc(op, { indent: "" })).toBe(
      "/**\n * Read a thing.\n *\n * Costs 1 credit; the rate limit is 5 requests/s.\n */\n",
    );
    expect(jsdoc({ summary: "Read a thing.", "x-cost": { credits: 1 } }, { indent: "" })).toBe(
      "/**\n * Read a thing.\n *\n * Cost: 1 credit per request.\n */\n",
    );
  });

  it("documents each parameter (@param, which signature help shows), before the status tags and the example", () => {
    const params = paramDocs({
      endpoint: { name: "rpc", factory: "createDasRpc" },
      params: "GetAssetParams",
    });
    expect(
      jsdoc({ summary: "Get one asset.", "x-beta": true }, { indent: "", params, example: "x()" }),
    ).toBe(
      [
        "/**",
        " * Get one asset.",
        " *",
        " * @param rpc - The endpoint to call, made by {@link createDasRpc}.",
        " * @param params - The call's params, a {@link T.GetAssetParams | GetAssetParams}; checked before anything is sent.",
        " * @param options - Per-call request options ({@link RequestOptions}: `signal`, `timeout`, `maxRetries`, `headers`, `retryNonIdempotent`, `onResponse`), which override the client's.",
        " * @beta Routes and response formats may change.",
        " * @example",
        " * ```ts",
        " * x()",
        " * ```",
        " */",
        "",
      ].join("\n"),
    );
    // A client's method has no endpoint parameter; a call without params only its options; a
    // page walk's options are for every page.
    expect(paramDocs({ params: "ListInput", optional: true, walk: true })).toEqual([
      "@param params - The call's params, a {@link T.ListInput | ListInput} (may be left out: no member is required); checked before anything is sent.",
      "@param options - Per-call request options for every page, plus `maxPages` ({@link PageWalkOptions}).",
    ]);
    expect(paramDocs({}).map((line: string) => line.split(" - ")[0])).toEqual(["@param options"]);
  });

  it("keeps the spec's text from ending the comment", () => {
    expect(jsdoc({ summary: "Matches a/*b and */ alike." }, { indent: "" })).toBe(
      "/**\n * Matches a/*b and *\\/ alike.\n */\n",
    );
  });
});

describe("area status tags", () => {
  it("mark a beta area, and a deprecated one with the spec's words when it gives them", () => {
    expect(areaStatusTags({})).toEqual([]);
    expect(areaStatusTags({ "x-beta": true })).toEqual([
      "@beta Routes and response formats may change.",
    ]);
    expect(areaStatusTags({ "x-deprecated": "use @chaindata/compression instead" })).toEqual([
      "@deprecated use @chaindata/compression instead",
    ]);
    expect(areaStatusTags({ "x-deprecated": true })).toEqual([
      "@deprecated every operation of this area is deprecated; each one's JSDoc names its replacement",
    ]);
  });
});

describe("@example values", () => {
  it("write u64 and i64 integers as bigint literals, negative ones too", () => {
    const schema = {
      type: "object",
      properties: {
        change: { type: "integer", format: "int64" },
        lamports: { type: "integer", format: "uint64" },
        count: { type: "integer" },
      },
    };
    expect(exampleValue({ change: -5, lamports: 5, count: 2 }, { doc: {}, schema })).toBe(
      "{\n  change: -5n,\n  lamports: 5n,\n  count: 2\n}",
    );
  });
});
