// Where the parts of a bundled document come from. The bundler (scripts/spec/bundle.mjs) copies
// shared schemas and components into each bundle, so a JSON pointer into spec/dist/… names a place
// no spec author edits. It records the origins on each `bundleAll` result and in
// spec/dist/sources.json (beside index.json, which the mock publishes: the origins stay in the
// repository); `sourceLocation` turns a bundle pointer back into the YAML file and a pointer in it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {object} Origins  where one bundled document comes from
 * @property {string} document  the area document, e.g. `spec/openrpc/das.yaml`
 * @property {Record<string, string>} components  `<section>/<Name>` → the file and pointer each copied
 *   component comes from (`schemas/Asset` → `spec/schemas/asset.yaml#/Asset`); a component that is not
 *   listed is the area document's own
 */

/** The file in spec/dist that maps each bundle file (`openrpc/das.json`) to its Origins. */
export const SOURCES_FILE = "sources.json";

const decode = (segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * `spec/<file>.yaml#<pointer>` for a JSON pointer (`#/components/schemas/Asset/properties/id`) of a
 * bundled document: inside a copied component, the component's own file
 * (`spec/schemas/asset.yaml#/Asset/properties/id`); anywhere else, the area document.
 */
export function sourceLocation(origins, pointer) {
  const segments = pointer.replace(/^#/, "").split("/").slice(1);
  if (segments[0] === "components" && segments.length >= 3) {
    const from = origins.components?.[`${decode(segments[1])}/${decode(segments[2])}`];
    if (from) return [from, ...segments.slice(3)].join("/");
  }
  return `${origins.document}${pointer.startsWith("#") ? pointer : `#${pointer}`}`;
}

/** The origins of every bundle in `distDir` ({ "openrpc/das.json": Origins }), or undefined when unknown. */
export function readSources(distDir) {
  const file = join(distDir, SOURCES_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")).documents;
  } catch {
    return undefined; // (unreadable: the messages then point at the bundles, and at spec:check)
  }
}
