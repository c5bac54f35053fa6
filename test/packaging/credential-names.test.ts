/**
 * The names of credentials are spelled in five regexes across two packages: core's redaction
 * (`QUOTED` and `HEADER` for text, `SECRET_NAME` for parsed JSON) and the mock's request log
 * (`maskText`, `KEY_NAME`). Core cannot export them to the mock without making them API, so this
 * reads the sources: a name added to one and not the others would leave its values in an error
 * message or in the mock's log. (`api-key` is a query parameter: core's `QUERY` masks it in URLs,
 * so its text patterns for headers and quoted values leave it out.)
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

it("core's redaction and the mock's request log mask the same credential names", () => {
  const redact = source("packages/core/src/redact.ts");
  const log = source("packages/mock/src/request-log.ts");
  const all = names(redact, "const SECRET_NAME");
  expect(all).toEqual(["api[-_]?key", "auth[-_]?header", "authorization", "x-api-key"]);
  expect(names(log, "const KEY_NAME")).toEqual(all);
  expect(names(log, "const maskText")).toEqual(all);
  const inText = all.filter((name) => name !== "api[-_]?key");
  expect(names(redact, "const QUOTED")).toEqual(inText);
  expect(names(redact, "const HEADER")).toEqual(inText);
  expect(redact).toContain("const QUERY = /(api[-_]?key=)");
});
