// The receiver's Redis store and Express recipes are kept once, as files of the webhooks package
// (packages/webhooks/recipes/), and shown whole by both generators: the package README
// (scripts/generate/receiver-readme.mjs) and the docs' delivery pages (packages/docs/src/build.mjs).
// Before, each generator held its own copy, already worded differently (user trial 19, F10).
// The files type-check as a user's modules would, and are not published.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { typeScriptSnippets } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { RECEIVER_RECIPES } from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { RECEIVER_PATH } from "../../packages/docs/src/snippets.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { RECIPES } from "../../scripts/generate/receiver-readme.mjs";
import { tsc } from "../types/tsc.js";

const root = join(import.meta.dirname, "../..");
const recipesDir = join(root, "packages/webhooks/recipes");
const files = { store: "redis-store.ts", express: "express.ts" } as const;
const recipe = (key: keyof typeof files) => readFileSync(join(recipesDir, files[key]), "utf8");

describe("the receiver's recipes", () => {
  it("are the files both generators read", () => {
    const paths = (urls: Record<string, string | URL>) =>
      Object.fromEntries(
        Object.entries(urls).map(([k, v]) => [k, v instanceof URL ? v.pathname : v]),
      );
    const expected = {
      store: join(recipesDir, files.store),
      express: join(recipesDir, files.express),
    };
    expect(paths(RECIPES)).toEqual(expected);
    expect(paths(RECEIVER_RECIPES)).toEqual(expected);
  });

  it("are shown whole in the webhooks README, as ```ts blocks", () => {
    const readme = readFileSync(join(root, "packages/webhooks/README.md"), "utf8");
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toContain(recipe("store"));
    expect(blocks).toContain(recipe("express"));
  });

  it("are shown whole on the docs' delivery pages; a raw delivery's handler takes raw events", () => {
    const shown = (example: string) =>
      typeScriptSnippets().filter((s) => s.example === example && s.area === "webhooks");
    const store = shown("receiver signature store");
    const express = shown("receiver behind Express");
    expect(store.map((s) => s.page).sort()).toEqual([
      "webhooks/deliverEnhancedEvents.html",
      "webhooks/deliverRawEvents.html",
    ]);
    for (const s of store) expect(s.code).toBe(recipe("store").trimEnd());
    const [enhanced, raw] = ["Enhanced", "Raw"].map(
      (kind) => express.find((s) => s.page === `webhooks/deliver${kind}Events.html`)!.code,
    );
    expect(enhanced).toBe(recipe("express").trimEnd());
    // The raw page's differs in the handler's lines only.
    const onEvent = "  onEvent: (event) => console.log(event.type, event.signature),";
    const rawLines = [
      '  kind: "raw", // the events are typed and parsed as raw transactions',
      "  onEvent: (event) => console.log(event.slot, event.transaction.signatures[0]),",
    ];
    expect(recipe("express")).toContain(`\n${onEvent}\n`);
    expect(raw).toBe(recipe("express").trimEnd().replace(onEvent, rawLines.join("\n")));
  });

  it("mount the receiver on the path the docs' curl example posts to", () => {
    expect(recipe("express")).toContain(`app.post(${JSON.stringify(RECEIVER_PATH)}, `);
  });

  it("type-check as a user's modules, without redis or express among the package's dependencies", () => {
    // (What the project holds: a typo in its "include" would check nothing and pass.)
    const listed = execFileSync(
      join(root, "node_modules/.bin/tsc"),
      ["-p", recipesDir, "--listFilesOnly"],
      { encoding: "utf8" },
    );
    for (const file of Object.values(files)) expect(listed).toContain(join(recipesDir, file));
    expect(tsc("-p", recipesDir, "--pretty", "false")).toBe("");
    const pkg = JSON.parse(readFileSync(join(root, "packages/webhooks/package.json"), "utf8"));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
    expect(deps.filter((d) => /redis|express/.test(d))).toEqual([]);
  });

  it("are not published", () => {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: join(root, "packages/webhooks"),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    );
    const paths: string[] = packed.files.map((f: { path: string }) => f.path);
    expect(paths).toContain("README.md");
    expect(paths.filter((p) => p.startsWith("recipes"))).toEqual([]);
  });
});
