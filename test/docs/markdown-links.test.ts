// The docs site's inline markdown (packages/docs/src/markdown.mjs) links what the spec's prose
// names: only web, mail, in-page and site-relative addresses become links, and a link off the site
// opens with rel="noopener noreferrer". (Neither was tested before: dropping the scheme check,
// which let a `javascript:` address become a link, or the rel, passed docs/build.test.ts.)
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { inline, markdown } from "../../packages/docs/src/markdown.mjs";
// @ts-expect-error — plain ESM without type declarations
import * as util from "../../packages/docs/src/util.mjs";

const { deref, esc, resolvePointer, sourceKind, unescapeHtml } = util;

describe("inline markdown links", () => {
  it("links web, mail, in-page and site addresses; an external one with rel=noopener", () => {
    expect(inline("[docs](https://example.com/a)")).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer" class="ext">docs</a>',
    );
    expect(inline("[mail](mailto:a@example.com)")).toBe(
      '<a href="mailto:a@example.com" rel="noopener noreferrer" class="ext">mail</a>',
    );
    expect(inline("[here](#errors)")).toBe('<a href="#errors">here</a>');
    expect(inline("[das](das.html)")).toBe('<a href="das.html">das</a>');
    expect(inline("[up](../index.html)")).toBe('<a href="../index.html">up</a>');
  });

  // (The URL was escaped with the rest of the text, then once more for the attribute: a `"` in it
  // was written `&amp;quot;`, mutation 74.)
  it("escapes each character of a link's address once", () => {
    expect(inline(`[q](https://example.com/?a="b"&c=<d>&e='f')`)).toBe(
      '<a href="https://example.com/?a=&quot;b&quot;&amp;c=&lt;d&gt;&amp;e=&#39;f&#39;"' +
        ' rel="noopener noreferrer" class="ext">q</a>',
    );
    // An entity written in the prose stays the text it spelled.
    expect(inline("[q](https://example.com/?a=&amp;lt;)")).toBe(
      '<a href="https://example.com/?a=&amp;amp;lt;" rel="noopener noreferrer" class="ext">q</a>',
    );
  });

  it("writes the label alone for any other address (javascript:, data:, a bare word)", () => {
    for (const url of ["javascript:void0", "data:text/html,x", "JAVASCRIPT:x", "vbscript:x"])
      expect(inline(`[click](${url})`), url).toBe("click");
  });

  // (esc writes every text and attribute value of the site: leaving " unescaped passed the docs
  // build test, mutation 74.)
  it("esc escapes the five characters HTML gives meaning to", () => {
    expect(esc(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  // (RFC 6901: ~1 is decoded before ~0, so "~01" is the name "~1"; the other order passed the docs
  // build test, mutation 74.)
  it("resolvePointer decodes ~1 before ~0", () => {
    const doc = { "a~1b": 1, "a/b": 2, "c~d": 3 };
    expect(resolvePointer(doc, "#/a~01b")).toBe(1);
    expect(resolvePointer(doc, "#/a~1b")).toBe(2);
    expect(resolvePointer(doc, "#/c~0d")).toBe(3);
  });

  // (The next three passed the docs build test when broken, mutation 74.)
  it("escapes a code block's language in its data-lang attribute", () => {
    expect(markdown('```a"><b\nx\n```')).toContain('<code data-lang="a&quot;&gt;&lt;b">x</code>');
  });

  it("unescapeHtml gives back what esc was given, in one pass", () => {
    const text = `<a href="x" title='y'>&amp;lt; & &#39;</a>`;
    expect(unescapeHtml(esc(text))).toBe(text);
    expect(unescapeHtml("&amp;lt;")).toBe("&lt;");
  });

  it("deref follows a chain of $refs to the node they name", () => {
    const doc = { a: { $ref: "#/b" }, b: { $ref: "#/c" }, c: { type: "string" } };
    expect(deref(doc, { $ref: "#/a" })).toEqual({ type: "string" });
  });

  it("sourceKind marks public docs and assumptions, not the seed", () => {
    expect(sourceKind("seed")).toBeUndefined();
    expect(sourceKind(" ")).toBeUndefined();
    expect(sourceKind("public-docs: https://example.com")).toBe("docs");
    expect(sourceKind("assumption: unstated")).toBe("assumption");
    expect(sourceKind("a guess")).toBe("other");
  });
});
