// Using chaindata with @solana/kit (solana-kit.html): packages/core/README.md's section on it,
// shown as it is.
import { KIT_PAGE } from "../html.mjs";
import { readmeSectionPage, tsBlocks } from "./readme-page.mjs";

/**
 * The TypeScript blocks of the Kit page: the ```ts blocks of the core README's section, programs
 * that import `@solana/kit` (test/docs/snippets.test.ts runs them against the mock, with a
 * Solana RPC of its own on loopback for the blockhash).
 */
export const kitBlocks = (site) => tsBlocks(site.kit);

/**
 * What a `@solana/kit` app meets in chaindata's types, and a Kit transaction sent through the
 * Sender: the core README's section (`site.kit`, read at build time), so the site and the package
 * say the same.
 */
export function kitPage(site) {
  return readmeSectionPage(site, {
    path: KIT_PAGE,
    crumb: "Using @solana/kit",
    heading: "Using chaindata with @solana/kit",
    lead: "chaindata depends on no Solana library: its addresses and signatures are plain <code>string</code>s and its u64s <code>bigint</code>s, where Kit brands its own. A Kit value goes into chaindata as it is; a chaindata value going into Kit is branded first.",
    note: "The text below is that of the <code>@chaindata/core</code> package's README, shown as it is. The repository's tests type-check both programs with <code>@solana/kit</code> and run them against the local mock, the blockhash from a stand-in Solana RPC on loopback.",
    markdown: site.kit,
    title: "Using @solana/kit",
    description:
      "chaindata beside @solana/kit: Kit's branded Address, Signature and Lamports, slots as number and bigint, a Kit transaction sent through the Sender",
  });
}
