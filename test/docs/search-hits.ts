// The docs site's search box as a reader uses it, for the browser tests that check what it finds.
import type { Page } from "playwright-core";

/** The hits the search box of `page` shows for `query` (name and href), best first. */
export async function searchHits(page: Page, query: string) {
  // (An empty box empties the list at once: what shows next is this query's.)
  await page.fill("#search", "");
  await page.fill("#search", query);
  await page.locator("#search-results li").first().waitFor();
  // (The hits: not the Index link of the note that says there are none.)
  return page.locator("#search-results li:not(.none) a").evaluateAll((links) =>
    links.map((a) => ({
      name: a.querySelector(".hit-name")?.textContent ?? "",
      href: a.getAttribute("href") ?? "",
    })),
  );
}
