// The generated JSDoc is what a user reads in an editor's hover: it says what to pass and what
// comes back, not where the spec found a fact. Provenance (`x-source`: the public docs' file
// names, pull requests, the fact sheet), the spec's own extension names (`x-tip-accounts`) and
// the repository's decision records stay in the spec and on the docs site (review 48, F3).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const PACKAGES = new URL("../../packages/", import.meta.url);
const INTERNAL =
  /public-docs:|core-ai|\bPR ?#?\d{2,}|fact sheet|decision \d{4}|`x-[a-z-]+`|\bx-(?:source|tip-accounts|minimum-tip-lamports|regions|solana-transaction|renamed-from|batch|area|host)\b/g;

function generatedFiles(): string[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = new URL(`${d.name}/src/generated/`, PACKAGES);
      try {
        return readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith(".ts"))
          .map((f) => `${d.name}/src/generated/${f}`);
      } catch {
        return [];
      }
    });
}

describe("generated JSDoc holds no repository-internal notes", () => {
  const files = generatedFiles();

  it("finds the generated modules", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("no doc comment cites a source, a decision record or a spec extension", () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(new URL(file, PACKAGES), "utf8");
      return (text.match(/\/\*\*[\s\S]*?\*\//g) ?? []).flatMap((comment) =>
        (comment.match(INTERNAL) ?? []).map((hit) => `${file}: ${hit}`),
      );
    });
    expect(found).toEqual([]);
  });

  // The factory is the first thing a user hovers: it says what `options` takes and shows a first
  // line to copy (review 48, F9: its hover was one line).
  it("every client factory documents its options and has an example", () => {
    const factories = files
      .filter((file) => file.endsWith("/client.ts"))
      .flatMap((file) => {
        const text = readFileSync(new URL(file, PACKAGES), "utf8");
        return [
          ...text.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\nexport function (create\w+Client)\(/g),
        ].map(([, doc, name]) => ({ name, doc: doc! }));
      });
    expect(factories.map((f) => f.name)).toContain("createDasClient");
    expect(factories.length).toBeGreaterThanOrEqual(8);
    for (const { name, doc } of factories) {
      expect(doc, name).toMatch(/@param options - \S/);
      expect(doc, name).toMatch(new RegExp(`@example\\n \\* const \\w+ = ${name}\\(`));
    }
  });
});
