// AI agents and MCP tools (ai-agents.html): packages/core/README.md's section on it, shown as it
// is.
import { AGENTS_PAGE } from "../html.mjs";
import { readmeSectionPage, tsBlocks } from "./readme-page.mjs";

/**
 * The TypeScript blocks of the agents page: the ```ts blocks of the core README's section, a tool
 * function and its helpers (test/docs/snippets.test.ts type-checks and loads them;
 * test/docs/agent-tools-recipe.test.ts runs the tool against a stubbed fetch).
 */
export const agentsBlocks = (site) => tsBlocks(site.agents);

/**
 * What an agent's tools need of chaindata (arguments, results, errors, cancellation, many calls at
 * once): the core README's section (`site.agents`, read at build time), so the site and the
 * package say the same.
 */
export function agentsPage(site) {
  return readmeSectionPage(site, {
    path: AGENTS_PAGE,
    crumb: "AI agents and MCP tools",
    heading: "AI agents and MCP tools",
    lead: "A tool an agent calls (an MCP server's tool, or a model API's function calling) takes arguments a model wrote and gives back text a model reads: what chaindata checks for it, what to hand back, and how a cancelled call stops.",
    note: "The text below is that of the <code>@chaindata/core</code> package's README, shown as it is. The repository's tests type-check its program and run its tool against a stubbed <code>fetch</code>.",
    markdown: site.agents,
    title: "AI agents and MCP tools",
    description:
      "chaindata calls as an agent's tools: input schemas, u64 results as text, error messages a model can act on with the key masked, cancellation through the host's signal, coalescing and rate limits",
  });
}
