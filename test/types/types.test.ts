// The type tests compile: valid calls type-check and every `@ts-expect-error` is a real error.
import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OLDEST_TYPESCRIPT, tsc, tscOldest } from "./tsc.js";

const root = new URL("../..", import.meta.url).pathname;

describe("types", () => {
  // tsconfig.json: the repository's settings; tsconfig.strict.json: a strict consumer's
  // (`exactOptionalPropertyTypes`, and the packages' own .d.ts checked: no `skipLibCheck`);
  // tsconfig.node.json: the same consumer with the fetch types of @types/node alone, no "dom" lib
  // (the README allows either; a DOM-only name such as `HeadersInit` in the .d.ts failed there).
  it.each(["tsconfig.json", "tsconfig.strict.json", "tsconfig.node.json"])(
    "tsc -p test/types/%s passes (valid calls compile, invalid ones are errors)",
    (config) => {
      expect(tsc("-p", `${root}test/types/${config}`)).toBe("");
    },
  );

  // (A tuple that mixed a labelled and an unlabelled member, in `Paginated`, was an error before
  // TypeScript 5.2 in every package's declarations, while the README said ≥ 5.0.)
  it(`the strict consumer's calls compile with TypeScript ${OLDEST_TYPESCRIPT} too, the oldest the README promises`, () => {
    const dir = mkdtempSync(join(tmpdir(), "chaindata-oldest-ts-"));
    try {
      expect(tscOldest(dir, "-p", `${root}test/types/tsconfig.strict.json`)).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
