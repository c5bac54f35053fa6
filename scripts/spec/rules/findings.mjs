// Where a finding is in the YAML: every rule writes its finding as `<area> <JSON path>: <message>`
// about the bundled document, and spec:check prints it led by the file, line and column of the
// spec source it came from (`spec/schemas/asset.yaml:24:7: das #/components/schemas/Asset/…: …`),
// read back from the finding's path and, below it, from what its message names first (decision
// 0004, "Positions"). A contributor then edits the YAML, never the bundle.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import {
  decodeSegment,
  formatPosition,
  pointerSegments,
  segmentsPointer,
  sourcePosition,
} from "../../lib/spec-sources.mjs";
import { nodeAt } from "./schema-walk.mjs";

/** An operation's place as the rules write it: `GET /v1/x` (its method, and its path). */
export const HTTP_WIRE = /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS) (\/\S*)/;

/**
 * A finding led by the YAML position of its place: `spec/schemas/asset.yaml:24:7: das #/…: …`
 * (scripts/lib/spec-sources.mjs; "(of the enclosing …)" after it where the place itself is not in
 * the YAML). `document` is the bundle the finding is about (a `bundleAll` result: its `origins` and
 * `specDir`); `at`, its pointer there when known, else it is read from the finding
 * (findingPointer). A finding whose document or file is unknown stays as it is.
 */
export function locateFinding({ text, document, at }) {
  if (!document?.origins || !document.specDir) return text;
  const pointer = at ?? findingPointer(text, document);
  const position = sourcePosition(document.origins, pointer ?? "#", document.specDir);
  if (!position) return text;
  // (A place the finding's text does not lead to is given the document's start, said so.)
  if (pointer === undefined && position.kind === "exact") position.kind = "enclosing";
  return `${formatPosition(position)}: ${text}`;
}

/**
 * The JSON pointer in the bundled `document.doc` of the place a finding is about, read from its
 * text: `<area> <place>: <message>`, the place being a JSON path
 * (`#/methods/2 (getAssetsByOwner)/params/1/ schema`, names in brackets; keys escaped as JSON
 * pointer segments, `#/paths/~1v1~1x/get`, and read unescaped too, `#/paths//v1/x/get`), an OpenRPC
 * example's ` param <name>` or ` result`, or an operation (`GET /v1/x (getX)`, `POST / getAsset`).
 * Then, as deep as the bundle has it, what the message names first: the ajv schema path of
 * `schema is invalid: data/$defs/<Name>/…`, an example's `example /a/b` instance path, or a key
 * (`"nullable" is outside…`, `x-pagination.limit: …`, `minimum: …`). Undefined when the place is
 * not one of those forms.
 */
export function findingPointer(text, { doc, kind }) {
  const area = text.slice(0, text.indexOf(" "));
  const rest = text.slice(area.length + 1);
  const end = rest.indexOf(": ");
  if (end < 0) return undefined;
  let place = rest.slice(0, end);
  const message = rest.slice(end + 2);
  let segments;
  const wire = HTTP_WIRE.exec(place);
  if (place.startsWith("#")) {
    // The names in brackets (`#/methods/2 (getAssetsByOwner)`) and the example's param or result.
    const param = / param (\S+)$/.exec(place);
    const result = / result$/.test(place);
    place = place.replace(/ param \S+$| result$/, "").replace(/ \([^()]*\)/g, "");
    segments = resolveKeys(doc, place.slice(1)).segments;
    const example = nodeAt(doc, segments);
    if (param) {
      const i = (example?.params ?? []).findIndex((p) => p?.name === param[1]);
      if (i >= 0) segments.push("params", String(i), "value");
    } else if (result && example?.result && "value" in example.result)
      segments.push("result", "value");
  } else if (wire && kind === "openrpc") {
    const name = place.slice(wire[0].length + 1);
    const i = (doc.methods ?? []).findIndex((m) => m?.name === name);
    if (i < 0) return undefined;
    segments = ["methods", String(i)];
  } else if (wire && doc.paths?.[wire[2]]?.[wire[1].toLowerCase()]) {
    segments = ["paths", wire[2], wire[1].toLowerCase()];
  } else return undefined;
  return segmentsPointer([...segments, ...messageSegments(doc, segments, message)]);
}

/**
 * What a finding's message names first, below its place, as far as the bundle has it
 * (findingPointer).
 */
function messageSegments(doc, segments, message) {
  const node = nodeAt(doc, segments);
  const existing = (more) => {
    const found = [];
    let cur = node;
    for (const segment of more) {
      if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, segment)) break;
      cur = cur[segment];
      found.push(segment);
    }
    return found;
  };
  // ajv compiling the components: `schema is invalid: data/$defs/Asset/properties/x/minimum must…`
  const invalid = /^schema is invalid: data\/\$defs\/(\S+)/.exec(message);
  if (invalid && segments.join("/") === "components/schemas")
    return existing(invalid[1].split("/").map(decodeSegment));
  // An example's instance path: `example /token_info/supply 888… is beyond…`, `example value …`
  // (the whole value), `default value …`.
  const example = /^(?:example|default) (\/\S*?|value):? /.exec(message);
  if (example) {
    // (An OpenAPI example object holds its value under `value`; a schema's `examples` item is it.)
    const inObject =
      segments.at(-2) === "examples" &&
      !Array.isArray(nodeAt(doc, segments.slice(0, -1))) &&
      node !== null &&
      typeof node === "object" &&
      "value" in node;
    const path = example[1] === "value" ? [] : pointerSegments(example[1]);
    return existing(inObject ? ["value", ...path] : path);
  }
  // A key the message starts with (`"nullable" is outside…`, `x-pagination.limit: "limt"…`).
  // (Unquoted, `schema` and `example` begin a message about the schema or an example value; quoted,
  // they are keywords: `"example" is outside…`.)
  const key = /^(")?([\w$-]+(?:\.[\w$-]+)*)"?(?=[ :])/.exec(message);
  if (key && (key[1] || !/^(schema|example)$/.test(key[2]))) return existing(key[2].split("."));
  return [];
}

/**
 * The segments of `path` (`/paths//v1/wallet/{wallet}/get/parameters/2`: keys written escaped or
 * not) in `node`: at each level the longest key of the node that the path goes on with (with a
 * complete match preferred); past what `node` holds, the rest as escaped JSON pointer segments.
 */
function resolveKeys(node, path) {
  if (path === "") return { segments: [], complete: true };
  if (!path.startsWith("/")) return { segments: [], complete: false };
  const rest = path.slice(1);
  const keys =
    node !== null && typeof node === "object"
      ? Object.keys(node).flatMap((k) => [
          [k, k],
          [k, pointerSegment(k)],
        ])
      : [];
  const matches = keys
    .filter(([, written]) => rest === written || rest.startsWith(`${written}/`))
    .sort(([, a], [, b]) => b.length - a.length);
  let fallback;
  for (const [key, written] of matches) {
    const tail = resolveKeys(node[key], rest.slice(written.length));
    const found = { segments: [key, ...tail.segments], complete: tail.complete };
    if (found.complete) return found;
    fallback ??= found;
  }
  return (
    fallback ?? {
      segments: pointerSegments(path),
      complete: false,
    }
  );
}
