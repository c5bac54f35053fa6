// The findings kept between runs (scripts/spec/rules/kept-findings.mjs): a kept file is read
// back only in the shape written, each line its text or `{ text, id }`; any other shape (a file
// of another version, a hand edit) is read as nothing kept, and the rule runs again.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { keepLines, keptLines, linesText } from "../../../scripts/spec/rules/kept-findings.mjs";

const folder = mkdtempSync(join(tmpdir(), "kept-findings-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** keptLines over a file holding `lines` as JSON. */
const readBack = (key: string, lines: unknown) => {
  writeFileSync(join(folder, `${key}.json`), JSON.stringify(lines));
  return keptLines(folder, key);
};

describe("keptLines", () => {
  it("reads back lines kept by keepLines: texts, and texts with their identity", () => {
    const lines = ["das #/a: one", { text: "das #/b: two", id: "oas3-schema das #/b" }];
    keepLines(folder, "written", lines);
    expect(keptLines(folder, "written")).toEqual(lines);
  });

  it.each([
    ["a line with a member besides text and id", [{ text: "t", id: "i", at: "#/a" }]],
    ["a line without its id", [{ text: "t" }]],
    ["an id that is no string", [{ text: "t", id: 7 }]],
    ["a line that is a number", [1]],
    ["no list", { text: "t", id: "i" }],
  ])("reads %s as nothing kept", (key, lines) => {
    expect(readBack(key.replace(/\W+/g, "-"), lines)).toBeUndefined();
  });

  it("reads a file that is missing or no JSON as nothing kept", () => {
    expect(keptLines(folder, "missing")).toBeUndefined();
    writeFileSync(join(folder, "torn.json"), '["das #/a: one"');
    expect(keptLines(folder, "torn")).toBeUndefined();
  });
});

describe("linesText", () => {
  it("gives each line's text, and records the identity of those that have one", () => {
    const ids = new Map<string, string>();
    const texts = linesText(["plain", { text: "named", id: "code das #/x" }], ids);
    expect(texts).toEqual(["plain", "named"]);
    expect([...ids]).toEqual([["named", "code das #/x"]]);
  });
});
