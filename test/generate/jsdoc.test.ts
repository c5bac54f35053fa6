// The JSDoc the generator writes (scripts/generate/lib/emit.mjs): an operation's from its summary,
// description, cost, rate limit, retry safety and status, an area's status tags for its client
// and factories, and the values of its @example. Editors show them on hover: a wrong line there
// teaches a wrong fact, and a `*/` in the spec's text would end the comment in the generated code.
import { describe, expect, it } from "vitest";
import {
  areaStatusTags,
  costText,
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

  it("words the cost one way, from x-cost alone, and leaves out a rate limit the description states already", () => {
    const op = {
      summary: "Read a thing.",
      description: "The rate limit is 5 requests/s.",
      "x-cost": { credits: 1 },
      "x-rate-limit": { requestsPerSecond: 5 },
    };
    expect(jsdoc(op, { indent: "" })).toBe(
      "/**\n * Read a thing.\n *\n * The rate limit is 5 requests/s.\n *\n * Cost: 1 credit per request.\n */\n",
    );
    expect(costText({ "x-cost": { credits: 0 } })).toBe("0 credits per request");
    expect(costText({ "x-cost": { credits: 100 } })).toBe("100 credits per request");
    expect(costText({ "x-cost": { credits: null } })).toBe("not documented by the service");
    expect(costText({})).toBeUndefined();
    expect(jsdoc({ summary: "Mint.", "x-cost": { credits: null } }, { indent: "" })).toBe(
      "/**\n * Mint.\n *\n * Cost: not documented by the service.\n */\n",
    );
  });

  // (They made the sender's sendTransaction hover about 4,900 characters: the README has them.)
  it("leaves the description's SDK paragraphs to the package README, naming its section", () => {
    const op = {
      name: "sendThing",
      summary: "Send a thing.",
      description:
        "Sends it.\n\n**Routing.** The service's.\n\n**Checks (SDK).** Not the tip.\n\n**On Node (SDK).** A pool.",
      "x-cost": { credits: 0 },
    };
    expect(jsdoc(op, { indent: "" })).toBe(
      [
        "/**",
        " * Send a thing.",
        " *",
        " * Sends it.",
        " *",
        " * **Routing.** The service's.",
        " *",
        ' * What the SDK does around the call, in the package README ("`sendThing` in the SDK"): checks; on Node.',
        " *",
        " * Cost: 0 credits per request.",
        " */",
        "",
      ].join("\n"),
    );
    // (A REST operation's section is named by its operationId; a paragraph's own line breaks stay.)
    expect(
      jsdoc(
        {
          operationId: "pingThing",
          description: "- one\n- two\n\n**Retries (SDK).** None.",
        },
        { indent: "" },
      ),
    ).toBe(
      '/**\n * - one\n * - two\n *\n * What the SDK does around the call, in the package README ("`pingThing` in the SDK"): retries.\n */\n',
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
        " * @param options - Per-call request options ({@link RequestOptions}: `signal`, `timeout`, `maxRetries`, `headers`, `retryNonIdempotent`, `onResponse`, `onAttempt`), which override the client's.",
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
