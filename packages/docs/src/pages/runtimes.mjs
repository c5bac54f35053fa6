// Bun, Deno, Workers, browsers, React Native (runtimes.html): packages/core/README.md's sections on
// them (and on React Native), under a warning, and a Worker.
import { codeBlock, href, layout, pageContext, RUNTIMES_PAGE, RUNTIMES_TITLE } from "../html.mjs";
import { md } from "../schema.mjs";
import { API_KEY_ENV } from "../snippets.mjs";
import { section, toc } from "./shared.mjs";

/**
 * The Runtimes page's Worker: the key from the fetch handler's `env`, which every compatibility
 * date has (packages/core/README.md, "Bun, Deno and Cloudflare Workers").
 */
export const WORKER_SNIPPET = `import { createDasClient } from "@chaindata/das";

interface Env {
  ${API_KEY_ENV}: string; // a secret or a variable of the Worker
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const das = createDasClient({ apiKey: env.${API_KEY_ENV} });
    const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
    return new Response(asset.id);
  },
};`;

/**
 * Bun, Deno, Cloudflare Workers, browsers and React Native: how the key gets in and who can read
 * it. The sections of packages/core/README.md that say so are shown as they are (`site.runtimes`,
 * read at build time), so the site and the package say the same; the page adds only the warning
 * at its top, which the README's browser section says in its own words, and a Worker that passes
 * the key.
 */
export function runtimesPage(site) {
  const pc = pageContext(site, { path: RUNTIMES_PAGE });
  const { browser, others, reactNative } = site.runtimes;
  const sections = [
    [
      "workers",
      "Bun, Deno and Cloudflare Workers",
      `${md(pc, others)}<p>A Worker that passes the key from its <code>env</code> (any compatibility date):</p>${codeBlock(WORKER_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ],
    ["browser", "In a browser", md(pc, browser)],
    ["react-native", "React Native", md(pc, reactNative)],
  ];
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>${RUNTIMES_TITLE}</span></nav>
<h1>Bun, Deno, Cloudflare Workers, browsers and React Native</h1>
<p class="lead">The packages run there unchanged. What differs from Node is how the API key gets in and, in a browser or an app, who can read it.</p>
<div class="callout callout-warn" role="note"><strong>A browser bundle with an API key hands the key to every visitor.</strong> The key travels in the request's URL (<code>?api-key=</code>) or its <code>X-Api-Key</code> header, where anyone who uses the page can read it. Keep it on your server: give the page no key and point <code>baseUrls</code> at an endpoint of yours that adds it; a host given its own URL and no key is called without one (<a href="#browser">In a browser</a>).</div>
<p class="small">The sections below are those of the <code>@chaindata/core</code> package's README (every package runs on it), shown as they are, with a Worker added.</p>
${toc(sections.map(([id, t]) => [id, t]))}
${sections.map(([id, t, b]) => section(id, t, b)).join("\n")}`;
  return layout(pc, {
    title: RUNTIMES_TITLE,
    body,
    description:
      "The API key on Bun, Deno, Cloudflare Workers, in a browser and in React Native, and what else differs from Node",
  });
}
