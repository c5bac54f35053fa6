// checkStatusMarks (scripts/spec/rules/status-marks.mjs): deprecated, x-replaced-by, x-beta and
// x-deprecated in the forms the generator reads. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkStatusMarks } from "../../../scripts/spec/rules/status-marks.mjs";
import { area, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("status marks: false is allowed (the same as none) and an area's x-deprecated may be its message; a number is no mark", () => {
    const marked = (method: Record<string, unknown>, info: object = {}) =>
      checkStatusMarks({
        area,
        kind: "openrpc",
        doc: { ...openrpc(method), info: { title: "t", version: "1", ...info } },
      });
    expect(marked({ "x-beta": false, deprecated: false })).toEqual([]);
    expect(marked({ deprecated: true, "x-replaced-by": "getOther" }, { "x-beta": false })).toEqual(
      [],
    );
    for (const message of [true, "Use the ZK-compression API (@chaindata/compression)."])
      expect(
        marked({ deprecated: true }, { "x-deprecated": message }),
        JSON.stringify(message),
      ).toEqual([]);
    expect(marked({}, { "x-deprecated": false })).toEqual([]);
    for (const word of ["no", "TRUE", " 0 "])
      expect(marked({}, { "x-deprecated": word }), word).toEqual([
        expect.stringMatching(/^t #\/info\/x-deprecated: must be true \(or false\), or a message/),
      ]);
    expect(marked({ "x-beta": 0 })).toEqual([
      "t #/methods/0 (getThing)/x-beta: must be true or false, not 0: the generator reads it as false, so this does not mark the operation beta; write x-beta: true (or leave it out)",
    ]);
    expect(marked({ deprecated: true, "x-deprecated": true })).toEqual([
      "t #/methods/0 (getThing)/x-deprecated: x-deprecated is read only in info (a whole area); deprecated: true already marks this operation: remove x-deprecated",
    ]);
    expect(marked({ deprecated: false, "x-replaced-by": "getOther" })).toEqual([
      't #/methods/0 (getThing)/x-replaced-by: "getOther" on an operation that is not deprecated (no deprecated: true): nothing reads x-replaced-by without it; add deprecated: true, or remove x-replaced-by',
    ]);
  });

  it("an operation of a deprecated area must be deprecated itself: its README says every call warns (review 76, F1)", () => {
    const inArea = (method: Record<string, unknown>, deprecated: unknown) =>
      checkStatusMarks({
        area,
        kind: "openrpc",
        doc: { ...openrpc(method), info: { title: "t", version: "1", "x-deprecated": deprecated } },
      });
    const unmarked =
      't #/methods/0 (getThing)/deprecated: the area is deprecated (info.x-deprecated), so its README says every call warns and its client\'s JSDoc that every operation is deprecated, but this operation is not: it would neither warn nor be marked; add deprecated: true (and x-replaced-by: "<what to use instead>"), or take x-deprecated out of info if the area is not deprecated';
    for (const mark of [true, "Use the ZK-compression API (@chaindata/compression)."]) {
      expect(inArea({}, mark), JSON.stringify(mark)).toEqual([unmarked]);
      expect(inArea({ deprecated: false }, mark), JSON.stringify(mark)).toEqual([unmarked]);
      expect(inArea({ deprecated: true }, mark), JSON.stringify(mark)).toEqual([]);
    }
    // One mistake, one finding: a malformed area mark, a malformed or misplaced operation mark.
    expect(inArea({}, "no")).toEqual([expect.stringMatching(/^t #\/info\/x-deprecated: must be/)]);
    expect(inArea({ deprecated: "yes" }, true)).toEqual([
      expect.stringMatching(/^t #\/methods\/0 \(getThing\)\/deprecated: must be true or false/),
    ]);
    expect(inArea({ "x-deprecated": true }, true)).toEqual([
      expect.stringMatching(
        /^t #\/methods\/0 \(getThing\)\/x-deprecated: x-deprecated is read only/,
      ),
    ]);
  });

  it("a title that says (deprecated) or (beta) without the area's mark (review 76, F6)", () => {
    const titled = (title: string, marks: object = {}) =>
      checkStatusMarks({
        area,
        kind: "openrpc",
        doc: {
          ...openrpc({ deprecated: true }),
          info: { title, version: "1", ...marks },
        },
      });
    expect(titled("Things API (deprecated)", { "x-deprecated": true })).toEqual([]);
    expect(titled("Things API (Beta)", { "x-beta": true })).toEqual([]);
    expect(titled("Things API", { "x-beta": true, "x-deprecated": true })).toEqual([]);
    expect(titled("Things API (deprecated)")).toEqual([
      't #/info/title: "Things API (deprecated)" says the area is deprecated, but info has no x-deprecated (or false): the docs and the package description read the title, the JSDoc, the README and the tools the mark; add x-deprecated: true, or take "(deprecated)" out of the title',
    ]);
    expect(titled("Things API (beta)", { "x-beta": false })).toEqual([
      't #/info/title: "Things API (beta)" says the area is beta, but info has no x-beta (or false): the docs and the package description read the title, the JSDoc, the README and the tools the mark; add x-beta: true, or take "(beta)" out of the title',
    ]);
  });

  it('x-replaced-by names only what to use: it is placed into "Use <value> instead.", so a value starting with "Use" or ending with "instead" is refused, with the value to write (user trial 33, F17)', () => {
    const replaced = (value: string) =>
      checkStatusMarks({
        area,
        kind: "openrpc",
        doc: openrpc({ deprecated: true, "x-replaced-by": value }),
      });
    for (const fine of [
      "getAssetsByOwner with a `grouping` filter",
      "the ZK-compression API (@chaindata/compression)",
      "user-scoped keys", // ("use" only as the start of a word)
    ])
      expect(replaced(fine), fine).toEqual([]);
    expect(replaced("Use getAssetsByOwner with a `grouping` filter")).toEqual([
      't #/methods/0 (getThing)/x-replaced-by: "Use getAssetsByOwner with a `grouping` filter": the value is placed into "Use <value> instead." (the JSDoc, the docs) and "use <value> instead" (the SDK\'s warning), so it names only what to use, without "Use" before it or "instead" after it; write x-replaced-by: "getAssetsByOwner with a `grouping` filter"',
    ]);
    expect(replaced(" use getOther instead.")).toEqual([
      expect.stringMatching(
        /x-replaced-by: " use getOther instead\.": .* write x-replaced-by: "getOther"$/,
      ),
    ]);
    expect(replaced("getOther, instead")).toEqual([
      expect.stringMatching(/write x-replaced-by: "getOther"$/),
    ]);
  });

  it("a summary or description that says the status again is reported at that key (review 66, 69: test/spec's check until the small67 audit)", () => {
    const marked = (method: Record<string, unknown>, info: object = {}) =>
      checkStatusMarks({
        area,
        kind: "openrpc",
        doc: { ...openrpc(method), info: { title: "t", version: "1", ...info } },
      });
    expect(
      marked({ deprecated: true, summary: "Get a thing (deprecated)", description: "Gets it." }),
    ).toEqual([
      't #/methods/0 (getThing)/summary: says the operation is deprecated ("Get a thing (deprecated)"), which `deprecated: true` and x-replaced-by already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")',
    ]);
    // (Beta by the area's info.x-beta too; the word in another sense, or without the mark, passes.)
    expect(
      marked({ description: "Gets it.\n\n**Beta**: may change." }, { "x-beta": true }),
    ).toEqual([
      expect.stringMatching(
        /^t #\/methods\/0 \(getThing\)\/description: says the operation is beta \("\*\*Beta\*\*: may change\."\)/,
      ),
    ]);
    expect(marked({ description: "This endpoint is deprecated." })).toEqual([]);
    expect(marked({ "x-beta": true, description: "Alpha and beta weights." })).toEqual([]);
  });
});
