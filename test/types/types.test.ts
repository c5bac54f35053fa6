// The type tests compile: valid calls type-check and every `@ts-expect-error` is a real error.
import { afterAll, describe, expect, it } from "vitest";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  NEWEST_TYPESCRIPT,
  OLDEST_PROMISED_TYPESCRIPT,
  OLDEST_TYPESCRIPT,
  tsc,
  tscAt,
  typescriptAt,
} from "./tsc.js";

const root = new URL("../..", import.meta.url).pathname;

const newestDir = mkdtempSync(join(tmpdir(), "chaindata-newest-ts-"));
let newest: ((...args: string[]) => string) | undefined;
/** `tsc` of the newest TypeScript (7, the native compiler), installed on first use. */
const tscNewest = (...args: string[]) =>
  (newest ??= typescriptAt(NEWEST_TYPESCRIPT, newestDir))(...args);
afterAll(() => rmSync(newestDir, { recursive: true, force: true }));

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

  // (`"lib": ["dom"]`, as they said, was 10 errors: no ES lib at all, and AsyncIterable is ES2018's.)
  it("the `lib` README.md and packages/core/README.md name compiles every library's declarations, without @types/node", () => {
    const libraries = readdirSync(`${root}packages`).filter(
      (pkg) =>
        pkg !== "mock" &&
        !JSON.parse(readFileSync(`${root}packages/${pkg}/package.json`, "utf8")).private,
    );
    for (const readme of ["README.md", "packages/core/README.md"]) {
      const named = /`"lib": (\[[^\]]*\])`/.exec(readFileSync(`${root}${readme}`, "utf8"));
      expect(named, `${readme} names a "lib"`).not.toBeNull();
      const dir = mkdtempSync(join(tmpdir(), "chaindata-lib-"));
      try {
        symlinkSync(`${root}node_modules`, join(dir, "node_modules"));
        writeFileSync(
          join(dir, "probe.ts"),
          libraries.map((pkg, i) => `import type * as P${i} from "@chaindata/${pkg}";\n`).join("") +
            `export type All = [${libraries.map((_, i) => `typeof P${i}`).join(", ")}];\n`,
        );
        writeFileSync(
          join(dir, "tsconfig.json"),
          JSON.stringify({
            compilerOptions: {
              strict: true,
              exactOptionalPropertyTypes: true,
              skipLibCheck: false,
              noEmit: true,
              target: "ES2018",
              module: "ESNext",
              moduleResolution: "Bundler",
              lib: JSON.parse(named![1]!),
              types: [],
            },
            files: ["probe.ts"],
          }),
        );
        expect(tsc("-p", dir, "--pretty", "false"), readme).toBe("");
        expect(
          tscNewest("-p", dir, "--pretty", "false"),
          `${readme}, TypeScript ${NEWEST_TYPESCRIPT}`,
        ).toBe("");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 120_000);

  // (A tuple that mixed a labelled and an unlabelled member, in `Paginated`, was an error before
  // TypeScript 5.2 in every package's declarations, while the README said ≥ 5.0.)
  it(`the strict consumer's calls compile with TypeScript ${OLDEST_TYPESCRIPT} too, the oldest that reads them`, () => {
    const dir = mkdtempSync(join(tmpdir(), "chaindata-oldest-ts-"));
    try {
      expect(tscAt(OLDEST_TYPESCRIPT, dir, "-p", `${root}test/types/tsconfig.strict.json`)).toBe(
        "",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // (TypeScript 4.7 to 4.9 stopped on every package's `export type *` with TS1383, user trial 49.)
  it(`a consumer of every area compiles with TypeScript ${OLDEST_PROMISED_TYPESCRIPT}, the oldest the READMEs promise, declarations checked`, () => {
    const dir = mkdtempSync(join(tmpdir(), "chaindata-promised-ts-"));
    try {
      const args = ["-p", `${root}test/types/tsconfig.oldest.json`];
      expect(tscAt(OLDEST_PROMISED_TYPESCRIPT, dir, ...args)).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // TypeScript 7, the native compiler, is what `npm install -D typescript` gives (user trial 70,
  // F10): each consumer above, the oldest one's Node16 resolution too, compiles with it as well.
  it.each(["tsconfig.json", "tsconfig.strict.json", "tsconfig.node.json", "tsconfig.oldest.json"])(
    `tsc -p test/types/%s passes with TypeScript ${NEWEST_TYPESCRIPT}, the newest, too`,
    (config) => {
      expect(tscNewest("-p", `${root}test/types/${config}`)).toBe("");
    },
    120_000,
  );
});
