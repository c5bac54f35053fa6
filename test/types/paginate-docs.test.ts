// `paginate` is exported by every package for a method none covers (`rpc.call` with a descriptor
// of your own): its hover, the only place an editor shows how to call it, has an example, and that
// example compiles against the declarations npm publishes (dist/types, after the build).
import ts from "typescript";
import { expect, it } from "vitest";
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
