// The docs site's model (packages/docs/src/model.mjs), read from copies of spec/dist with one
// index.json edit each. (Neither rule below was tested: dropping either passed every docs test,
// mutation 76.)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { directRefs, labelFor, loadSite, namedExamples } from "../../packages/docs/src/model.mjs";

const specDir = join(new URL("../..", import.meta.url).pathname, "spec/dist");
const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-model-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Entry = { area: string; kind?: string; title?: string };
/** A copy of spec/dist whose index.json `areas` are `edit`'s. */
function specWith(name: string, edit: (areas: Entry[]) => Entry[]): string {
  const spec = join(tmp, name);
  cpSync(specDir, spec, { recursive: true });
  const index = JSON.parse(readFileSync(join(spec, "index.json"), "utf8"));
  index.areas = edit(index.areas);
  writeFileSync(join(spec, "index.json"), JSON.stringify(index));
  return spec;
}

it("refuses an area listed twice with the same kind of document", () => {
  const spec = specWith("twice", (areas) => [...areas, areas.find((a) => a.area === "das")!]);
  expect(() => loadSite(spec)).toThrow(`${join(spec, "index.json")}: area das is listed twice`);
});

it("puts a deprecated area after every other, whatever its place in the navigation's order", () => {
  const spec = specWith("deprecated", (areas) =>
    areas.map((a) => (a.area === "das" ? { ...a, title: "chaindata DAS API (deprecated)" } : a)),
  );
  const areas: { key: string; deprecated: boolean }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")?.deprecated).toBe(true);
  const firstDeprecated = areas.findIndex((a) => a.deprecated);
  expect(areas.slice(firstDeprecated).every((a) => a.deprecated)).toBe(true);
});

it("refuses an example that gives a param its method does not declare", () => {
  const spec = specWith("example-param", (areas) => areas);
  const file = join(spec, "openrpc/das.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  doc.methods
    .find((m: { name: string }) => m.name === "getAsset")
    .examples[0].params.push({
      name: "idd",
      value: 1,
    });
  writeFileSync(file, JSON.stringify(doc));
  expect(() => loadSite(spec)).toThrow(
    /method getAsset: example programmableNft gives param "idd", which the method does not declare/,
  );
});

it("refuses an area listed a third time, under a kind it has not had yet", () => {
  // (The sender has an OpenRPC and an OpenAPI document: a third entry is one too many, whatever
  // its kind.)
  const spec = specWith("thrice", (areas) => {
    const { kind: _kind, ...sender } = areas.find((a) => a.area === "sender")!;
    return [...areas, sender];
  });
  expect(() => loadSite(spec)).toThrow(`${join(spec, "index.json")}: area sender is listed twice`);
});

it("marks an area beta where its document says so, though index.json does not", () => {
  const spec = specWith("beta", (areas) =>
    areas.map((a) => (a.area === "wallet" ? { ...a, beta: false } : a)),
  );
  type Op = { beta: boolean };
  const areas: { key: string; beta: boolean; ops: Op[] }[] = loadSite(spec).areas;
  const wallet = areas.find((a) => a.key === "wallet")!;
  expect(wallet.beta).toBe(true);
  expect(wallet.ops.length).toBeGreaterThan(0);
  expect(wallet.ops.every((op) => op.beta)).toBe(true);
});

it("does not read an area without operations as deprecated", () => {
  const spec = specWith("no-methods", (areas) => areas);
  const file = join(spec, "openrpc/das.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), methods: [] }));
  const areas: { key: string; deprecated: boolean; ops: unknown[] }[] = loadSite(spec).areas;
  const das = areas.find((a) => a.key === "das")!;
  expect(das.ops).toEqual([]);
  expect(das.deprecated).toBe(false);
});

it("reads a key as required where the document's x-auth does not say, as the SDK sends one", () => {
  const spec = specWith("auth", (areas) => areas);
  const file = join(spec, "openrpc/das.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  delete doc.info["x-auth"].required;
  writeFileSync(file, JSON.stringify(doc));
  const areas: { key: string; auth: { required: boolean } }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")!.auth).toEqual({
    required: true,
    ways: [{ in: "query", name: "api-key" }],
  });
});

it("keeps a method's own rate limit over its area's", () => {
  const spec = specWith("rate-limit", (areas) => areas);
  const file = join(spec, "openrpc/das.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const own = { plans: { Free: 1 }, "x-source": "test" };
  doc.methods.find((m: { name: string }) => m.name === "getAsset")["x-rate-limit"] = own;
  writeFileSync(file, JSON.stringify(doc));
  type Op = { id: string; rateLimit: { stated?: string } };
  const areas: { key: string; ops: Op[] }[] = loadSite(spec).areas;
  const ops = areas.find((a) => a.key === "das")!.ops;
  expect(ops.find((o) => o.id === "getAsset")!.rateLimit).toEqual(own);
  expect(ops.find((o) => o.id === "getAssetBatch")!.rateLimit.stated).toBe("area");
});

it("refuses an area's second document of one kind where an entry leaves its kind out", () => {
  // (An entry without `kind` is read as its document's: it is no second kind of the area.)
  const withoutKind = (a: Entry) => ({ ...a, kind: undefined });
  const after = specWith("kindless-after", (areas) => [
    ...areas,
    withoutKind(areas.find((a) => a.area === "das")!),
  ]);
  expect(() => loadSite(after)).toThrow(`${join(after, "index.json")}: area das is listed twice`);
  const before = specWith("kindless-before", (areas) => [
    withoutKind(areas.find((a) => a.area === "das")!),
    ...areas,
  ]);
  expect(() => loadSite(before)).toThrow(`${join(before, "index.json")}: area das is listed twice`);
});

/** Rewrites `file` (a path in `spec`) with `edit`'s change to its document. */
function editDocument(spec: string, file: string, edit: (doc: any) => void): void {
  const path = join(spec, file);
  const doc = JSON.parse(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, JSON.stringify(doc));
}

type Servers = { urls: Record<string, string | null>; specLocal: string | null };

it("writes each environment's URL without its trailing slashes, as the snippets add the path", () => {
  const spec = specWith("trailing-slash", (areas) => areas);
  editDocument(spec, "openrpc/das.json", (doc) => {
    doc.servers[0]["x-environments"].mainnet = "https://mainnet.helius-rpc.com//";
  });
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.servers[0]["x-environments"].local = "http://127.0.0.1:4010/";
  });
  const areas: { key: string; servers: Servers }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")!.servers.urls.mainnet).toBe(
    "https://mainnet.helius-rpc.com",
  );
  expect(areas.find((a) => a.key === "wallet")!.servers.urls.local).toBe("http://127.0.0.1:4010");
});

