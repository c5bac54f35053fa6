// @chaindata/core exports helpers that only the chaindata packages' own code calls (the generated
// clients, the sdk, the webhook receiver). Each is marked `@remarks Internal: …` where
// packages/core/src/index.ts exports it, and on its declaration, where an editor reads it (the
// "internal" release tag would have the build's stripInternal drop it from the declarations the
// area packages compile against), the README says which exports are public API and which may
// change in a minor release, and the API report lists the internal ones last, apart. Read from the
// built declarations, as a user's TypeScript reads them.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { probeService } from "./language-service.js";
import {
  INTERNAL_HEADING,
  isInternal,
  reportOf,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/api-report.mjs";
import { surface } from "./surface.js";

const root = new URL("../..", import.meta.url).pathname;

const core = surface.packages.find((p) => p.dir === "core")!;
const exports = core.entries[0]!.exports;
const internal = exports.filter(isInternal).map((e) => e.name);
const names = (text: string) => [...text.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!);

/** The README's "Public API" section: its list of public names, and its internal paragraph's. */
function readmeLists() {
  const readme = readFileSync(`${root}packages/core/README.md`, "utf8");
  const start = readme.indexOf("\n## Public API\n");
  expect(start, 'packages/core/README.md has a "Public API" section').toBeGreaterThan(0);
  const body = readme.slice(start + "\n## Public API\n".length);
  const section = body.slice(0, body.search(/^## /m) < 0 ? undefined : body.search(/^## /m));
  const [publicPart = "", internalPart = ""] = section.split(/\n\n(?=These are exported for)/);
  // (The internal paragraph's own last sentence names the tag and the report, not exports.)
  return {
    public: names(publicPart),
    internal: names(internalPart.slice(0, internalPart.indexOf("Each is marked"))),
  };
}

describe("@chaindata/core's exports for the packages' own code", () => {
  it("are the helpers user trial 24 named, each marked internal where index.ts exports it", () => {
    const expected = [
      "BatchedCall",
      "CLIENT_OPTIONS",
      "MAX_TIMER_MS",
      "RestTransport",
      // (Later: the generated clients' `request` by method name, one function for all of them.)
      "callByName",
      "callQuietly",
      "createRestTransport",
      // (Later: the mock masks the secrets a request carries, by value, in its answers and log.)
      "createSecretMasker",
      // (Later: the generated tool schemas freeze their objects with it, review 71.)
      "deepFreeze",
      "errorOfIssues",
      // (Later: what a call runs on its params, `validate` without making a missing text, valid79.)
      "runCheck",
      // (Later: an issue of the caller's own check made whole, for the webhook edit helpers.)
      "wholeIssue",
      // (Later: what the generated check<Operation> functions run, docs/decisions/0023.)
      "checkParams",
      // (Later: the mock decodes base58 with the sender check's decoder.)
      "fromBase58",
      "getText",
      // (Later: the mock's request log masks by the redactor's rule.)
      "isSecretName",
      "knownOptions",
      // (Later: the sdk suggests the nearest option name as the clients do.)
      "unknownNameHint",
      "messageValue",
      "misconfigured",
      "notAnRpc",
      // (Later: the sdk refuses options of the wrong kind by core's rule.)
      "notOptions",
      "ownOptions",
      // (Later: the webhook receiver quotes a delivery's signature and Content-Encoding with it.)
      "quoteServer",
      "refuseApiKeyIn",
      // (Later: what a generated REST operation gives openapi-fetch, its own Request per call.)
      "restInit",
      // (Later: stringifyJson without its check of a replacer, for the runtime's own calls.)
      "jsonText",
      "snapshotOptions",
      "typeOf",
      "unbatched",
      "warnDeprecated",
      "watchAbort",
      "withPagination",
      // (Later: vBase58Bytes, the x-base58-bytes count, apart from vString so that a program checking
      // no base58 text carries no decoding.)
      ...exports.map((e) => e.name).filter((n) => /^v[A-Z]/.test(n)),
    ];
    expect(expected.filter((n) => n.startsWith("v")).length).toBe(17);
    expect([...internal].sort()).toEqual([...expected].sort());
  });

  // (An editor shows a declaration's own doc comment on hover and in the completion list, never the
  // one on the export specifier that names it: with the mark on index.ts's specifiers alone, 18 of
  // the 19 helpers outside validate.ts read as public API in an editor, and so did validate.ts's
  // 16 checks and errorOfIssues until their declarations were marked too.)
  it("show the mark in an editor too: on hover and in the completion list", () => {
    const shown = internal;
    const source =
      `import { ${shown.join(", ")} } from "@chaindata/core";\n` +
      // (A type, `BatchedCall`, in a type's place; a value, `knownOptions`, as a value.)
      shown
        .map((n) => (/^[A-Z][a-z]/.test(n) ? `let _${n}: /*@${n}*/${n};\n` : `/*@${n}*/${n};\n`))
        .join("") +
      `import { /*@list*/ } from "@chaindata/core";\n`;
    const { service, file, at } = probeService("core-internal-probe.ts", source);
    const marked = (tags: ts.JSDocTagInfo[] | undefined) =>
      (tags ?? []).some(
        (tag) => tag.name === "remarks" && /^Internal: /.test(ts.displayPartsToString(tag.text)),
      );
    const unmarked = shown.filter(
      (n) => !marked(service.getQuickInfoAtPosition(file, at(n))?.tags),
    );
    expect(unmarked).toEqual([]);
    const list = service.getCompletionsAtPosition(file, at("list"), {})!.entries;
    const inList = shown.filter((n) => {
      const entry = list.find((e) => e.name === n)!;
      const details = service.getCompletionEntryDetails(
        file,
        at("list"),
        n,
        {},
        entry.source,
        {},
        entry.data,
      );
      return !marked(details?.tags);
    });
    expect(inList).toEqual([]);
  });

  it("are the README's list of internal exports, and every other export is in its public list", () => {
    const lists = readmeLists();
    expect([...lists.internal].sort()).toEqual([...internal].sort());
    expect([...lists.public].sort()).toEqual(
      exports
        .map((e) => e.name)
        .filter((n) => !internal.includes(n))
        .sort(),
    );
  });

  it("come last in the API report, after a line of their own, and the public exports before it", () => {
    const report: string = reportOf(surface, core);
    const at = report.indexOf(INTERNAL_HEADING);
    expect(at).toBeGreaterThan(0);
    expect(report).toContain(`${exports.length} names (${internal.length} of them internal).`);
    const declared = (text: string) =>
      new Set(
        [
          ...text.matchAll(
            /^export (?:declare )?(?:const|function|class|interface|type) ([A-Za-z_$][\w$]*)/gm,
          ),
        ].map((m) => m[1]!),
      );
    // (The main entry's section ends where the next entry's, `./known-values`, begins.)
    const next = report.indexOf("\n## ", at);
    const before = declared(report.slice(0, at));
    const after = declared(report.slice(at, next < 0 ? undefined : next));
    expect([...after].sort()).toEqual([...internal].sort());
    for (const name of internal) expect(before.has(name), name).toBe(false);
  });
});
