// The type tests compile: valid calls type-check and every `@ts-expect-error` is a real error.
import { describe, expect, it } from "vitest";
import { tsc } from "./tsc.js";

const root = new URL("../..", import.meta.url).pathname;

describe("types", () => {
  // tsconfig.json: the repository's settings; tsconfig.strict.json: a strict consumer's
  // (`exactOptionalPropertyTypes`, and the packages' own .d.ts checked: no `skipLibCheck`).
  it.each(["tsconfig.json", "tsconfig.strict.json"])(
    "tsc -p test/types/%s passes (valid calls compile, invalid ones are errors)",
    (config) => {
      expect(tsc("-p", `${root}test/types/${config}`)).toBe("");
    },
  );
});