it("shows the `localUrl` given (where the mock really is) only for hosts with a local URL in the spec", () => {
  // (A host the mock does not serve stays unavailable locally, whatever port the mock is on.)
  const spec = specWith("local-url", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.servers[0]["x-environments"].local = null;
  });
  const areas: { key: string; servers: Servers }[] = loadSite(spec, {
    localUrl: "http://127.0.0.1:4999/",
  }).areas;
  const wallet = areas.find((a) => a.key === "wallet")!.servers;
  expect(wallet.urls.local).toBe(null);
  expect(wallet.specLocal).toBe(null);
  const das = areas.find((a) => a.key === "das")!.servers;
  expect(das.urls.local).toBe("http://127.0.0.1:4999");
  expect(das.specLocal).toBe("http://127.0.0.1:4010");
  // So does the hosts table's (index.json's hosts): a host the mock serves gets the URL given.
  const site = loadSite(spec, { localUrl: "http://127.0.0.1:4999/" });
  expect(site.index.hosts.rpc.urls.local).toBe("http://127.0.0.1:4999");
  expect(site.index.hosts.wallet.urls.mainnet).toBe("https://api.helius.xyz");
});

it("lists mainnet, devnet and local as the environments where index.json names none", () => {
  const spec = specWith("no-environments", (areas) => areas);
  const indexFile = join(spec, "index.json");
  const { environments: _environments, ...index } = JSON.parse(readFileSync(indexFile, "utf8"));
  writeFileSync(indexFile, JSON.stringify(index));
  expect(loadSite(spec).environments).toEqual(["mainnet", "devnet", "local"]);
  expect(loadSite(specDir).environments).toEqual(["mainnet", "devnet", "local"]);
});

it("reads a REST area's key as optional where its security lists `{}`, anonymous access", () => {
  const spec = specWith("anonymous", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.security = [...doc.security, {}];
  });
  type Auth = { required: boolean; ways: { in: string; name: string }[] };
  const areas: { key: string; auth: Auth }[] = loadSite(spec).areas;
  const { auth } = areas.find((a) => a.key === "wallet")!;
  expect(auth.required).toBe(false);
  // (The ways a key may travel are still listed: a caller with one sends it so.)
  expect(auth.ways.map((w) => `${w.in} ${w.name}`)).toEqual(["query api-key", "header X-Api-Key"]);
  const unchanged: { key: string; auth: Auth }[] = loadSite(specDir).areas;
  expect(unchanged.find((a) => a.key === "wallet")!.auth.required).toBe(true);
});

