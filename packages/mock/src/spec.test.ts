/**
 * loadSpec's refusals of a spec folder it cannot use: each names the index file and where the
 * folder came from (review 72, F3: a malformed index.json was "Expected property name or '}' in
 * JSON at position 1", naming no file; an index of `null` a TypeError of `areas`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { loadSpec } from "./spec.js";

const dir = mkdtempSync(join(tmpdir(), "chaindata-mock-spec-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A spec folder named `name` whose index.json holds `text` (none when undefined). */
const folder = (name: string, text?: string) => {
  const path = join(dir, name);
  mkdirSync(path);
  if (text !== undefined) writeFileSync(join(path, "index.json"), text);
  return path;
};

it.each([
  ["malformed", "{bad", "cannot be read: "],
  ["null", "null", "must be a JSON object with an areas list"],
  ["areas", '{"areas":"das"}', "must be a JSON object with an areas list"],
  ["missing", undefined, "no such file"],
])("names the index file and the option when index.json is %s", (name, text, why) => {
  const path = folder(name, text);
  expect(() => loadSpec(path)).toThrow(
    `@chaindata/mock: spec index ${join(path, "index.json")} (specDir, or --spec-dir): ${why}`,
  );
});

it("names $CHAINDATA_SPEC_DIR when the folder came from it", () => {
  const path = folder("from-env", "[]");
  vi.stubEnv("CHAINDATA_SPEC_DIR", path);
  try {
    expect(() => loadSpec()).toThrow(`(${"$"}CHAINDATA_SPEC_DIR): must be a JSON object`);
  } finally {
    vi.unstubAllEnvs();
  }
});

it("reads $CHAINDATA_SPEC_DIR without the spaces or line ends around it (a .env file with CRLF line ends)", () => {
  const path = folder("crlf", "[]");
  vi.stubEnv("CHAINDATA_SPEC_DIR", `${path}\r`);
  try {
    // (Found, and then refused for its content: "\r" left, it was "no such file".)
    expect(() => loadSpec()).toThrow(
      `spec index ${join(path, "index.json")} (${"$"}CHAINDATA_SPEC_DIR): must be`,
    );
  } finally {
    vi.unstubAllEnvs();
  }
});
