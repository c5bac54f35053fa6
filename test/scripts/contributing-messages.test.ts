/**
 * CONTRIBUTING.md's "Changing a message" quotes messages as examples of where they are asserted:
 * each must be one the code gives today. (Its table quoted the timeout's `Request to … timed out
 * after N ms` for a session after the code had dropped `Request to`: a reader's grep for it found
 * nothing.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../spec/documents.js";

const read = (path: string) => readFileSync(join(root, path), "utf8");

/** The section "## Changing a message", to the next heading. */
const section = (() => {
  const text = read("CONTRIBUTING.md");
  const start = text.indexOf("\n## Changing a message\n");
  if (start < 0) throw new Error('CONTRIBUTING.md has no "## Changing a message" section');
  const rest = text.slice(start + 1);
  const end = rest.slice(3).search(/\n#{1,3} /);
  return end < 0 ? rest : rest.slice(0, end + 3);
})();

/**
 * A quoted message as a pattern of the source that words it: `…` and a single capital letter
 * (`N`, `T`, `K`) stand for a part the code fills in (`${ms}`), anything on one line.
 */
const wordedBy = (message: string) =>
  new RegExp(
    message
      .split(/…|\b[A-Z]\b/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^\\n]+?"),
  );

describe('CONTRIBUTING.md, "Changing a message"', () => {
  it("quotes in its table messages that core's source words today, each in the file its row names", () => {
    // (A row: | the timeout's `<message>` (`http.ts`) | …)
    const rows = [...section.matchAll(/^\| [^|`]*`([^`]+)` \(`([\w-]+\.ts)`\) \|/gm)];
    expect(rows.length, "the table's rows, each a `message` (`file.ts`)").toBeGreaterThanOrEqual(2);
    for (const [, message, file] of rows)
      expect(read(`packages/core/src/${file!}`), `${message} (${file})`).toMatch(
        wordedBy(message!),
      );
  });

  it("quotes the README's line break, a test's regular expression and grep fragments that are there", () => {
    const [, before, after] = /breaks\s+`([^`]+)` \/ `([^`]+)` over two/.exec(section) ?? [];
    expect(before, "the README's line break").toBeDefined();
    expect(read("packages/core/README.md")).toContain(`${before}\n${after}`);
    const [, regExp] = /\(`(\/\^[^`]+\$\/)`\)/.exec(section) ?? [];
    expect(regExp, "the test's regular expression").toBeDefined();
    expect(read("packages/webhooks/src/client.test.ts")).toContain(regExp);
    const [, fragments] = /short\s+fragment \(([^)]+)\)/.exec(section) ?? [];
    const quoted = [...(fragments ?? "").matchAll(/`([^`]+)`/g)].map(([, fragment]) => fragment!);
    expect(quoted.length, "the grep fragments").toBeGreaterThanOrEqual(2);
    // (Found by the grep the section advises, in core's files and their tests at least.)
    const core = readdirSync(join(root, "packages/core/src"))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => read(`packages/core/src/${file}`));
    for (const fragment of quoted)
      expect(
        core.some((source) => source.includes(fragment)),
        fragment,
      ).toBe(true);
  });
});
