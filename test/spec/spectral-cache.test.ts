// Spectral's findings are remembered per OpenAPI document (scripts/spec/rules/spectral.mjs), so
// that the spec tests' dozens of edited copies lint only the documents an edit changed, and a later
// `npm run generate` only those edited since (node_modules/.cache, keyed by the exact inputs). A document
// linted before must never hide a finding of its edited copy, and the remembered findings and the
// new ones come out in Spectral's order (by file), as one run over every document lists them.
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { oas } from "@stoplight/spectral-rulesets";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { lintOpenApi, lintOpenApiAsync } from "../../scripts/spec/rules.mjs";
import {
  LINES_FORMAT,
  lintKey,
  SPECTRAL_WHAT_TO_DO,
  spectralCacheFile,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/rules/spectral.mjs";
import { callInAnotherProcess } from "./in-another-process.js";
import { editCopy, editedCopy, removeCopies } from "./spec-copy.js";

afterEach(removeCopies);

const bundled = (specDir: string) => bundleAll({ write: false, specDir });
const withoutTags = (path: string, method: string) => (doc: any) => {
  delete doc.paths[path][method].tags;
};
/** Spectral's finding (spectral:oas's operation-tags; no rule of this project's checks tags). */
const tagsFinding = (area: string, pointer: string) =>
  `${area} #/paths/${pointer}: [operation-tags] Operation must have non-empty "tags" array; give the operation tags: [<its group>], the docs site's section for it`;

describe("Spectral's remembered findings", () => {
  it("an edited document is linted again after its unedited copy was, and the lines keep Spectral's order", async () => {
    const unedited = editedCopy("openapi/wallet.yaml", () => {});
    expect(lintOpenApi(bundled(unedited))).toEqual([]);

    // The same area, one operation without tags: a new document, so a new finding.
    const wallet = editedCopy(
      "openapi/wallet.yaml",
      withoutTags("/v1/wallet/{wallet}/identity", "get"),
    );
    const walletFinding = tagsFinding("wallet", "~1v1~1wallet~1{wallet}~1identity/get");
    expect(lintOpenApi(bundled(wallet))).toEqual([walletFinding]);

    // admin's document new and wallet's remembered: admin's finding first, as Spectral lists files.
    editCopy(wallet, "openapi/admin.yaml", withoutTags("/v0/admin/projects/{id}/usage", "get"));
    const adminFinding = tagsFinding("admin", "~1v0~1admin~1projects~1{id}~1usage/get");
    expect(lintOpenApi(bundled(wallet))).toEqual([adminFinding, walletFinding]);

    // The same through lintOpenApiAsync (spec:check, generate), with sender's document new.
    editCopy(wallet, "openapi/sender.yaml", withoutTags("/ping", "get"));
    expect(await lintOpenApiAsync(bundled(wallet))).toEqual([
      adminFinding,
      tagsFinding("sender", "~1ping/get"),
      walletFinding,
    ]);
  });
});

describe("Spectral's findings kept in node_modules/.cache between runs", () => {
  const SPECTRAL_MJS = resolve(import.meta.dirname, "../../scripts/spec/rules/spectral.mjs");
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-cache-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A small OpenAPI area, its description unique to this test run (so it was never linted). */
  const run = randomUUID();
  const results = (tags: boolean) => [
    {
      area: "cachetest",
      kind: "openapi",
      doc: {
        openapi: "3.1.0",
        info: { title: "t", version: "1", description: `run ${run}` },
        paths: {
          "/x": {
            get: {
              operationId: "getX",
              ...(tags && { tags: ["x"] }),
              responses: { "200": { description: "ok" } },
            },
          },
        },
      },
    },
  ];
  /** lintOpenApi over `r` in a Node process of its own (which remembers nothing in memory). */
  const lintInAnotherProcess = (r: object[]) =>
    callInAnotherProcess(SPECTRAL_MJS, "lintOpenApi", r, dir);

  it("a later run reads a document's findings from the cache, and an edited document is linted again", () => {
    const untagged = results(false);
    const lines = lintOpenApi(untagged);
    expect(lines).toContain(tagsFinding("cachetest", "~1x/get"));
    const file = spectralCacheFile(untagged[0]);
    // (Each line kept with its identity, Spectral's rule and place, which no rule reads from its
    // text.)
    const kept = JSON.parse(readFileSync(file, "utf8"));
    expect(kept.map((line: { text: string }) => line.text)).toEqual(lines);
    expect(kept).toContainEqual({
      text: tagsFinding("cachetest", "~1x/get"),
      id: "operation-tags cachetest #/paths/~1x/get",
    });

    // Another process takes the kept lines (a marker written in their place comes back) …
    writeFileSync(file, JSON.stringify(["cachetest #/info: marker"]));
    expect(lintInAnotherProcess(untagged)).toEqual(["cachetest #/info: marker"]);
    // … and the document edited (its operation tagged) is a new key: Spectral lints it.
    const tagged = lintInAnotherProcess(results(true));
    expect(tagged).not.toContain("cachetest #/info: marker");
    expect(tagged).not.toContain(tagsFinding("cachetest", "~1x/get"));
    expect(tagged.length).toBeGreaterThan(0); // (spectral:oas's info-contact and others)
  });

  it("a kept file written by another version of the line format is not read", () => {
    // (A document of its own: the case above left a marker under its current key.)
    const untagged = results(false);
    untagged[0]!.doc.info.description += " (format)";
    // (Under the key another format would have: a version of spectral.mjs whose lines said other
    // words, or carried no identity, must not hand them to this one.)
    writeFileSync(
      spectralCacheFile(untagged[0]!, "another line format"),
      JSON.stringify(["cachetest #/info: marker"]),
    );
    const lines = lintInAnotherProcess(untagged);
    expect(lines).not.toContain("cachetest #/info: marker");
    expect(lines).toContain(tagsFinding("cachetest", "~1x/get"));
  });

  it("the key changes with the ruleset, the installed packages, Node's version and the document", () => {
    const [r] = results(false);
    const key = lintKey("rules", "v20.20.2 abc", r);
    expect(lintKey("rules ", "v20.20.2 abc", r)).not.toBe(key);
    expect(lintKey("rules", "v20.20.2 abd", r)).not.toBe(key);
    expect(lintKey("rules", "v22.0.0 abc", r)).not.toBe(key);
    expect(lintKey("rules", "v20.20.2 abc", results(true)[0])).not.toBe(key);
    expect(lintKey("rules", "v20.20.2 abc", results(false)[0])).toBe(key);
    // … and with the form of the lines, which defaults to this version's.
    expect(lintKey("rules", "v20.20.2 abc", r, "another line format")).not.toBe(key);
    expect(lintKey("rules", "v20.20.2 abc", r, LINES_FORMAT)).toBe(key);
    // That form is a digest of both scripts that make the lines: an edit of either (of the words,
    // or of the identities mistake-ids.mjs gives them) lints every document again.
    const scripts = ["rules/spectral.mjs", "../lib/mistake-ids.mjs"];
    const digest = createHash("sha256");
    for (const script of scripts)
      digest
        .update(readFileSync(new URL(`../../scripts/spec/${script}`, import.meta.url)))
        .update("\0");
    expect(LINES_FORMAT).toBe(digest.digest("hex"));
  });
});

describe("Spectral's lines say what to do", () => {
  it("for every rule spec/.spectral.yaml turns on for an OpenAPI 3.1 document", () => {
    // (Spectral's messages say what is wrong; the table, keyed by rule, what to write. A rule that
    // the ruleset turns on, or a new recommended one of spectral:oas, needs its entry.)
    const ruleset = YAML.parse(
      readFileSync(resolve(import.meta.dirname, "../../spec/.spectral.yaml"), "utf8"),
    );
    const forOpenApi31 = (rule: { formats?: Iterable<{ displayName: string }> }) =>
      !rule.formats ||
      [...rule.formats].some((f) => ["OpenAPI 3.x", "OpenAPI 3.1.x"].includes(f.displayName));
    const recommended = Object.entries(
      oas.rules as Record<
        string,
        { recommended?: boolean; formats?: Iterable<{ displayName: string }> }
      >,
    )
      .filter(([, rule]) => rule.recommended !== false && forOpenApi31(rule))
      .map(([code]) => code);
    const own = Object.keys(ruleset.rules);
    const on = [...new Set([...recommended, ...own])].filter(
      (code) => ruleset.rules[code] !== "off",
    );
    expect(on.filter((code) => !(code in SPECTRAL_WHAT_TO_DO))).toEqual([]);
    expect(on).toContain("operation-tags");
    expect(on).toContain("oas3-schema");
  });
});
