/**
 * The names of credentials are spelled in three regexes of core's redaction (`QUOTED` and `HEADER`
 * for text, `SECRET_NAME` for parsed JSON); the mock's request log masks by core's rule
 * (`isSecretName`, an internal export) and spells none of its own. This reads the sources: a name
 * added to one regex and not the others would leave its values in an error message, and a list of
 * the mock's own would drift from core's (it once lacked the header names: `x-token`, `cookie`).
 * (`api-key` is a query parameter: core's `QUERY` masks it in URLs, so its text patterns for
 * headers and quoted values leave it out.)
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const source = (file: string) => readFileSync(`${root}${file}`, "utf8");

/** The alternatives of the first `(?:a|b|…)` group after `marker` in `text`, sorted. */
function names(text: string, marker: string): string[] {
  const at = text.indexOf(marker);
  expect(at, marker).toBeGreaterThanOrEqual(0);
  const group = /\(\?:((?:[\w[\]\-_?]+\|)+[\w[\]\-_?]+)\)/.exec(text.slice(at))!;
  return group[1]!.split("|").sort();
}

it("core's redaction spells the credential names alike in its three regexes", () => {
  const redact = source("packages/core/src/redact.ts");
  const all = names(redact, "const SECRET_NAME");
  expect(all).toEqual(["api[-_]?key", "auth[-_]?header", "authorization", "x-api-key"]);
  const inText = all.filter((name) => name !== "api[-_]?key");
  expect(names(redact, "const QUOTED")).toEqual(inText);
  expect(names(redact, "const HEADER")).toEqual(inText);
  expect(redact).toContain("const QUERY = /(api[-_]?key=)");
  expect(redact).toMatch(/export const isSecretName = [^;]*SECRET_NAME\.test/);
});

it("the mock's request log masks by core's isSecretName, with no list of its own", () => {
  const log = source("packages/mock/src/request-log.ts");
  expect(log).toMatch(/^import \{[^}]*\bisSecretName\b[^}]*\} from "@chaindata\/core";$/m);
  expect(log).not.toMatch(/authorization|x-api-key|auth\[-_\]\?header/i);
});
