// The sdk's namespaces alias core's types (scripts/generate/sdk-namespaces.mjs); each alias carries
// the doc comment of the type it aliases, read from core's sources, so that `Das.NotFoundError`
// hovers with core's docs rather than none.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { coreDocs, emitSdkNamespace } from "../../scripts/generate/sdk-namespaces.mjs";

const NAMESPACES = new URL("../../packages/sdk/src/generated/namespaces/", import.meta.url);

describe("coreDocs", () => {
  it("reads the doc comment of an export's declaration, re-exports followed", () => {
    const { docs } = coreDocs(new Set(["NotFoundError", "RequestOptions", "NoSuchName"]));
    expect(docs.get("NotFoundError")).toEqual(["404: no such resource."]);
    expect(docs.get("RequestOptions")?.[0]).toMatch(/^Per-call options; /);
    expect(docs.has("NoSuchName")).toBe(false);
  });

  it("leaves out the tags that mark a declaration internal, and keeps the others", () => {
    const index = [
      "/** One. @internal */",
      "export interface A {}",
      "/**",
      " * Two.",
      " * @remarks Internal: for the packages' own code;",
      " *   may change.",
      " * @example",
      " * b()",
      " */",
      "export interface B {}",
      "export interface C {}",
    ].join("\n");
    const { docs } = coreDocs(new Set(["A", "B", "C"]), {
      "packages/core/src/index.ts": index,
    });
    expect(docs.get("A")).toEqual(["One."]);
    expect(docs.get("B")).toEqual(["Two.", "@example", "b()"]);
    expect(docs.has("C")).toBe(false);
  });
});

describe("emitSdkNamespace", () => {
  it("gives an alias its type's doc, a link to a core export the module lacks through `core`", () => {
    const core = {
      docs: new Map([
        ["RequestOptions", ["Per call. See {@link Logger}, {@link isRetryable} and {@link Nope}."]],
        ["NotFoundError", ["404.", "", "A */ in the text."]],
        ["Logger", ["How it logs (the spec's `x-logger`). Lines."]],
      ]),
      exported: new Set(["RequestOptions", "NotFoundError", "Logger", "isRetryable"]),
    };
    const [text] = Object.values<string>(emitSdkNamespace("das", { rpc: true }, [], core));
    expect(text).toContain(
      "/** Per call. See {@link Logger}, {@link core.isRetryable | isRetryable} and {@link Nope}. */\nexport type RequestOptions = core.RequestOptions;\n",
    );
    // (A note naming a spec extension is core's own: generated JSDoc names none.)
    expect(text).toContain("/** How it logs. Lines. */\nexport type Logger = core.Logger;\n");
    // (An error class's alias and its constant: the same doc, which an editor shows once.)
    const doc = "/**\n * 404.\n *\n * A *\\/ in the text.\n */\n";
    expect(text).toContain(`${doc}export type NotFoundError = core.NotFoundError;\n`);
    expect(text).toContain(
      `${doc}export declare const NotFoundError: typeof core.NotFoundError;\n`,
    );
  });

  it("leaves no alias of the generated namespaces without a doc comment", () => {
    const files = readdirSync(NAMESPACES).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const bare = files.flatMap((f) => {
      const lines = readFileSync(new URL(f, NAMESPACES), "utf8").split("\n");
      return lines
        .map((line, i) => ({ line, before: lines[i - 1] ?? "" }))
        .filter(({ line }) => /^export (type|declare const) \w+/.test(line))
        .filter(({ before }) => !before.trimEnd().endsWith("*/"))
        .map(({ line }) => `${f}: ${line}`);
    });
    expect(bare).toEqual([]);
  });
});
