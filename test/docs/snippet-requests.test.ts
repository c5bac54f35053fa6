// The requests the docs' snippets are written from (packages/docs/src/snippets.mjs): which of an
// example's values each snippet passes, and under which name, where today's spec has no example
// that would show a mistake on a page (a query option's name, a page param, a quote in a body).
import { describe, expect, it } from "vitest";
import {
  curlDelivery,
  curlRest,
  curlRpc,
  fillPath,
  firstExample,
  restRequest,
  rpcSdkArgs,
  rpcWireParams,
  tsLiteral,
  tsSnippet,
  // @ts-expect-error — plain ESM without type declarations
} from "../../packages/docs/src/snippets.mjs";

describe("rpcSdkArgs", () => {
  it("names a query option as the SDK does (`swqos_only` is `swqosOnly`), a param as it is", () => {
    const transaction = { type: "string" };
    const swqosOnly = { type: "boolean" };
    const op = {
      rpc: {
        structure: "object",
        params: [{ name: "transaction", schema: transaction }],
        queryParams: [{ name: "swqos_only", schema: swqosOnly }],
      },
    };
    const example = [
      { name: "transaction", value: "AQAB" },
      { name: "swqos_only", value: true },
    ];
    expect(rpcSdkArgs(op, example)).toEqual({
      value: { transaction: "AQAB", swqosOnly: true },
      schema: { type: "object", properties: { transaction, swqosOnly } },
    });
  });
});

