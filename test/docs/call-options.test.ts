// The per-call options (core's `RequestOptions`) are listed by hand in places that no other test
// reads against the type: the runtime's list of names it accepts, the two generators' wordings
// (each area README's "every call takes `{ … }`", each generated method's `@param options`), the
// root README and core's README. A new per-call option added to the type alone left all of them
// stale with every test passing (user trial 55, F6), so each is held to the type here, and a
// failure names the file to edit; the client options (`ClientOptions`) too, in core's README
// table and the root README. (The docs site's tables: test/docs/build.test.ts.)
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const options = read("packages/core/src/options.ts");
const config = read("packages/core/src/config.ts");

/** The members of the declaration that starts with `head` in options.ts, in their order there. */
function membersOf(source: string, head: string): string[] {
  const start = source.indexOf(head);
  const body = source.slice(start, source.indexOf("\n}", start));
  return [...body.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]!);
}

/** The names of a list written `{ a, b, c }` or `` `a`, `b`, `c` `` (backticks and braces dropped). */
const namesOf = (list: string) =>
  list
    .replace(/[`{}]/g, "")
    .split(/,\s*/)
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Each of `names` in backticks in `file`'s text from `start` to `end`, both phrases asserted found
 * (without its end, the text read on to the file's end: any mention passed; review 73).
 */
function expectNamedBetween(file: string, start: string, end: string, names: string[]) {
  const text = read(file);
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  expect(from, `${file}: '${start}'`).toBeGreaterThan(-1);
  expect(to, `${file}: '${end}' after '${start}'`).toBeGreaterThan(from);
  const named = [...text.slice(from, to).matchAll(/`(\w+)`/g)].map((m) => m[1]);
  for (const name of names) expect(named, `${file}: '${start}' lacks ${name}`).toContain(name);
}

const members = membersOf(options, "export type RequestOptions = {");
const clientMembers = membersOf(options, "export interface ClientOptions {");

/** Every package directory with a README that a generator writes "every call takes" into. */
const areaReadmes = readdirSync(join(root, "packages"))
  .map((dir) => `packages/${dir}/README.md`)
  .filter((file) => existsSync(join(root, file)) && read(file).includes("every call takes `{"));
const generatedClients = readdirSync(join(root, "packages"))
  .map((dir) => `packages/${dir}/src/generated/client.ts`)
  .filter((file) => existsSync(join(root, file)));

describe("the per-call options (RequestOptions) wherever they are listed", () => {
  it("reads the type's members", () => {
    // (A change of options.ts's layout would otherwise make every check below vacuous.)
    expect(members).toEqual(expect.arrayContaining(["signal", "timeout", "headers", "onAttempt"]));
    expect(clientMembers).toEqual(expect.arrayContaining(["apiKey", "baseUrls", "rateLimit"]));
    // Every line that declares a member is read: one written otherwise (`readonly x?:`, a
    // required `x:`) went unread by every check below (review 73, F5).
    for (const [head, read] of [
      ["export type RequestOptions = {", members],
      ["export interface ClientOptions {", clientMembers],
    ] as const) {
      const start = options.indexOf(head);
      const body = options.slice(start, options.indexOf("\n}", start));
      expect(body.match(/^ {2}[^\s/*]/gm), `${head} in options.ts`).toHaveLength(read.length);
    }
  });

  it("the runtime accepts exactly them (REQUEST_OPTIONS in packages/core/src/config.ts)", () => {
    const list = /const REQUEST_OPTIONS = \[([^\]]*)\]/.exec(config)?.[1] ?? "";
    const accepted = [...list.matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(accepted, "REQUEST_OPTIONS in packages/core/src/config.ts").toEqual(members);
  });

  it("each area README names them (CALL_OPTIONS in scripts/generate/readme.mjs)", () => {
    expect(areaReadmes.length).toBeGreaterThanOrEqual(8);
    for (const file of areaReadmes) {
      const list = /every call takes `\{([^}]*)\}`/.exec(read(file))![1]!;
      expect(namesOf(list), `${file}: edit CALL_OPTIONS in scripts/generate/readme.mjs`).toEqual(
        members,
      );
    }
  });

  it("each generated method's @param options names them (scripts/generate/lib/emit.mjs)", () => {
    const listed = generatedClients
      .map((file) => ({
        file,
        lists: [
          ...read(file).matchAll(/Per-call request options \(\{@link RequestOptions\}: ([^)]*)\)/g),
        ],
      }))
      .filter(({ lists }) => lists.length);
    // (Every area's client; the sdk's only joins them.)
    expect(listed.length).toBeGreaterThanOrEqual(8);
    for (const { file, lists } of listed)
      for (const [, list] of lists)
        expect(
          namesOf(list!),
          `${file}: edit the "@param options" text in scripts/generate/lib/emit.mjs`,
        ).toEqual(members);
  });

  it("the root README's option paragraph names them", () => {
    const list = /Every call takes\s+`\{([^}]*)\}`/.exec(read("README.md"))?.[1];
    expect(namesOf(list ?? ""), "README.md: 'Every call takes `{ … }`'").toEqual(members);
  });

  it("core's README names each of them (its 'Per call (`RequestOptions`)' sentence)", () => {
    expectNamedBetween("packages/core/README.md", "Per call (`RequestOptions`):", "Any other name", members); // prettier-ignore
  });

  it("core's README Options table has a row for each client option (ClientOptions)", () => {
    const readme = read("packages/core/README.md");
    const table = readme.slice(
      readme.indexOf("## Options"),
      readme.indexOf("\n\n", readme.indexOf("| option")),
    );
    const rows = [...table.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1]);
    expect(rows, "packages/core/README.md's ## Options table").toEqual(clientMembers);
  });

  it("the root README's 'Every client takes the same options' names each client option", () => {
    expectNamedBetween("README.md", "Every client takes the same options:", "Every call takes", clientMembers); // prettier-ignore
  });
});
