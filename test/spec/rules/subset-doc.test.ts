// spec/README.md "JSON Schema subset" lists the keywords a spec editor may write, and the request
// annotations the generated checks pass over, as the code has them (user trial 52: `readOnly`,
// `$comment` and `dependentSchemas` passed spec:check while the list did not name them, and the
// request annotations left out `title` and `deprecated`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { ANNOTATIONS } from "../../../scripts/generate/lib/validator.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { SCHEMA_KEYWORDS } from "../../../scripts/spec/rules/schemas.mjs";

const readme = readFileSync(new URL("../../../spec/README.md", import.meta.url), "utf8");
const section = readme.slice(
  readme.indexOf("## JSON Schema subset"),
  readme.indexOf("\n## ", readme.indexOf("## JSON Schema subset") + 1),
);

/** The keywords (`` `minimum` ``, `` `$ref` ``) the prose between `from` and `to` names. */
function keywordsBetween(from: string, to: string): string[] {
  const start = section.indexOf(from);
  const end = section.indexOf(to, start);
  expect(start, `spec/README.md "JSON Schema subset" no longer says ${from}`).toBeGreaterThan(-1);
  expect(end, `spec/README.md "JSON Schema subset" no longer says ${to}`).toBeGreaterThan(start);
  const names = [...section.slice(start, end).matchAll(/`(\$?[A-Za-z]+)`/g)].map((m) => m[1]!);
  return [...new Set(names)].sort();
}

describe('spec/README.md "JSON Schema subset"', () => {
  it("names the keywords spec:check lets through, and no other", () => {
    expect(keywordsBetween("so keep to:", "Never `nullable`")).toEqual(
      [...(SCHEMA_KEYWORDS as Set<string>)].sort(),
    );
  });

  it("names the request annotations the generated checks pass over (but `example`, which the subset refuses)", () => {
    expect(keywordsBetween("Annotations (", ") pass.")).toEqual(
      [...(ANNOTATIONS as Set<string>)].filter((k) => k !== "example").sort(),
    );
  });
});