it("labels a new area by its title as written, or by its key with spaces for - and _", () => {
  // (The key is a file name; a title is prose, whose hyphens are its own: "Token-2022".)
  expect(labelFor("priority-fee", "chaindata Token-2022 API (beta)")).toBe("Token-2022");
  expect(labelFor("priority-fee", undefined)).toBe("Priority fee");
  expect(labelFor("priority_fee", undefined)).toBe("Priority fee");
  expect(labelFor("das", "anything")).toBe("DAS");
});

it("takes an environment's URL from index.json's host where the document's server lacks it", () => {
  const spec = specWith("host-url", (areas) => areas);
  editDocument(spec, "openrpc/das.json", (doc) => {
    delete doc.servers[0]["x-environments"].devnet;
  });
  const areas: { key: string; servers: Servers }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")!.servers.urls.devnet).toBe(
    "https://devnet.helius-rpc.com",
  );
});

it("reads how a key travels: x-auth without `in` as a query parameter, an http scheme as Authorization", () => {
  const spec = specWith("auth-ways", (areas) => areas);
  editDocument(spec, "openrpc/das.json", (doc) => {
    delete doc.info["x-auth"].in;
  });
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.components.securitySchemes.Bearer = { type: "http", scheme: "bearer" };
    doc.security = [{ Bearer: [] }];
  });
  type Auth = { required: boolean; ways: object[] };
  const areas: { key: string; auth: Auth }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")!.auth.ways).toEqual([{ in: "query", name: "api-key" }]);
  expect(areas.find((a) => a.key === "wallet")!.auth).toEqual({
    required: true,
    ways: [{ in: "header", name: "Authorization", scheme: "bearer", description: undefined }],
  });
});

it("reads an operation's own beta, replacement and param structure, and lists its area's plans", () => {
  const spec = specWith("operation-marks", (areas) => areas);
  editDocument(spec, "openrpc/das.json", (doc) => {
    const getAsset = doc.methods.find((m: { name: string }) => m.name === "getAsset");
    Object.assign(getAsset, { "x-beta": true, "x-replaced-by": "getAssetBatch" });
    delete getAsset.paramStructure;
  });
  type Op = {
    id: string;
    beta: boolean;
    replacedBy?: string;
    rpc: { paramStructure: string };
    rateLimit: { plans: [string, number][] };
  };
  const areas: { key: string; beta: boolean; ops: Op[] }[] = loadSite(spec).areas;
  const das = areas.find((a) => a.key === "das")!;
  const op = (id: string) => das.ops.find((o) => o.id === id)!;
  expect(das.beta).toBe(false);
  expect([op("getAsset").beta, op("getAssetBatch").beta]).toEqual([true, false]);
  expect([op("getAsset").replacedBy, op("getAssetBatch").replacedBy]).toEqual([
    "getAssetBatch",
    undefined,
  ]);
  // (JSON-RPC's default: by position or by name.)
  expect(op("getAsset").rpc.paramStructure).toBe("either");
  expect(op("getAssetBatch").rpc.paramStructure).toBe("by-name");
  const { plans } = JSON.parse(readFileSync(join(specDir, "openrpc/das.json"), "utf8")).info[
    "x-rate-limit"
  ];
  expect(op("getAssetBatch").rateLimit.plans).toEqual(Object.entries(plans));
  expect(Object.keys(plans).length).toBeGreaterThan(0);
});

it("gives a JSON-RPC error the source of its code's x-error-info, and keeps a REST path's own params", () => {
  const spec = specWith("errors-params", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    // (A path's parameters and an operation's are one list, keyed by place and name: a query
    // `page` beside a path's header `page` is another parameter, a path's `page` in the query
    // the same one, which the operation's replaces.)
    doc.paths["/v1/wallet/{wallet}/balances"].parameters = [
      { in: "header", name: "page", schema: { type: "string" } },
      { in: "query", name: "page", schema: { type: "string" }, description: "the path's" },
    ];
  });
  type Op = {
    id: string;
    rpc?: { errors: { code: number; source?: string }[] };
    rest?: { params: { in: string; name: string; description?: string }[] };
  };
  const areas: { key: string; doc: any; ops: Op[] }[] = loadSite(spec).areas;
  const das = areas.find((a) => a.key === "das")!;
  const errors = das.ops.find((o) => o.id === "getAsset")!.rpc!.errors;
  const unauthorized = errors.find((e) => e.code === -32001)!;
  expect(unauthorized.source).toBe(das.doc["x-error-info"]["-32001"]["x-source"]);
  const params = areas.find((a) => a.key === "wallet")!.ops.find((o) => o.id === "getBalances")!
    .rest!.params;
  const pages = params.filter((p) => p.name === "page");
  expect(pages.map((p) => p.in).sort()).toEqual(["header", "query"]);
  expect(pages.find((p) => p.in === "query")!.description).not.toBe("the path's");
});

