// The short names that the spec's x-source notes cite their sources by ("D billing/credits.mdx",
// "TS1 CreateWebhookRequest", "facts 1b"), as the public-docs fact sheet defines them (its
// "Source keys"; an external reference, not in the repository): the Sources legend page decodes
// them, and each footnote links every one it cites to its row there.
import { esc } from "./util.mjs";

/** The legend page (linked from every page's Sources block). */
export const LEGEND_PAGE = "sources.html";

/**
 * [key, a few words (a link's title), what it is (its row on the legend), the pattern that finds
 * it in a note's text]. Longer keys first: TS1 before TS. test/docs/build.test.ts fails on a key
 * a note cites that is not here.
 */
export const SOURCE_KEYS = [
  [
    "seed",
    "the API reference the spec was first written from",
    "The seed documentation: the API reference this spec was first written from. Whatever it states carries no marker; a note that says “the seed says integer” tells what it said where another source was followed.",
    /\b(?:the )?seed(?: documentation)?\b/g,
  ],
  [
    "facts",
    "the public-docs fact sheet, by section",
    "The public-docs fact sheet: facts gathered from the sources below where the seed shows nothing, kept outside the repository. “facts 1b”, “facts §5” name its sections: 1 DAS (1a display options, 1b method parameters, 1c sorting and pagination, 1d error examples), 2 ZK compression, 3 JSON-RPC errors and HTTP statuses, 4 webhooks, 5 the Wallet API, 6 the sender, 7 the admin API, 8 token metadata, 9 mintCompressedNft; Appendix A lists the webhooks' transaction types, Appendix B their sources.",
    /\bfacts(?: §?\d+[a-z]?)?(?=\W|$)/g,
  ],
  [
    "3a table",
    "D's table of error codes and HTTP statuses",
    "The table of JSON-RPC error codes and HTTP statuses in D's OpenAPI files (components/responses), as section 3a of the fact sheet lists it.",
    /\b3a table\b/g,
  ],
  [
    "D",
    "the service's docs source (helius-labs/docs)",
    "The service's documentation source on GitHub (helius-labs/docs, the source of helius.dev/docs: its openapi/**.yaml and *.mdx files), at commit 3a53273e (2026-01-16).",
    /\bD\b/g,
  ],
  [
    "LD",
    "the service's live docs pages",
    "The service's live public docs pages, newer than D (2026); the note gives the page.",
    /\bLD\b/g,
  ],
  [
    "P",
    "Photon, the ZK-compression indexer",
    "Photon, the ZK-compression indexer (helius-labs/photon: src/openapi/specs/api.yaml and src/api), at commit 366a15b3.",
    /\bP\b/g,
  ],
  [
    "TS1",
    "the TypeScript SDK, v1",
    "The old v1 of the TypeScript SDK (helius-labs/helius-sdk), at commit d3c6a165.",
    /\bTS1\b/g,
  ],
  [
    "TS",
    "the TypeScript SDK, v2",
    "The service's TypeScript SDK, v2 (helius-labs/helius-sdk, src/), at commit eb1de69c (2026-03-11).",
    /\bTS\b/g,
  ],
  [
    "RS",
    "the Rust SDK",
    "The service's Rust SDK (helius-labs/helius-rust-sdk, src/types/*.rs), at commit ac66214d (2026-01-19).",
    /\bRS\b/g,
  ],
  [
    "MPX",
    "Metaplex's DAS implementation",
    "Metaplex's open-source DAS implementation (metaplex-foundation/digital-asset-rpc-infrastructure), at commit f1a1ae6d (2025-05-09). The service's hosted DAS is not this code.",
    /\bMPX\b/g,
  ],
  [
    "HDAS",
    "the service's old DAS fork",
    "The service's old fork of that DAS implementation (helius-labs/digital-asset-rpc-infrastructure), at commit 959d9147 (2024-02-19).",
    /\bHDAS\b/g,
  ],
  [
    "PR335",
    "TypeScript SDK pull request #335",
    "Pull request #335 of the TypeScript SDK (helius-labs/helius-sdk), merged 2026-06-24.",
    /\bPR335\b/g,
  ],
  [
    "PR201",
    "Rust SDK pull request #201",
    "Pull request #201 of the Rust SDK (helius-labs/helius-rust-sdk), merged 2026-06-24.",
    /\bPR201\b/g,
  ],
  [
    "core-ai PR #80",
    "core-ai pull request #80",
    "Pull request #80 of the core-ai repository (2026-03), which the fact sheet cites for the sender's tip accounts: they are not Jito's.",
    /\bcore-ai PR #80\b/g,
  ],
];

/** The id of a key's row on the legend page (`key-D`, `key-3a-table`). */
export const keyId = (key) => `key-${key.replace(/[^\w-]+/g, "-")}`;

/**
 * A footnote's HTML with each source key it cites linked to its row of the legend (`legend`: the
 * page's href to it), its meaning as the link's title. Only in text: not inside a tag, a code
 * span or a link.
 */
export function linkSourceKeys(html, legend) {
  const pattern = new RegExp(SOURCE_KEYS.map(([, , , re]) => `(${re.source})`).join("|"), "g");
  let inside = 0; // depth of <code> and <a> around the text
  return html
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<(code|a)[\s>]/.test(part)) inside++;
        else if (/^<\/(code|a)>/.test(part)) inside = Math.max(0, inside - 1);
        return part;
      }
      if (inside) return part;
      return part.replace(pattern, (match, ...groups) => {
        const [key, short] = SOURCE_KEYS[groups.findIndex((g) => g !== undefined)];
        return `<a class="src-key" href="${legend}#${keyId(key)}" title="${esc(short)}">${match}</a>`;
      });
    })
    .join("");
}
