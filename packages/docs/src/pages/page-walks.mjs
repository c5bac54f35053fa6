// Page walks (page-walks.html): packages/core/README.md's section on them, shown as it is.
import { PAGE_WALKS_PAGE } from "../html.mjs";
import { readmeSectionPage, subsectionId, tsBlocks } from "./readme-page.mjs";

/**
 * Where the Page walks page says how to resume a walk: its "### Resuming a walk" subsection (the
 * operation pages' Pagination fact links it).
 */
export const RESUMING_A_WALK = `${PAGE_WALKS_PAGE}#${subsectionId("Resuming a walk")}`;

/** Where it says how to run many walks at once, a few calls in flight, with one shutdown signal. */
export const MANY_WALKS = `${PAGE_WALKS_PAGE}#${subsectionId("Many walks at once, a few calls in flight")}`;

/** Where it says how to walk a method no package covers (rpc.call and paginate). */
export const WALK_ANY_METHOD = `${PAGE_WALKS_PAGE}#${subsectionId("Walking a method no package covers")}`;

/**
 * The TypeScript recipes of the Page walks page: the ```ts blocks of the core README's section.
 * Programs with a part of yours (the resume recipe's `declare`d `store`, and the file it writes in
 * the working directory) or a method outside the spec (getAssetsByGroup), so not run as they
 * stand: test/docs/page-walks.test.ts runs the resume recipe, run after run, against the mock,
 * and test/docs/read-ahead-recipe.test.ts the reading-ahead one on a fetch stub, as
 * test/docs/pool-recipe.test.ts does the pool of many walks.
 */
export const pageWalksRecipes = (site) => tsBlocks(site.pageWalks);

/**
 * How a page walk goes on where it stopped, and how to walk a method no package covers: the core
 * README's section (`site.pageWalks`, read at build time), so the site and the package say the
 * same.
 */
export function pageWalksPage(site) {
  return readmeSectionPage(site, {
    path: PAGE_WALKS_PAGE,
    crumb: "Page walks",
    heading: "Page walks",
    lead: "Every item of a paginated operation with <code>.all()</code>; a checkpoint after each page, to resume a long walk (a backfill, a job that runs a budget of pages at a time) where it stopped; and a walk of a method no package covers.",
    note: "The text below is that of the <code>@chaindata/core</code> package's README, shown as it is; each operation page's Pagination row says how that operation pages. The repository's tests run the resuming recipe against the local mock, run after run until the walk is done, with a <code>store</code> of their own, the reading-ahead one on a stub of the service, checking that each next page is asked for while the one before is stored, and the pool of many walks on a stub too, checking that at most 8 requests are in flight and that the shutdown signal ends every walk at once; the <code>getAssetsByGroup</code> recipe is type-checked only, as the mock answers the spec's methods alone and getAssetsByGroup is not one of them.",
    markdown: site.pageWalks,
    title: "Page walks",
    description:
      "Walking every page with .all(), resuming a walk from a checkpoint (.checkpoints()), and walking a method no package covers with paginate",
  });
}
