// checkAreaSentence (scripts/spec/rules/descriptions.mjs): the sentence that says what an area does
// fits the docs site's card whole (user trial 67: a method added to DAS's list of what it reads made
// the sentence 207 characters; spec:check said nothing and test/docs/build.test.ts failed with
// `expected '…' not to match /…$/`).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { firstSentence } from "../../../packages/docs/src/markdown.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { AREA_SENTENCE_MAX, checkAreaSentence } from "../../../scripts/spec/rules/descriptions.mjs";
import { area } from "./fixtures.js";

const words = (n: number) => `Reads ${"x".repeat(n - "Reads .".length)}.`;
const rpc = (description: string) => ({
  area,
  kind: "openrpc",
  doc: { openrpc: "1.3.2", info: { title: "t", version: "1", description }, methods: [] },
});
const rest = (info: object) => ({
  area,
  kind: "openapi",
  doc: { openapi: "3.1.0", info: { title: "t", version: "1", ...info }, paths: {} },
});

describe("the area's one sentence (an OpenRPC description's first, an OpenAPI summary)", () => {
  it("is the one the docs site cuts past AREA_SENTENCE_MAX", () => {
    expect(firstSentence(words(AREA_SENTENCE_MAX))).toBe(words(AREA_SENTENCE_MAX));
    expect(firstSentence(words(AREA_SENTENCE_MAX + 1))).toMatch(/…$/);
  });

  it("passes at the limit, a long second sentence included", () => {
    expect(checkAreaSentence(rpc(`${words(AREA_SENTENCE_MAX)} ${words(400)}`))).toEqual([]);
    expect(checkAreaSentence(rest({ summary: words(AREA_SENTENCE_MAX) }))).toEqual([]);
  });

  it("is refused past it, at the key to edit, with its length and the cut the card would show", () => {
    const [finding, ...more] = checkAreaSentence(rpc(`${words(207)} More.`));
    expect(more).toEqual([]);
    expect(finding).toMatch(
      new RegExp(
        `^${area} #/info/description: its first sentence .* at most 200 characters .*; this one has 207: shorten it, or end it sooner with a full stop \\("Reads.*…"\\)$`,
      ),
    );
    expect(checkAreaSentence(rest({ summary: words(201) }))[0]).toMatch(
      new RegExp(`^${area} #/info/summary: .* this one has 201:`),
    );
  });

  it("reads an OpenAPI document without a summary (the sender's GET /ping beside its OpenRPC one) as no area sentence", () => {
    expect(checkAreaSentence(rest({ description: words(300) }))).toEqual([]);
  });
});
