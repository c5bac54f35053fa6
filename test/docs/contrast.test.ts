// The site's colours keep WCAG AA contrast (4.5:1 for text) in light and dark mode. The colours
// live in custom properties of site.css (light `:root`, overridden by the dark `:root`), so the
// test reads them from there and measures every text colour on every background it is drawn on.
// (test/docs/browser.test.ts measures rendered pages in dark mode too.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(
  join(import.meta.dirname, "../../packages/docs/src/assets/site.css"),
  "utf8",
);

/** `--name: #hex` declarations of a block's text. */
const vars = (block: string) =>
  Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{3,8})\b/g)].map((m) => [m[1]!, m[2]!]),
  );
const lightBlock = /:root\s*\{([^}]*)\}/.exec(css)![1]!;
const darkBlock = /@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css)![1]!;
const light = vars(lightBlock);
const dark = { ...light, ...vars(darkBlock) };

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(h.slice(i, i + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

// Colours used for text, and the backgrounds any of them can sit on (page, facts / table heads,
// code), plus the pairs drawn together: badges on their tint, the current nav link, the button,
// a search hit's name, kind and summary on the highlight of the hit the mouse or the focus is on.
const TEXT = [
  "fg",
  "muted",
  "link",
  "accent",
  "rpc",
  "rest",
  "beta",
  "dep",
  "ok",
  "warn",
  "err",
  "docs",
  "assume",
];
const BACKGROUNDS = ["bg", "soft", "code-bg"];
const PAIRS: [string, string][] = [
  ...TEXT.flatMap((t) => BACKGROUNDS.map((b) => [t, b] as [string, string])),
  ["beta", "beta-bg"],
  ["dep", "dep-bg"],
  ["accent", "accent-soft"],
  ["fg", "accent-soft"],
  ["muted", "accent-soft"],
  ["rpc", "accent-soft"],
  ["rest", "accent-soft"],
  ["dep", "accent-soft"],
  ["beta", "accent-soft"],
  ["on-accent", "accent"],
];

describe("colour contrast (WCAG AA, 4.5:1)", () => {
  it("measures the known ratios right", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#b42318", "#14151a")).toBeCloseTo(2.77, 2); // the audit's dark-mode "required"
  });

  it.each([
    ["light", light],
    ["dark", dark],
  ])("%s mode: every text colour on every background", (_mode, colours) => {
    const low = PAIRS.flatMap(([fg, bg]) => {
      expect(colours[fg], `--${fg}`).toBeDefined();
      expect(colours[bg], `--${bg}`).toBeDefined();
      const r = contrast(colours[fg]!, colours[bg]!);
      return r < 4.5 ? [`--${fg} on --${bg}: ${r.toFixed(2)}`] : [];
    });
    expect(low).toEqual([]);
  });

  it.each([
    ["light", light],
    ["dark", dark],
  ])(
    "%s mode: focus outlines (--accent) keep 3:1 on every background (WCAG 1.4.11)",
    (_mode, colours) => {
      // The search box and the code blocks draw their focus ring in --accent; everything else keeps
      // Chromium's own two-colour ring.
      expect(css.match(/outline: 2px solid var\(--([\w-]+)\)/g)).toEqual([
        "outline: 2px solid var(--accent)",
        "outline: 2px solid var(--accent)",
      ]);
      const low = BACKGROUNDS.flatMap((bg) => {
        const r = contrast(colours.accent!, colours[bg]!);
        return r < 3 ? [`--accent on --${bg}: ${r.toFixed(2)}`] : [];
      });
      expect(low).toEqual([]);
    },
  );

  it("draws the phone's search magnifier in --muted of each scheme (a data: image cannot read the property), so it keeps 3:1 on the box (WCAG 1.4.11)", () => {
    const strokes = [...css.matchAll(/stroke='%23([0-9a-fA-F]{6})'/g)].map((m) => `#${m[1]}`);
    expect(strokes).toEqual([light.muted, dark.muted]);
    for (const [colours, bg] of [
      [light, "soft"],
      [light, "bg"],
      [dark, "soft"],
      [dark, "bg"],
    ] as const)
      expect(contrast(colours.muted!, colours[bg]!)).toBeGreaterThanOrEqual(3);
  });

  it("sets text colours only through those properties (no literal colour to miss)", () => {
    const rules = css.replace(/:root\s*\{[^}]*\}/g, "");
    expect(rules.match(/(^|[;{\s])color:\s*#[0-9a-fA-F]+/g) ?? []).toEqual([]);
  });
});
