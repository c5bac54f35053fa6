/**
 * emptyBreaks: the keyword of a query parameter's schema that the empty text (`?cursor=`) breaks,
 * read for every REST parameter when the mock starts.
 */
import { describe, expect, it } from "vitest";
import { emptyBreaks } from "./areas.js";

describe("emptyBreaks", () => {
  it("names the keyword the empty text breaks, the pattern with the u flag", () => {
    expect(emptyBreaks({}, { type: "integer" })).toBe("type");
    expect(emptyBreaks({}, { type: "string", minLength: 1 })).toBe("minLength");
    expect(emptyBreaks({}, { type: "string", pattern: "^\\p{L}+$" })).toBe("pattern");
    expect(emptyBreaks({}, { type: "string", pattern: "^\\p{L}*$" })).toBeUndefined();
    expect(emptyBreaks({}, { type: "string", enum: ["a"] })).toBe("enum");
  });

  it("leaves a pattern that does not compile with the u flag to Prism, without stopping the mock", () => {
    // (`\-` outside a class compiles only without the flag; npm run spec:check refuses it, but a
    // spec served from --spec-dir is not checked, and the mock reads this at start-up.)
    expect(emptyBreaks({}, { type: "string", pattern: "^\\-$" })).toBeUndefined();
    expect(emptyBreaks({}, { type: "string", pattern: "(" })).toBeUndefined();
  });
});
