// Testing your code (testing.html): packages/core/README.md's section on it, shown as it is.
import { TESTING_PAGE } from "../html.mjs";
import { readmeSectionPage, tsBlocks } from "./readme-page.mjs";

/**
 * The TypeScript recipes of the Testing page: the ```ts blocks of the core README's section, each
 * a vitest test file (test/docs/testing-guide.test.ts runs them as such).
 */
export const testingRecipes = (site) => tsBlocks(site.testing);

/**
 * How to test code that calls chaindata: the core README's section (`site.testing`, read at build
 * time), so the site and the package say the same.
 */
export function testingPage(site) {
  return readmeSectionPage(site, {
    path: TESTING_PAGE,
    crumb: "Testing your code",
    heading: "Testing code that calls chaindata",
    lead: "Unit tests need no server and no real API key: a <code>fetch</code> of your own answers the calls. For a whole fake service, the local mock (<code>@chaindata/mock</code>) answers every operation from the spec's examples.",
    note: "The text below is that of the <code>@chaindata/core</code> package's README, shown as it is; each recipe is a vitest test file, run as such in the repository's tests.",
    markdown: site.testing,
    title: "Testing your code",
    description:
      "Unit tests of code that calls chaindata: a fetch stub, fake timers, errors, msw and nock, webhook deliveries",
  });
}
