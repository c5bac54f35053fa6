// An area page as a reader scans it (docs69, "Left, low"): its Methods / Operations table says
// what the request beside it does not (cost, deprecated, beta, paginated, not idempotent) and not
// the transport on every row; its Quick start is a whole program; and the runtimes page is named
// alike wherever it is linked.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs, typeScriptSnippets } from "../../packages/docs/src/index.mjs";
import { specDir } from "../contract/spec.js";
import { text } from "./html-text.js";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-area-pages-"));
const out = join(tmp, "site");
const page = (path: string) => readFileSync(join(out, path), "utf8");
const areas = JSON.parse(readFileSync(join(specDir, "index.json"), "utf8")).areas.map(
  (a: { area: string }) => a.area,
) as string[];
const uniqueAreas = [...new Set(areas)];

beforeAll(() => {
  buildDocs({ spec: specDir, out });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const squash = (html: string) => text(html).replace(/\s+/g, " ").trim();
const sectionOf = (html: string, id: string) =>
  new RegExp(`<section id="${id}"[^]*?</section>`).exec(html)?.[0] ?? "";

/** The operations table of an area page: its header cells, and per row its cells' HTML. */
function operationsTable(html: string) {
  const section = sectionOf(html, "operations");
  const table = /<table class="ops">[^]*?<\/table>/.exec(section)![0];
  const head = [...table.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]!);
  const rows = [
    ...table.matchAll(/<tr(?: class="[^"]*")?>((?:(?!<\/tr>)[^])*<td[^]*?)<\/tr>/g),
  ].map((m) => [...m[1]!.matchAll(/<td[^>]*>([^]*?)<\/td>/g)].map((c) => c[1]!));
  return { section, head, rows };
}

/** What an operation's own page says of it: its badges, its Cost fact and its Retries fact. */
function operationFacts(path: string) {
  const html = page(path);
  const badges = /<header class="op-head">[^]*?<div class="badges">([^]*?)<\/div><\/header>/.exec(
    html,
  )![1]!;
  const fact = (id: string) =>
    squash(
      new RegExp(`<div id="${id}"><dt>[^<]*</dt><dd>([^]*?)</dd></div>`).exec(html)?.[1] ?? "",
    );
  return {
    marks: [
      ...badges.matchAll(/class="badge badge-(?:deprecated|beta|write|paged)"[^>]*>([^<]*)</g),
    ]
      .map((m) => m[1]!)
      .sort(),
    // ("10 credits per request", its source marker's "docs 1" dropped)
    cost: /^(\d[\d,]* credits?) per request/.exec(fact("fact-cost"))?.[1] ?? "not documented",
    notIdempotent: fact("fact-retries").startsWith("Not idempotent"),
    paginated: fact("fact-pagination") !== "",
  };
}

describe("an area page's Methods / Operations table", () => {
  it.each(uniqueAreas)(
    "%s: no transport on every row; each operation's cost, deprecated, beta, paginated and not idempotent as its own page says, each mark explained below",
    (area) => {
      const html = page(`${area}/index.html`);
      const { section, head, rows } = operationsTable(html);
      expect(rows.length).toBeGreaterThan(0);
      // The Request column says the transport: no badge repeats it (docs69: "JSON-RPC", "GET").
      expect(section).not.toMatch(/badge-(?:rpc|http|rest)\b/);
      expect(head.slice(0, 3)).toEqual(["Name", "Request", "Summary"]);
      const costColumn = head.indexOf("Cost per request");
      const notesColumn = head.indexOf("Notes");
      const lead = squash(
        /^<section[^>]*>[^]*?<\/h2>\s*<p class="small">([^]*?)<\/p>/.exec(section)![1]!,
      );
      expect(lead).toContain("Operations at a glance");
      const seen = { costs: new Set<string>(), marks: new Set<string>() };
      for (const cells of rows) {
        const link = /href="([^"]+)"/.exec(cells[0]!)![1]!;
        const facts = operationFacts(join(area, link));
        const marks =
          notesColumn < 0
            ? []
            : [...cells[notesColumn]!.matchAll(/class="badge badge-\w+"[^>]*>([^<]*)</g)]
                .map((m) => m[1]!)
                .sort();
        expect(marks, `${link}: its marks`).toEqual(facts.marks);
        expect(marks.includes("paginated"), link).toBe(facts.paginated);
        expect(marks.includes("not idempotent"), link).toBe(facts.notIdempotent);
        if (costColumn >= 0) expect(squash(cells[costColumn]!), link).toBe(facts.cost);
        seen.costs.add(facts.cost);
        for (const mark of marks) seen.marks.add(mark);
      }
      // A column only where it tells rows apart, or says something: one cost for all is a sentence.
      if (seen.costs.size > 1) expect(costColumn).toBeGreaterThan(0);
      else {
        expect(costColumn).toBe(-1);
        const [cost] = seen.costs;
        expect(lead).toMatch(
          cost === "not documented"
            ? /^The service documents no credit cost for (these|this) /
            : new RegExp(`^(Each (method|operation) costs|It costs) ${cost} per request\\.`),
        );
      }
      expect(notesColumn >= 0).toBe(seen.marks.size > 0);
      // Each mark that needs words is explained in them (a badge's title reaches no keyboard).
      const after = squash(section.slice(section.indexOf("</table>")));
      expect(after.includes("paginated: the client's .all() walks every page")).toBe(
        seen.marks.has("paginated"),
      );
      expect(after.includes("not idempotent: the SDK retries it after a 429 only")).toBe(
        seen.marks.has("not idempotent"),
      );
    },
  );

  it("marks the paginated and the not idempotent operations on the pages that have them (DAS, Webhooks)", () => {
    const das = operationsTable(page("das/index.html"));
    const owner = das.rows.find((cells) => cells[0]!.includes(">getAssetsByOwner<"))!;
    expect(squash(owner.at(-1)!)).toBe("paginated");
    const webhooks = operationsTable(page("webhooks/index.html"));
    const create = webhooks.rows.find((cells) => cells[0]!.includes(">createWebhook<"))!;
    expect(squash(create.at(-1)!)).toBe("not idempotent");
  });
});

