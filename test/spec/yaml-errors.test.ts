// A YAML syntax error in words a spec editor acts on (scripts/spec/yaml-errors.mjs; user trial 34,
// F13a): the line to fix, at its key's column, and what probably went wrong there, where the `yaml`
// parser says "All mapping items must start at the same column" at column 1 of the next line.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { describeYamlError, misindented } from "../../scripts/spec/yaml-errors.mjs";

/** `<line>:<col>: <message>` for the first error of `text`, as the bundler words it. */
function described(text: string): string {
  const [error] = YAML.parseDocument(text, { uniqueKeys: true }).errors;
  if (!error) throw new Error("no YAML error");
  const { line, col, message } = describeYamlError(text, error);
  return `${line}:${col}: ${message}`;
}

const schema = (lines: string[]) =>
  [
    "Thing:",
    "  type: object",
    "  properties:",
    "    supply:",
    ...lines,
    "    name: { type: string }",
    "",
  ].join("\n");

describe("a YAML syntax error, told", () => {
  it("a key indented deeper than a key that has a value (the parser: 'Nested mappings…' or 'All mapping items…' at the line before or after)", () => {
    const quoted = schema(['      $ref: "./common.yaml#/U64"', "        description: The supply."]);
    expect(described(quoted)).toBe(
      "6:9: `description:` is indented 8 spaces, deeper than `$ref:` on line 5 (6), which already has a value: a key cannot go under it. Indent it 6 spaces to make it a key beside `$ref:`, or move `$ref:`'s value under it to nest it",
    );
    const plain = schema(["      type: integer", "        description: The supply."]);
    expect(described(plain)).toMatch(
      /^6:9: `description:` is indented 8 spaces, deeper than `type:` on line 5 \(6\)/,
    );
  });

  it("a key whose indentation lines up with no key above it, with the columns that would", () => {
    expect(
      described(schema(['      $ref: "./common.yaml#/U64"', "     description: The supply."])),
    ).toBe(
      "6:6: `description:` is indented 5 spaces, which lines up with no key above it: 6 spaces puts it beside `$ref:` (line 5), 4 spaces puts it beside `supply:` (line 4), 2 spaces puts it beside `properties:` (line 3); the keys of one mapping start at the same column",
    );
  });

  it("a key where the items of a list are", () => {
    const text = [
      "getThing:",
      "  errors:",
      "    - $ref: a",
      "    - $ref: b",
      "    x-cost: 1",
      "",
    ].join("\n");
    expect(described(text)).toBe(
      "5:5: `x-cost:` is indented 4 spaces, as the items (`- …`) of the list above it (`errors:`, line 2): a key there belongs to no mapping. Indent it 2 spaces to make it a key beside `errors:`, or begin it with `- ` to make it an item",
    );
  });

  it("a value holding ': ' (read as one more key)", () => {
    expect(described("a:\n  summary: Note: the first\n")).toBe(
      '2:12: the value of `summary:` holds ": " (a colon and a space), which YAML reads as one more key: quote the value ("…")',
    );
  });

  it("a tab, a key twice, a string or a { … } left open, a ': ' inside { … }", () => {
    expect(described("a:\n\tb: 1\n")).toBe(
      "2:1: a tab in the indentation of `b: 1`: YAML indents with spaces only; indent it with spaces as the lines around it",
    );
    expect(described("a:\n  b: 1\n  c: 2\n  b: 3\n")).toBe(
      "4:3: `b:` is a key twice in one mapping (first at line 2): remove or rename one (YAML keeps one value of a key)",
    );
    expect(described('a:\n  b: "one\n  c: 2\n')).toMatch(
      /^2:6: the string opened with " here is not closed(: the parser read on to line \d+| on its line); close it with " on this line$/,
    );
    expect(described("a:\n  b: { c: 1\n  d: 2\n")).toBe(
      "2:6: the { … opened here is not closed with } (or its next line is not indented deeper than its key): close it on this line",
    );
    expect(described("a: { b: 1, c: x: y }\n")).toMatch(
      /^1:\d+: a value inside \{ … \} or \[ … \] holds ": " \(a colon and a space\), which YAML reads as a key: quote the value/,
    );
  });

  it("an error it cannot explain keeps the parser's words, with the line", () => {
    expect(described("a: @x\n")).toBe(
      "1:4: Plain value cannot start with reserved character @ (the YAML parser's words, at `a: @x`)",
    );
  });

  it("finds no misindented line in any YAML file of the spec (block scalars, multi-line strings, lists of lists)", () => {
    const spec = new URL("../../spec/", import.meta.url).pathname;
    for (const dir of ["", "openrpc", "openapi", "schemas"])
      for (const file of readdirSync(join(spec, dir)).filter((f) => f.endsWith(".yaml")))
        expect(
          misindented(readFileSync(join(spec, dir, file), "utf8").split("\n")),
          `${dir}/${file}`,
        ).toBeUndefined();
    // (A list at its key's column, and the key after it, are a mapping's too.)
    expect(misindented("tags:\n- a\n- b\nother: x\n".split("\n"))).toBeUndefined();
  });
});
