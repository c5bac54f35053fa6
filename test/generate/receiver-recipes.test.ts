// The receiver's Redis store and framework recipes (Express, Fastify, Next.js App Router and Pages
// Router) are kept once, as files of the webhooks package (packages/webhooks/recipes/), and shown
// whole by both generators: the package README (scripts/generate/receiver-readme.mjs) and the docs'
// delivery pages (packages/docs/src/build.mjs). Before, each generator held its own copy, already
// worded differently (user trial 19, F10). The files type-check as a user's modules would, and are
// not published. (The Fastify and Next.js recipes run as written in packages/webhooks/src's
// receiver.fastify.test.ts and receiver.next.test.ts; user trial 30 F4.)
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
const files = {
  store: "redis-store.ts",
  express: "express.ts",
  fastify: "fastify.ts",
  nextApp: "next-app-router.ts",
  nextPages: "next-pages-router.ts",
} as const;
/** The docs' name of each framework recipe's snippet. */
const examples = {
  express: "receiver behind Express",
  fastify: "receiver behind Fastify",
  nextApp: "receiver in a Next.js App Router route",
  nextPages: "receiver in a Next.js API route",
} as const;
const recipe = (key: keyof typeof files) => readFileSync(join(recipesDir, files[key]), "utf8");

describe("the receiver's recipes", () => {
  it("are the files both generators read", () => {
    const paths = (urls: Record<string, string | URL>) =>
      Object.fromEntries(
        Object.entries(urls).map(([k, v]) => [k, v instanceof URL ? v.pathname : v]),
      );
    const expected = Object.fromEntries(
      Object.entries(files).map(([key, file]) => [key, join(recipesDir, file)]),
    );
    expect(paths(RECIPES)).toEqual(expected);
    expect(paths(RECEIVER_RECIPES)).toEqual(expected);
  });

  it("are shown whole in the webhooks README, as ```ts blocks", () => {
    const readme = readFileSync(join(root, "packages/webhooks/README.md"), "utf8");
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    for (const key of Object.keys(files) as (keyof typeof files)[])
      expect(blocks, key).toContain(recipe(key));
  });

  it("are shown whole on the docs' delivery pages; a raw delivery's handler takes raw events", () => {
    const shown = (example: string) =>
      typeScriptSnippets().filter((s) => s.example === example && s.area === "webhooks");
    const pages = ["webhooks/deliverEnhancedEvents.html", "webhooks/deliverRawEvents.html"];
    const store = shown("receiver signature store");
    expect(store.map((s) => s.page).sort()).toEqual(pages);
    for (const s of store) expect(s.code).toBe(recipe("store").trimEnd());
    for (const [key, example] of Object.entries(examples) as [keyof typeof examples, string][]) {
      const snippets = shown(example);
      expect(snippets.map((s) => s.page).sort(), key).toEqual(pages);
      const [enhanced, raw] = pages.map((page) => snippets.find((s) => s.page === page)!.code);
      expect(enhanced, key).toBe(recipe(key).trimEnd());
      // The raw page's differs in the handler's lines only, at the recipe's indent.
      const indent =
        /^( *)onEvent: \(event\) => console\.log\(event\.type, event\.signature\),$/m.exec(
          recipe(key),
        )?.[1];
      expect(indent, `${key}: the enhanced handler's onEvent line`).toBeDefined();
      const onEvent = `${indent}onEvent: (event) => console.log(event.type, event.signature),`;
      const rawLines = [
        `${indent}kind: "raw", // the events are typed and parsed as raw transactions`,
        `${indent}onEvent: (event) => console.log(event.slot, event.transaction.signatures[0]),`,
      ];
      expect(raw, key).toBe(recipe(key).trimEnd().replace(onEvent, rawLines.join("\n")));
    }
  });

  it("mount the receiver on the path the docs' curl example posts to", () => {
    expect(recipe("express")).toContain(`app.post(${JSON.stringify(RECEIVER_PATH)}, `);
    expect(recipe("fastify")).toContain(`app.post(${JSON.stringify(RECEIVER_PATH)}, `);
    expect(recipe("nextApp")).toContain(`// app${RECEIVER_PATH}/route.ts (Next.js App Router)\n`);
  });

  it("type-check as a user's modules, without redis, express, fastify or next among the package's dependencies", () => {
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
    expect(deps.filter((d) => /redis|express|fastify|next|hono/.test(d))).toEqual([]);
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
