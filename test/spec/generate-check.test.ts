// `npm run generate -- --check` tells a generated file edited by hand (it would be undone: change the
// spec instead) from one the spec or the generator has moved past (stale), by whether the file was
// changed after everything it is made from. Run into a temporary folder, from the real spec/dist.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generateInto } from "../../scripts/generate/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { sync } from "../../scripts/generate/sync.mjs";

const target = mkdtempSync(join(tmpdir(), "chaindata-generate-check-"));
afterAll(() => rmSync(target, { recursive: true, force: true }));

it("--check tells a generated file edited by hand (the next generate undoes it) from a stale one", async () => {
  await generateInto({ target });
  expect((await generateInto({ target, check: true })).changed).toEqual([]);
  const edited = "packages/das/src/generated/types.ts";
  const stale = "packages/wallet/src/generated/types.ts";
  appendFileSync(join(target, edited), "// a hand edit\n");
  // (Written before the spec's sources and the generator were last changed: as a file generated
  // from an older spec is.)
  appendFileSync(join(target, stale), "// generated from an older spec\n");
  utimesSync(join(target, stale), new Date(2001, 0, 1), new Date(2001, 0, 1));
  expect((await generateInto({ target, check: true })).changed.sort()).toEqual([
    `${edited} (changed after it was generated: edited by hand? npm run generate would undo the edit; change the spec or the generator instead)`,
    `${stale} (stale: the spec or the generator changed after it was generated)`,
  ]);
}, 60_000);

// sync() itself, on a few files in a temporary target (no generator run).
const syncTarget = mkdtempSync(join(tmpdir(), "chaindata-generate-sync-"));
afterAll(() => rmSync(syncTarget, { recursive: true, force: true }));
const put = (path: string, text: string, time?: Date) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (time) utimesSync(path, time, time);
};

// (Neither reporting nor removing such a file passed this test's first case: mutation 74, G13.)
it("a file in src/generated/ that is no longer generated: --check reports it, generate removes it", () => {
  const generated = "packages/x/src/generated";
  const files = { [`${generated}/types.ts`]: "export {};\n" };
  const distDir = join(syncTarget, "spec", "dist");
  put(join(syncTarget, generated, "types.ts"), "export {};\n");
  put(join(syncTarget, generated, "old.ts"), "// gone from the generator\n");
  put(join(syncTarget, generated, "sub", "older.ts"), "// gone too, in a folder\n");
  const strays = [
    `${generated}/old.ts (not generated any more)`,
    `${generated}/sub/older.ts (not generated any more)`,
  ];
  expect(sync(files, { check: true, target: syncTarget, distDir }).sort()).toEqual(strays);
  expect(existsSync(join(syncTarget, generated, "old.ts"))).toBe(true);
  expect(sync(files, { check: false, target: syncTarget, distDir }).sort()).toEqual(strays);
  expect(readdirSync(join(syncTarget, generated))).toEqual(["types.ts"]);
});

// (Counting spec/dist, which every bundle rewrites, made every hand edit read "stale": mutation
// 74, G14.)
it("spec/dist written after a hand edit does not make the edit read as stale", () => {
  const spec = mkdtempSync(join(tmpdir(), "chaindata-generate-sync-spec-"));
  try {
    const hour = 3_600_000;
    put(join(spec, "openapi", "x.yaml"), "openapi: 3.1.0\n", new Date(2001, 0, 1));
    put(join(spec, "dist", "index.json"), "{}\n", new Date(Date.now() + 2 * hour));
    const file = "packages/x/README.md";
    put(join(syncTarget, file), "# x, edited\n", new Date(Date.now() + hour));
    const distDir = join(spec, "dist");
    expect(sync({ [file]: "# x\n" }, { check: true, target: syncTarget, distDir })).toEqual([
      `${file} (changed after it was generated: edited by hand? npm run generate would undo the edit; change the spec or the generator instead)`,
    ]);
  } finally {
    rmSync(spec, { recursive: true, force: true });
  }
});
