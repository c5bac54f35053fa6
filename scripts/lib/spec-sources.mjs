// From a bundle pointer back to the YAML file, line and column. The bundler
// (scripts/spec/bundle.mjs) copies shared schemas and components into each bundle, so a JSON
// pointer into spec/dist/… names a place no spec author edits. It records the origins on each
// `bundleAll` result and in spec/dist/sources.json (beside index.json, which the mock publishes:
// the origins stay in the repository); `sourceLocation` turns a bundle pointer back into the YAML
// file and a pointer in it, and `sourcePosition` into the line and column there
// (`spec/schemas/asset.yaml:24:7`), which is what spec:check, the generator and the bundler's own
// errors lead with.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import YAML, { isAlias, isMap, isScalar, isSeq, LineCounter } from "yaml";
import { pointerSegment } from "../generate/lib/schema.mjs";

/**
 * @typedef {object} Origins  where one bundled document comes from
 * @property {string} document  the area document, e.g. `spec/openrpc/das.yaml`
 * @property {Record<string, string>} components `<section>/<Name>` → the file and pointer each
 *   copied component comes from (`schemas/Asset` → `spec/schemas/asset.yaml#/Asset`); a component
 *   that is not listed is the area document's own
 * @property {Record<string, string>} [places]  a bundle pointer outside the components → the file
 *   and pointer the bundler copied that part from, when not the area document's same place (an
 *   `x-error-info` entry of openrpc/_shared.yaml, a server's regions from spec/hosts.yaml…)
 * @property {Record<string, string>} [writtenFrom]  a bundle pointer → the YAML place the bundler
 *   wrote that part from without copying it (a server, from its host in spec/hosts.yaml): a place
 *   in it that no `places` entry maps is given that position, said to be of that place
 */

/** The file in spec/dist that maps each bundle file (`openrpc/das.json`) to its Origins. */
export const SOURCES_FILE = "sources.json";

