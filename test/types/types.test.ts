// The type tests compile: valid calls type-check and every `@ts-expect-error` is a real error.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

describe("types", () => {
  it("tsc -p test/types passes (valid calls compile, invalid ones are errors)", () => {
    let output = "";
    try {
      execFileSync(`${root}node_modules/.bin/tsc`, ["-p", `${root}test/types`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error: any) {
      output = `${error.stdout}${error.stderr}`;
    }
    expect(output).toBe("");
  });
});