it("refuses a REST path whose {name} has no path parameter: its page and snippets would omit it", () => {
  const spec = specWith("path-param", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    const getIdentity = doc.paths["/v1/wallet/{wallet}/identity"].get;
    getIdentity.parameters = getIdentity.parameters.filter((p: { in: string }) => p.in !== "path");
  });
  expect(() => loadSite(spec)).toThrow('{wallet} has no path parameter "wallet"');
});

it("reads a media type's named examples, its lone `example` only where it has none", () => {
  const media = { examples: { one: { summary: "s", value: 1 } }, example: 2 };
  expect(namedExamples({}, media).map((e: { name: string }) => e.name)).toEqual(["one"]);
  expect(namedExamples({}, { example: 2 })).toEqual([{ name: "example", value: 2 }]);
});

it("reads a REST operation's own security over its area's", () => {
  const spec = specWith("operation-security", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.paths["/v1/wallet/{wallet}/identity"].get.security = [{}];
  });
  type Op = { id: string; rest: { auth: { required: boolean } } };
  const areas: { key: string; auth: { required: boolean }; ops: Op[] }[] = loadSite(spec).areas;
  const wallet = areas.find((a) => a.key === "wallet")!;
  expect(wallet.auth.required).toBe(true);
  const auth = (id: string) => wallet.ops.find((o) => o.id === id)!.rest.auth.required;
  expect([auth("getIdentity"), auth("getBalances")]).toEqual([false, true]);
});

it("lists a schema's references, not its own, and none from its examples or constants", () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const schema = {
    properties: { owner: ref("Owner"), list: { items: ref("Item") } },
    examples: [ref("Example")],
    default: ref("Default"),
    const: ref("Const"),
    enum: [ref("Enum")],
  };
  expect([...directRefs(schema)].sort()).toEqual(["Item", "Owner"]);
  // A recursive schema is used by the others that name it, not by itself.
  const spec = specWith("recursive-schema", (areas) => areas);
  editDocument(spec, "openrpc/das.json", (doc) => {
    doc.components.schemas.TreeNode = {
      type: "object",
      properties: { children: { type: "array", items: ref("TreeNode") } },
    };
    doc.components.schemas.Tree = { type: "object", properties: { root: ref("TreeNode") } };
  });
  type Page = { name: string; id: string; refBy: Set<string> };
  const pages: Page[] = [...loadSite(spec).schemas.values()];
  const page = (name: string) => pages.find((p) => p.name === name)!;
  expect([...page("TreeNode").refBy]).toEqual([page("Tree").id]);
});

it("reads an area's hosts from the server with x-environments, wherever the document lists it", () => {
  const spec = specWith("servers-order", (areas) => areas);
  editDocument(spec, "openapi/wallet.json", (doc) => {
    doc.servers.reverse();
  });
  type Described = { description: string; source?: string };
  const areas: { key: string; servers: Described }[] = loadSite(spec).areas;
  const { servers } = areas.find((a) => a.key === "wallet")!;
  expect(servers.description).toBe("The Wallet REST API host.");
  expect(servers.source).toMatch(/^public-docs: /);
});

it("gives a shared schema's copy that differs a page of its own, beside the page of the copies alike", () => {
  const spec = specWith("differing-copy", (areas) => areas);
  editDocument(spec, "openapi/webhooks.json", (doc) => {
    doc.components.schemas.KnownTransactionType.description = "The webhooks area's own wording.";
  });
  const site = loadSite(spec);
  const idOf = (key: string): string =>
    site.areas.find((a: { key: string }) => a.key === key).schemaIds.KnownTransactionType;
  const [wallet, webhooks] = [idOf("wallet"), idOf("webhooks")];
  expect(wallet).not.toBe(webhooks);
  expect(site.schemas.get(wallet).area.key).toBe("wallet");
  expect(site.schemas.get(webhooks).area.key).toBe("webhooks");
});

it("counts an operation as using every schema its schemas name, however deep", () => {
  type Page = { id: string; refBy: Set<string>; usedBy: Set<{ id: string }> };
  const pages: Map<string, Page> = loadSite(specDir).schemas;
  let nested = 0;
  for (const page of pages.values())
    for (const by of page.refBy)
      for (const op of pages.get(by)!.usedBy) {
        nested++;
        expect(page.usedBy.has(op), `${op.id} uses ${by}, which names ${page.id}`).toBe(true);
      }
  expect(nested).toBeGreaterThan(0);
});
