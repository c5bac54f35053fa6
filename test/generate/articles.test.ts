// Generated prose builds sentences from area and operation names ("a ${area} operation"): the
// article must follow the name's first letter ("an admin operation"), as a reader expects.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { isIdentifier, withArticle } from "../../scripts/generate/lib/names.mjs";

const PACKAGES = new URL("../../packages/", import.meta.url);
// "a" before a word that starts with a vowel sound; "u" ("a u64") and "one" sound as consonants.
const WRONG_ARTICLE = /(?<![\w`])[Aa] (?!one\b)[aeioAEIO]\w*/g;

function generatedTexts(): [string, string][] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = new URL(`${d.name}/src/generated/`, PACKAGES);
      let files: string[];
      try {
        files = readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith(".ts"));
      } catch {
        return [];
      }
      return files.map((f): [string, string] => [
        `${d.name}/src/generated/${f}`,
        readFileSync(new URL(f, dir), "utf8"),
      ]);
    });
}

describe("generated prose uses a or an by the next word", () => {
  it("withArticle picks by the first letter", () => {
    expect(withArticle("admin", true)).toBe("An admin");
    expect(withArticle("das")).toBe("a das");
    expect(withArticle("webhooks")).toBe("a webhooks");
    // (Each vowel: "u" dropped from the rule passed, as no generated text has an article before
    // a u today, mutation 74.)
    for (const word of ["admin", "event", "integer", "object", "update"])
      expect(withArticle(word)).toBe(`an ${word}`);
  });

  // (isIdentifier, beside it in names.mjs, decides which spec names can name a binding: a "-"
  // accepted passed every generator suite, mutation 74.)
  it("isIdentifier takes JavaScript identifiers only", () => {
    for (const name of ["getAsset", "_x", "$y", "a1"]) expect(isIdentifier(name), name).toBe(true);
    for (const name of ["get-asset", "1a", "a b", "", 5])
      expect(isIdentifier(name), String(name)).toBe(false);
  });

  it("no generated file writes a before a vowel", () => {
    const texts = generatedTexts();
    expect(texts.length).toBeGreaterThan(20);
    const hits = texts.flatMap(([file, text]) =>
      [...text.matchAll(WRONG_ARTICLE)].map((m) => `${file}: ${m[0]}`),
    );
    expect(hits).toEqual([]);
  });
});
