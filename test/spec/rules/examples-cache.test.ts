// checkExamples' findings are kept between runs (node_modules/.cache/chaindata-examples, spec70),
// as Spectral's are: about 1 s of each `npm run generate` and `npm run spec:check`. The key holds
// the document (its exact integers), the installed packages, Node's version and every script of
// scripts/, so an edit of the rules is checked again, never answered from an older run.
import { randomUUID } from "node:crypto";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkExamples,
  examplesCacheFile,
  examplesCacheKey,
  scriptsDigest,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../../scripts/spec/rules/examples.mjs";
import { callInAnotherProcess } from "../in-another-process.js";

const SCRIPTS = resolve(import.meta.dirname, "../../../scripts");
const EXAMPLES_MJS = join(SCRIPTS, "spec/rules/examples.mjs");
const dir = mkdtempSync(join(tmpdir(), "chaindata-examples-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document with a wrong example, its description unique to this run (never checked before). */
const run = randomUUID();
const document = (example: unknown) => ({
  area: "cachetest",
  kind: "openapi",
  doc: {
    openapi: "3.1.0",
    info: { title: "t", version: "1", description: `run ${run}` },
    paths: {},
    components: { schemas: { N: { type: "integer", examples: [example] } } },
  },
});

/** checkExamples over `r` in a Node process of its own (which remembers nothing in memory). */
const checkInAnotherProcess = (r: object) =>
  callInAnotherProcess(EXAMPLES_MJS, "checkExamples", r, dir);

describe("checkExamples' findings kept in node_modules/.cache between runs", () => {
  it("a later run reads a document's findings from the cache, and an edited document is checked again", () => {
    const wrong = document("x");
    const findings = checkExamples(wrong);
    expect(findings.join("\n")).toMatch(/^cachetest #\/components\/schemas\/N\/examples\/0: /);
    const file = examplesCacheFile(wrong);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(findings);

    // Another process takes the kept lines (a marker written in their place comes back) …
    writeFileSync(file, JSON.stringify(["cachetest #/info: marker"]));
    expect(checkInAnotherProcess(wrong)).toEqual(["cachetest #/info: marker"]);
    // … and the document edited (its example right) is a new key: it is checked.
    expect(checkInAnotherProcess(document(1))).toEqual([]);
  });

  it("an edit of a rule script (one examples.mjs imports) makes a new key", () => {
    const copy = join(dir, "scripts");
    cpSync(SCRIPTS, copy, { recursive: true });
    // (The digest the cache uses is of scripts/ itself.)
    expect(scriptsDigest(copy)).toBe(scriptsDigest());
    const before = examplesCacheKey("document", scriptsDigest(copy), "packages");
    appendFileSync(join(copy, "spec/rules/integers.mjs"), "\n// an edit\n");
    const after = examplesCacheKey("document", scriptsDigest(copy), "packages");
    expect(after).not.toBe(before);
    // (The key's other parts: the document and the packages.)
    expect(examplesCacheKey("document2", scriptsDigest(copy), "packages")).not.toBe(after);
    expect(examplesCacheKey("document", scriptsDigest(copy), "packages2")).not.toBe(after);
  });
});
