// `npm run generate -- --check` tells a generated file edited by hand (it would be undone: change the
// spec instead) from one the spec or the generator has moved past (stale), by whether the file was
// changed after everything it is made from. Run into a temporary folder, from the real spec/dist.
import { appendFileSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generateInto } from "../../scripts/generate/index.mjs";

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
