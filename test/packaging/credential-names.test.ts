/**
 * The names of credentials are spelled in three regexes of core's redaction (`QUOTED` and `HEADER`
 * for text, `SECRET_NAME` for parsed JSON); the mock's request log masks by core's rule
 * (`isSecretName`, an internal export) and spells none of its own. This reads the sources: a name
 * added to one regex and not the others would leave its values in an error message, and a list of
 * the mock's own would drift from core's (it once lacked the header names: `x-token`, `cookie`).
 * (A bare `api-key=v` is a query parameter: core's `QUERY` masks it in URLs, so the pattern for
 * header values leaves it out; a quoted one, `"api-key":"v"`, is QUOTED's.)
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
  // A quoted value is masked after any of them: `api[-_]?key` there also matches the end of
  // `x-api-key`, so QUOTED spells that one without its `x-` (review 82, F8).
  const quoted = all.filter((name) => name !== "x-api-key");
  expect(names(redact, "const QUOTED")).toEqual(quoted);
  expect("x-api-key").toMatch(new RegExp(quoted[0]!));
  const inText = all.filter((name) => name !== "api[-_]?key");
  expect(names(redact, "const HEADER")).toEqual(inText);
  // QUERY's name is the query parameter's, `api[-_]?key`, right before its `=` (or `%3D`, `:`…).
  expect(redact).toMatch(/const QUERY =\s*\/\S*?\(api\[-_\]\?key\(\?:=\|/);
  expect(redact).toMatch(/export const isSecretName = [^;]*SECRET_NAME\.test/);
});

it("the mock's request log masks by core's isSecretName, with no list of its own", () => {
  const log = source("packages/mock/src/request-log.ts");
  expect(log).toMatch(/^import \{[^}]*\bisSecretName\b[^}]*\} from "@chaindata\/core";$/m);
  expect(log).not.toMatch(/authorization|x-api-key|auth\[-_\]\?header/i);
});
