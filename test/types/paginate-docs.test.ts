// `paginate` is exported by every package for a method none covers (`rpc.call` with a descriptor
// of your own): its hover, the only place an editor shows how to call it, has an example, and that
// example compiles against the declarations npm publishes (dist/types, after the build).
import * as das from "@chaindata/das";
import ts from "typescript";
import { afterEach, expect, it, vi } from "vitest";
import { probeService } from "./language-service.js";

const { service, file, at } = probeService(
  "paginate-hover-probe.ts",
  `import { paginate } from "@chaindata/das";\n/*@paginate*/paginate;\n`,
);
const examples = (service.getQuickInfoAtPosition(file, at("paginate"))?.tags ?? [])
  .filter((tag) => tag.name === "example")
  .map((tag) => ts.displayPartsToString(tag.text));

it("shows an example of a walk of a method no package covers", () => {
  expect(examples).toHaveLength(1);
  expect(examples[0]).toContain("rpc.call(");
  expect(examples[0]).toContain("for await (const asset of assets)");
});

it("whose code compiles, strict, as a user's module", () => {
  const code = examples[0]!.replace(/^```ts\n/, "").replace(/\n```$/, "");
  const { errors } = probeService("paginate-example-probe.ts", `${code}\nexport {};\n`);
  expect([...errors()]).toEqual([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// User trial 57, F2: the example's descriptor types its result `AssetList`, whose supplies are
// `bigint`; without a `u64` shape a supply below 2^53 arrived as a `number` under that type.
it("whose walk yields the u64 values of its result type as bigint, small ones too", async () => {
  const code = examples[0]!.replace(/^```ts\n/, "").replace(/\n```$/, "");
  const walked: das.Asset[] = [];
  const js = ts
    .transpileModule(code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    .outputText.replace(/import \{([^}]*)\} from "@chaindata\/das";/, "const {$1} = das;")
    .replace("console.log(asset.id)", "walked.push(asset)");
  expect(js).toContain("= das;");
  expect(js).toContain("walked.push(asset)");
  const page = {
    total: 1,
    limit: 1000,
    page: 1,
    items: [
      {
        id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5",
        token_info: { supply: 5000 },
        supply: { print_max_supply: 0 },
      },
    ],
  };
  vi.stubEnv("CHAINDATA_API_KEY", "test");
  vi.stubGlobal(
    "fetch",
    async (_url: string, init: { body: string }) =>
      new Response(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(init.body).id, result: page })),
  );
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction("das", "walked", js)(das, walked);
  expect(
    walked.map((asset) => [typeof asset.token_info?.supply, typeof asset.supply?.print_max_supply]),
  ).toEqual([["bigint", "bigint"]]);
});