/** One JSON pointer segment read back (`~1v1~1x` → `/v1/x`): the inverse of `pointerSegment`. */
export const decodeSegment = (segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~");
/** The segments of a JSON pointer (`#/a/b~1c` or `/a/b~1c`; `#` and `` are the root). */
export const pointerSegments = (pointer) =>
  pointer.replace(/^#/, "") === ""
    ? []
    : pointer.replace(/^#/, "").split("/").slice(1).map(decodeSegment);
/** `#/a/b~1c` for the segments [a, "b/c"]. */
export const segmentsPointer = (segments) =>
  `#${segments.map((s) => `/${pointerSegment(s)}`).join("")}`;

/**
 * Where the bundle's place at `segments` was copied from, `{ file, segments }` (file `spec/…yaml`),
 * by the origins alone: a `places` entry (longest prefix), a copied component, else the area
 * document's same place.
 */
function copiedFrom(origins, segments) {
  const places = origins.places ?? {};
  for (let n = segments.length; n >= 1; n--) {
    const from = places[segmentsPointer(segments.slice(0, n)).slice(1)];
    if (from) return within(from, segments.slice(n));
  }
  if (segments[0] === "components" && segments.length >= 3) {
    const from = origins.components?.[`${segments[1]}/${segments[2]}`];
    if (from) return within(from, segments.slice(3));
  }
  return { file: origins.document, segments };
}
/** The place `more` segments inside `from` (`spec/…yaml#<pointer>`). */
const within = (from, more) => {
  const [file, pointer = ""] = from.split("#");
  return { file, segments: [...pointerSegments(pointer), ...more] };
};

/**
 * `spec/<file>.yaml#<pointer>` for a JSON pointer (`#/components/schemas/Asset/properties/id`) of a
 * bundled document: inside a copied component, the component's own file
 * (`spec/schemas/asset.yaml#/Asset/properties/id`); anywhere else, the area document.
 */
export function sourceLocation(origins, pointer) {
  const { file, segments } = copiedFrom(origins, pointerSegments(pointer));
  return `${file}${segmentsPointer(segments)}`;
}

/**
 * @typedef {object} SourcePosition
 * @property {string} file  `spec/schemas/asset.yaml`
 * @property {number} line  1-based, of the key (or sequence item, or the document's start)
 * @property {number} col   1-based
 * @property {string} at    the pointer in `file` the position is of
 * @property {"exact" | "enclosing" | "written"} kind  of the place itself; of the nearest enclosing
 *   place the YAML holds (the bundler synthesised the rest); of what the bundler wrote it from
 */

/**
 * The YAML position of a bundle pointer: through `origins` to the file and pointer, then that
 * file's parse (`specDir` holds it: `spec/x.yaml` is `<specDir>/x.yaml`). Where the bundle holds
 * something the YAML does not (servers, the bundler writes), the nearest enclosing place that maps,
 * said so (`kind`). Undefined when the file cannot be read or parsed.
 * @returns {SourcePosition | undefined}
 */
export function sourcePosition(origins, pointer, specDir) {
  const segments = pointerSegments(pointer);
  for (let n = segments.length; n >= 0; n--) {
    const head = segments.slice(0, n);
    if (isMerged(head)) continue;
    const written = origins.writtenFrom?.[segmentsPointer(head).slice(1)];
    // (A place that `places` maps is a copy, even inside a written part: the server's regions.)
    const copied = copiedFrom(origins, head);
    const mapped = copied.file === origins.document && written ? within(written, []) : copied;
    const position = yamlPosition(specFile(specDir, mapped.file), mapped.segments);
    if (position === undefined) return undefined;
    if (position.depth < mapped.segments.length) continue; // not in the YAML: an enclosing place
    const kind = mapped !== copied ? "written" : n === segments.length ? "exact" : "enclosing";
    return {
      file: mapped.file,
      line: position.line,
      col: position.col,
      at: segmentsPointer(mapped.segments),
      kind,
    };
  }
  return undefined;
}

/**
 * The places the bundler fills from several files (`components`, each `components/<section>`: the
 * area's own and the copied ones; `x-error-info`: the area's and _shared.yaml's entries). The area
 * document's key of that name holds only its own part, so a finding there is given the document's
 * position, not that key's.
 */
const isMerged = (segments) =>
  (segments[0] === "components" && segments.length <= 2) ||
  (segments[0] === "x-error-info" && segments.length === 1);

/** `spec/schemas/asset.yaml:24:7`, and what the position is of when not the place itself. */
export function formatPosition({ file, line, col, at, kind }) {
  const place = `${file}:${line}:${col}`;
  if (kind === "enclosing") return `${place} (of the enclosing ${at === "#" ? "document" : at})`;
  if (kind === "written") return `${place} (of ${at}, which the bundler wrote it from)`;
  return place;
}

/** A line's leading YAML position (formatPosition's `spec/…:line:col`, or a file alone). */
const LEADING_POSITION = /^(spec\/[^\s:]+)(?::(\d+):(\d+))?(?=[ :])/;

/**
 * A sort's comparison of lines that lead with a YAML position, in reading order: by file, then
 * line, then column, so that a contributor reads and fixes them top to bottom, the same order each
 * run. Lines at one position keep their order (Array#sort is stable); those without a position
 * come last.
 */
export function byPosition(a, b) {
  const [p, q] = [LEADING_POSITION.exec(a), LEADING_POSITION.exec(b)];
  if (!p || !q) return (p ? 0 : 1) - (q ? 0 : 1);
  if (p[1] !== q[1]) return p[1] < q[1] ? -1 : 1;
  return (p[2] ?? 0) - (q[2] ?? 0) || (p[3] ?? 0) - (q[3] ?? 0);
}

/** The file a `spec/…` path of the origins names, in the spec folder `specDir`. */
export const specFile = (specDir, file) => join(specDir, file.replace(/^spec\//, ""));

// Parsed YAML files, for positions: each is read again, and parsed again only when its text changed
// (the tests edit copies of the spec in place).
const parsed = new Map();
function parseForPositions(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const cached = parsed.get(path);
  if (cached?.text === text) return cached;
  const lineCounter = new LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter });
  const entry = doc.errors.length ? { text } : { text, doc, lineCounter };
  parsed.set(path, entry);
  return entry;
}

/**
 * The 1-based line and column in the YAML file `path` of the place at `segments` (of its key in a
 * mapping, of the item in a sequence), or, when the file has no such place, of the deepest one on
 * the way (`depth`: how many segments were found). Undefined when the file cannot be read or
 * parsed.
 * @returns {{ line: number, col: number, depth: number } | undefined}
 */
export function yamlPosition(path, segments) {
  const entry = parseForPositions(path);
  if (!entry?.doc) return undefined;
  const { doc, lineCounter } = entry;
  let node = doc.contents;
  let offset = node?.range?.[0] ?? 0;
  let depth = 0;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(doc);
    let next;
    if (isMap(node)) {
      // (By value, `200` for `200:`, or as written, `0x10`, the way the bundle's key may read.)
      const pair = node.items.find(
        (p) =>
          isScalar(p.key) &&
          (String(p.key.value) === String(segment) || p.key.source === String(segment)),
      );
      if (pair) next = { node: pair.value, offset: pair.key?.range?.[0] };
    } else if (isSeq(node) && /^\d+$/.test(String(segment))) {
      const item = node.items[Number(segment)];
      if (item !== undefined) next = { node: item, offset: item?.range?.[0] };
    }
    if (!next || next.offset === undefined) break;
    ({ node, offset } = next);
    depth++;
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, col, depth };
}

/**
 * The origins of every bundle in `distDir` ({ "openrpc/das.json": Origins }), or undefined when
 * unknown.
 */
export function readSources(distDir) {
  const file = join(distDir, SOURCES_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")).documents;
  } catch {
    return undefined; // (unreadable: the messages then point at the bundles, and at spec:check)
  }
}