describe("restRequest", () => {
  const param = (name: string, at: string, example: unknown, required = false) => ({
    name,
    in: at,
    required,
    example,
  });
  const op = {
    pagination: { style: "page", page: "page", limit: "limit" },
    rest: {
      params: [
        param("address", "path", "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"),
        param("page", "query", 2),
        param("limit", "query", 50),
        param("sort", "query", "asc"),
        param("X-Request-Id", "header", "r-1", true),
      ],
    },
  };

  it("sends a path param, a required one, and a page walk's page and limit, optional as they are", () => {
    expect(restRequest(op)).toEqual({
      path: { address: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" },
      query: { page: 2, limit: 50 },
      headers: { "X-Request-Id": "r-1" },
      body: undefined,
    });
  });

  it("sends every other optional param only where asked to", () => {
    expect(restRequest(op, { useOptional: true }).query).toEqual({
      page: 2,
      limit: 50,
      sort: "asc",
    });
    const unpaged = { ...op, pagination: undefined };
    expect(restRequest(unpaged).query).toEqual({});
  });
});

describe("fillPath", () => {
  it("writes each path param URL-encoded, and leaves one without a value as its template", () => {
    expect(fillPath("/v1/things/{id}/{part}", { id: "a/b c?" })).toBe(
      "/v1/things/a%2Fb%20c%3F/{part}",
    );
  });
});

describe("tsSnippet", () => {
  it("walks every page from the first: `.all()` takes the example's args without page or cursor", () => {
    const area = {
      doc: {},
      clientVar: "das",
      factory: "createDasClient",
      pkg: "@chaindata/das",
      auth: { required: true, ways: [{ in: "query", name: "api-key" }] },
    };
    const op = {
      area,
      id: "getAssetsByOwner",
      transport: "rpc",
      rpc: { result: { name: "assets" } },
      pagination: { style: "page", page: "page", cursor: "cursor", limit: "limit" },
    };
    const args = { value: { ownerAddress: "86xC", page: 2, cursor: "c1", limit: 10 }, schema: {} };
    const walk = tsSnippet(op, args).split("// Every item")[1]!;
    expect(walk).toContain('das.getAssetsByOwner.all({\n  ownerAddress: "86xC",\n  limit: 10\n})');
  });
});

describe("rpcWireParams", () => {
  it("sends an array-structured method its array param, whatever the example lists first", () => {
    const op = {
      rpc: {
        structure: "array",
        params: [{ name: "transactions" }],
        queryParams: [{ name: "swqos_only" }],
      },
    };
    const example = [
      { name: "swqos_only", value: true },
      { name: "transactions", value: ["AQAB", "AQAC"] },
    ];
    expect(rpcWireParams(op, example)).toEqual(["AQAB", "AQAC"]);
  });
});

describe("curlRpc", () => {
  it("leaves the key's shell variable unencoded in the URL, for the shell to expand", () => {
    const area = {
      auth: { required: true, ways: [{ in: "query", name: "api-key" }] },
      servers: { urls: { mainnet: "https://x" } },
      rpcPath: "/",
    };
    const curl = curlRpc({ area, transport: "rpc" }, {}, { query: [["swqos_only", true]] });
    expect(curl.split(" \\\n")[0]).toBe(
      'curl -sS -X POST "https://x/?swqos_only=true&api-key=$CHAINDATA_API_KEY"',
    );
  });

  it("quotes a body with an apostrophe as one shell word", () => {
    const area = {
      auth: { required: false, ways: [] },
      servers: { urls: { mainnet: "https://x" } },
    };
    const curl = curlRpc({ area, transport: "rpc" }, { name: "O'Brien" });
    expect(curl).toContain(`-d '{\n  "name": "O'\\''Brien"\n}'`);
  });
});

describe("tsLiteral", () => {
  it("writes a u64 value of a map (additionalProperties) as a bigint literal", () => {
    const balances = {
      type: "object",
      additionalProperties: { type: "integer", format: "uint64" },
    };
    expect(tsLiteral({}, { So11: 5, EPjF: 7 }, balances)).toBe("{\n  So11: 5n,\n  EPjF: 7n\n}");
  });
});

describe("curlDelivery", () => {
  it("sends the webhook's authHeader where a delivery carries one, and no header where none", () => {
    const delivery = (ways: { in: string; name: string }[]) => ({
      method: "POST",
      rest: { auth: { required: false, ways } },
    });
    const withHeader = curlDelivery(delivery([{ in: "header", name: "Authorization" }]), { x: 1 });
    expect(withHeader).toContain('\n  -H "Authorization: <your authHeader>" \\\n');
    const without = curlDelivery(delivery([]), { x: 1 });
    expect(without).not.toContain("authHeader");
    expect(without).toContain('-H "Content-Type: application/json"');
  });
});

describe("curlRpc and curlRest", () => {
  const area = (auth: object) => ({
    auth,
    rpcPath: "/fast",
    servers: { urls: { mainnet: "https://sender.example" } },
  });
  it("sends no key where the area's key is optional, the variable where it is required", () => {
    const ways = [{ in: "query", name: "api-key" }];
    const call = (required: boolean) =>
      curlRpc({ transport: "rpc", area: area({ required, ways }) }, { id: 1 }).split(" \\\n")[0];
    expect(call(false)).toBe('curl -sS -X POST "https://sender.example/fast"');
    expect(call(true)).toBe(
      'curl -sS -X POST "https://sender.example/fast?api-key=$CHAINDATA_API_KEY"',
    );
  });

  it("posts a JSON-RPC call to its host's root where the area names no path", () => {
    const { rpcPath: _rpcPath, ...rootArea } = area({ required: false, ways: [] });
    const curl = curlRpc({ transport: "rpc", area: rootArea }, { id: 1 });
    expect(curl.split(" \\\n")[0]).toBe('curl -sS -X POST "https://sender.example/"');
  });

  it("sends a body with its operation's content type", () => {
    const op = {
      transport: "rest",
      method: "POST",
      path: "/v0/things",
      area: area({ required: false, ways: [] }),
      rest: { auth: { required: false, ways: [] }, body: { contentType: "text/plain" } },
    };
    const curl = curlRest(op, { path: {}, query: {}, headers: {}, body: "hello" });
    expect(curl).toContain('-H "Content-Type: text/plain"');
    expect(curl).not.toContain("application/json");
  });
});

describe("firstExample", () => {
  it("takes a parameter's named example, then its `example`, then its schema's first", () => {
    const schema = { type: "string", examples: ["from-schema", "second"] };
    expect(firstExample({ schema })).toBe("from-schema");
    expect(firstExample({ example: "own", schema })).toBe("own");
    expect(firstExample({ examples: { a: { value: "named" } }, example: "own", schema })).toBe(
      "named",
    );
    expect(firstExample({ schema: { type: "string", examples: [] } })).toBe(undefined);
  });
});