describe("an area page's Quick start", () => {
  const snippets = typeScriptSnippets();
  it.each(uniqueAreas)(
    "%s: a whole program that makes a call and prints it, which snippets.test.ts runs (docs69: it ended with // e.g. das.getAsset(…))",
    (area) => {
      const block = squash(sectionOf(page(`${area}/index.html`), "quick-start"));
      const quick = snippets.find(
        (s) => s.page === `${area}/index.html` && s.example === "quick start",
      )!;
      expect(block).toContain(quick.code.replace(/\s+/g, " ").trim());
      expect(quick.code).not.toMatch(/\/\/ e\.g\.|…/);
      // It calls an operation of the area (snippets.test.ts checks the mock got that call)…
      expect(quick.operation, "the operation it calls").toBeTruthy();
      const call = new RegExp(`^const (\\w+) = await (\\w+)\\.${quick.operation}\\(`, "m").exec(
        quick.code,
      );
      expect(call, quick.code).not.toBeNull();
      // …on the client it made, and prints the result.
      expect(quick.code).toMatch(new RegExp(`^const ${call![2]} = create\\w+Client\\(`, "m"));
      expect(quick.code.trimEnd().endsWith(`console.log(${call![1]});`)).toBe(true);
    },
  );
});

describe("the runtimes page's name", () => {
  it("is one wherever the site names it (navigation, home, Getting started, breadcrumb, title, search) and names every runtime its h1 names (docs69: the navigation left out React Native)", () => {
    const runtimes = page("runtimes.html");
    const h1 = squash(/<h1>([^]*?)<\/h1>/.exec(runtimes)![1]!);
    // "Bun, Deno, Cloudflare Workers, browsers and React Native" → its runtimes, "Workers" short.
    const named = h1.split(/, | and /).map((r) => r.replace(/^Cloudflare /, ""));
    expect(named).toEqual(expect.arrayContaining(["Bun", "Deno", "Workers", "React Native"]));
    const names = new Set<string>();
    const pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".html"),
    );
    for (const path of pages)
      for (const m of page(path).matchAll(/<a href="(?:\.\.\/)*runtimes\.html"[^>]*>([^]*?)<\/a>/g))
        names.add(squash(m[1]!));
    names.add(squash(/<nav class="crumbs"[^]*?<span>([^<]*)<\/span><\/nav>/.exec(runtimes)![1]!));
    names.add(/<title>([^<]*) · chaindata API docs<\/title>/.exec(runtimes)![1]!);
    const index = JSON.parse(page("search-index.json")) as { entries: { n: string; u: string }[] };
    names.add(index.entries.find((e) => e.u === "runtimes.html")!.n);
    expect([...names]).toHaveLength(1);
    const [name] = names;
    for (const runtime of named) expect(name, runtime).toContain(runtime);
  });
});
