// Testing your code (testing.html): packages/core/README.md's section on it, shown as it is.
import { href, layout, pageContext, TESTING_PAGE } from "../html.mjs";
import { md } from "../schema.mjs";

/**
 * The TypeScript recipes of the Testing page: the ```ts blocks of the core README's section, each
 * a vitest test file (test/docs/testing-guide.test.ts runs them as such).
 */
export const testingRecipes = (site) =>
  [...(site.testing ?? "").matchAll(/^```ts\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);

/**
 * How to test code that calls chaindata: the core README's section (`site.testing`, read at build
 * time), so the site and the package say the same.
 */
export function testingPage(site) {
  const pc = pageContext(site, { path: TESTING_PAGE });
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Testing your code</span></nav>
<h1>Testing code that calls chaindata</h1>
<p class="lead">Unit tests need no server and no real API key: a <code>fetch</code> of your own answers the calls. For a whole fake service, the local mock (<code>@chaindata/mock</code>) answers every operation from the spec's examples.</p>
<p class="small">The text below is that of the <code>@chaindata/core</code> package's README, shown as it is; each recipe is a vitest test file, run as such in the repository's tests.</p>
${md(pc, site.testing)}`;
  return layout(pc, {
    title: "Testing your code",
    body,
    description:
      "Unit tests of code that calls chaindata: a fetch stub, fake timers, errors, msw and nock, webhook deliveries",
  });
}
