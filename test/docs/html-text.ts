// The text a reader sees of a piece of the docs site's HTML: tags dropped, the entities the site
// writes (util.mjs `esc`) read back. Shared by the docs tests that compare page text.
export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
