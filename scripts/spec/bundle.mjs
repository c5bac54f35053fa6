#!/usr/bin/env node
// Bundles each area document of spec/ into one self-contained JSON document in
// spec/dist/, the only input of the generators, the mock and the docs site.
//
// What bundling does:
// - every external $ref becomes a local one: `../schemas/<file>.yaml#/<Name>` →
//   `#/components/schemas/<Name>`, `./_shared.yaml#/components/<section>/<Name>` →
//   `#/components/<section>/<Name>`, and the target is copied in (transitively);
// - `servers` are written from spec/hosts.yaml (one server variable per host);
// - OpenRPC documents get the `x-error-info` of the error codes they use (_shared.yaml's entry, or
//   the area document's own where it gives one for that code);
// - every $ref of the result must resolve, or bundling fails naming, for each one that does not
//   (all of them, in one run), the file, line and column and the JSON path of the bad reference
//   (`spec/openrpc/das.yaml:40:11: #/methods/0/…/$ref: bad $ref…`; every error of the bundler
//   leads with the position of what to fix, a YAML syntax error too);
// - where each copied component and each part it writes came from is recorded
//   (spec/dist/sources.json), so that spec:check and the generator can give the YAML file, line and
//   column of a place they report (scripts/lib/spec-sources.mjs).
// Output is deterministic: components are sorted by name.
//   node scripts/spec/bundle.mjs                      spec/ into spec/dist/
//   node scripts/spec/bundle.mjs --spec-dir <folder>  a copy of spec/ (its dist/ is written there)
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCli, usageError } from "../lib/cli.mjs";
import { editDistance } from "../lib/edit-distance.mjs";
import {
  byPosition,
  formatPosition,
  segmentsPointer,
  SOURCES_FILE,
  sourcePosition,
  specFile,
  yamlPosition,
} from "../lib/spec-sources.mjs";
import YAML from "yaml";
import { describeYamlError } from "./yaml-errors.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const defaultSpecDir = join(root, "spec");

export class SpecError extends Error {}

/**
 * Every mistake one run found (every bad `$ref` of every area, not the first alone: a contributor
 * with three typos fixes them from one run): `messages`, one line each, each leading with the
 * position of what to fix.
 */
export class SpecErrors extends SpecError {
  constructor(messages) {
    messages = [...messages].sort(byPosition);
    super(mistakesText(messages));
    this.messages = messages;
  }
}

/**
 * Mistakes as a command prints them: one as it is; several one a line, under a heading that says
 * what the command leaves undone until all are fixed (`undone`, each command its own), if given.
 */
const mistakesText = (messages, undone) =>
  messages.length === 1
    ? messages[0]
    : `${messages.length} mistakes, one a line${undone ? ` (${undone})` : ""}:\n${messages.map((m) => `  ${m}`).join("\n")}`;

/**
 * A SpecError's message as a command prints it, `undone` being what that command leaves undone
 * (mistakesText): spec:bundle's "spec/dist is not written", spec:check's "no rule runs".
 */
export const specErrorText = (error, undone) =>
  error instanceof SpecErrors ? mistakesText(error.messages, undone) : error.message;

/** The lines of a SpecError: a SpecErrors' messages, any other's message. */
const messagesOf = (error) => (error instanceof SpecErrors ? error.messages : [error.message]);

/** A file that cannot be read (a `$ref` to it says which reference pointed there). */
class UnreadableFile extends SpecError {}

const yamlCache = new Map();
/** Forget parsed files (tests bundle mutated copies of the spec). */
export const clearCache = () => yamlCache.clear();
function loadYaml(file, specDir = defaultSpecDir) {
  if (!yamlCache.has(file)) {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw new UnreadableFile(`cannot read ${specPath(specDir, file)}`);
    }
    // Integers are read as bigint so u64 examples above 2^53 keep every digit; the safe
    // ones become numbers again right away.
    const doc = YAML.parseDocument(text, { uniqueKeys: true, intAsBigInt: true });
    if (doc.errors.length) {
      // (The parser's "All mapping items must start at the same column", at column 1 of the line
      // after the mistake, told as the line to fix and what probably went wrong: yaml-errors.mjs.)
      const { line, col, message } = describeYamlError(text, doc.errors[0]);
      throw new SpecError(`${specPath(specDir, file)}:${line}:${col}: YAML: ${message}`);
    }
    yamlCache.set(file, safeIntsToNumbers(doc.toJS({ maxAliasCount: -1 })));
  }
  return yamlCache.get(file);
}

function safeIntsToNumbers(node) {
  if (typeof node === "bigint")
    return node >= -Number.MAX_SAFE_INTEGER && node <= Number.MAX_SAFE_INTEGER
      ? Number(node)
      : node;
  if (Array.isArray(node)) return node.map(safeIntsToNumbers);
  if (node && typeof node === "object") {
    for (const k of Object.keys(node)) node[k] = safeIntsToNumbers(node[k]);
  }
  return node;
}

/**
 * JSON text with bigint values written as exact integer literals; `space` as JSON.stringify's (0:
 * one line, as spec:diff shows a value).
 */
export function stringifyExact(value, space = 2) {
  const marker = "\u0000bigint:";
  return JSON.stringify(
    value,
    (_k, v) => (typeof v === "bigint" ? marker + v.toString() : v),
    space,
  ).replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}

// Integers beyond ±(2^53−1) as the spec writes them. `doc` (JSON.parse of the bundle text) holds
// them rounded to the nearest double, so u64::MAX and u64::MAX + 1 look the same there; the
// checks read the exact value here: container (object or array of a `doc`) → key → bigint.
const exactIntegers = new WeakMap();

/**
 * The exact value of an integer beyond ±(2^53−1) at `container[key]` of a bundled `doc`, or
 * undefined.
 */
export function exactInteger(container, key) {
  return container !== null && typeof container === "object"
    ? exactIntegers.get(container)?.get(String(key))
    : undefined;
}

/**
 * `container[key]` of a bundled `doc`, copied with every integer beyond ±(2^53−1) as the exact
 * bigint the spec gives (at any depth), for what writes an example out (the generated @example).
 */
export function exactValueAt(container, key) {
  const exact = exactInteger(container, key);
  if (exact !== undefined) return exact;
  const value = container[key];
  if (Array.isArray(value)) return value.map((_, i) => exactValueAt(value, i));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.keys(value).map((k) => [k, exactValueAt(value, k)]));
  return value;
}

/**
 * A bundle's JSON text (spec/dist) as a plain document, as `bundleAll` returns it: JSON.parse
 * rounds integers beyond 2^53, so their exact values are recorded for `exactInteger` too.
 */
export function parseBundle(text) {
  const doc = JSON.parse(text);
  if (!/\d{16}/.test(text)) return doc;
  recordExactIntegers(doc, parseExact(text));
  return doc;
}

/**
 * A bundle's JSON text with every integer beyond ±(2^53−1) as the exact bigint it writes, the
 * others numbers (as @chaindata/core parseJson reads the mock's answers): what the test suites
 * read examples from, where parseBundle's document holds such integers rounded.
 */
export function parseExact(text) {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  // Those integers as tagged strings, then bigints: the strings of the text are matched whole (and
  // kept), a number only from its start to its end, and never a key (as @chaindata/core parseJson).
  const tag = "\u0000bigint:";
  return JSON.parse(
    text.replace(
      /"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\d.eE+-])-?[1-9]\d{15,}(?![\d.eE]|\s*:)/g,
      (token) =>
        token[0] === '"' || Number.isSafeInteger(+token) ? token : `"\\u0000bigint:${token}"`,
    ),
    (_key, value) =>
      typeof value === "string" && value.startsWith(tag) ? BigInt(value.slice(tag.length)) : value,
  );
}

function recordExactIntegers(plain, exact) {
  if (plain === null || typeof plain !== "object" || exact === null || typeof exact !== "object")
    return;
  for (const key of Object.keys(plain)) {
    const value = exact[key];
    if (typeof value === "bigint") {
      let byKey = exactIntegers.get(plain);
      if (!byKey) exactIntegers.set(plain, (byKey = new Map()));
      byKey.set(key, value);
    } else recordExactIntegers(plain[key], value);
  }
}

const clone = (v) => structuredClone(v);
const pointer = (path) =>
  "/" + path.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function getAt(obj, segments) {
  let cur = obj;
  for (const s of segments) {
    if (cur === null || typeof cur !== "object" || !(s in cur)) return undefined;
    cur = cur[s];
  }
  return cur;
}
const decodeSegments = (fragment) =>
  fragment
    .replace(/^\//, "")
    .split("/")
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));

/** The list of areas: every non-underscore YAML file under spec/openrpc and spec/openapi. */
export function listAreas(specDir = defaultSpecDir) {
  const areas = [];
  for (const kind of ["openrpc", "openapi"]) {
    for (const name of readdirSync(join(specDir, kind)).sort()) {
      if (!name.endsWith(".yaml") || name.startsWith("_")) continue;
      areas.push({ area: basename(name, ".yaml"), kind, source: join(specDir, kind, name) });
    }
  }
  return areas;
}

export function loadHosts(specDir = defaultSpecDir) {
  return loadYaml(join(specDir, "hosts.yaml"), specDir);
}

/** `spec/<path>` of a file of the spec folder, the same for a copy of it (as the tests bundle). */
const specPath = (specDir, file) => `spec/${relative(specDir, file)}`;

/**
 * `spec/openrpc/das.yaml:40:11`: where the place at `segments` of the YAML `file` is (its key), or
 * the nearest enclosing place the file has, said so; the bundler's errors lead with it.
 */
function yamlPlace(specDir, file, segments) {
  const name = specPath(specDir, file);
  const position = yamlPosition(file, segments);
  if (!position) return name;
  return formatPosition({
    file: name,
    line: position.line,
    col: position.col,
    at: segmentsPointer(segments.slice(0, position.depth)),
    kind: position.depth === segments.length ? "exact" : "enclosing",
  });
}

/**
 * Bundle one area document; returns the JSON-ready object. `origins` (an Origins object of
 * scripts/lib/spec-sources.mjs, filled in) receives where the document and each copied component
 * come from.
 */
export function bundleArea(
  { area, kind, source },
  specDir = defaultSpecDir,
  origins = { components: {} },
) {
  origins.document = specPath(specDir, source);
  const schemasDir = join(specDir, "schemas");
  const doc = clone(loadYaml(source, specDir));
  const at = (file, segments) => yamlPlace(specDir, file, segments);
  const info = doc.info ?? {};
  if (info["x-area"] !== area)
    throw new SpecError(
      `${at(source, ["info", "x-area"])}: info.x-area must be "${area}" (the file name)`,
    );
  const hosts = loadHosts(specDir);
  const host = hosts.hosts?.[info["x-host"]];
  if (!host)
    throw new SpecError(
      `${at(source, ["info", "x-host"])}: info.x-host must be one of ${Object.keys(hosts.hosts).join(", ")}`,
    );
  if (doc.servers)
    throw new SpecError(
      `${at(source, ["servers"])}: remove \`servers\`; the bundler writes them from spec/hosts.yaml`,
    );

  doc.components ??= {};
  // Where each copied component came from, to detect two files defining one name.
  const origin = new Map();
  const queue = [];
  // Every bad $ref and name clash, told together once the whole document is walked; the nodes of
  // the $refs told, which the check of the bundle's local refs then leaves alone (one line each).
  const mistakes = [];
  const told = new WeakSet();
  const tell = (node, message) => {
    told.add(node);
    mistakes.push(message);
  };

  const localRefFor = (targetFile, fragment, where) => {
    const segments = decodeSegments(fragment);
    if (targetFile.startsWith(schemasDir + "/")) {
      if (segments.length !== 1) {
        throw new SpecError(
          `${where}: $ref into ${specPath(specDir, targetFile)} must name one schema (#/<Name>), got #${fragment}`,
        );
      }
      return {
        section: "schemas",
        name: segments[0],
        segments,
        pointer: pointer(segments),
        target: () => getAt(loadYaml(targetFile, specDir), segments),
      };
    }
    if (basename(targetFile) === "_shared.yaml") {
      if (segments.length !== 3 || segments[0] !== "components") {
        throw new SpecError(
          `${where}: $ref into ${specPath(specDir, targetFile)} must be #/components/<section>/<Name>, got #${fragment}`,
        );
      }
      return {
        section: segments[1],
        name: segments[2],
        segments,
        pointer: pointer(segments),
        target: () => getAt(loadYaml(targetFile, specDir), segments),
      };
    }
    throw new SpecError(
      `${where}: $ref to ${specPath(specDir, targetFile)} is not allowed (only spec/schemas/* and _shared.yaml)`,
    );
  };

  const rewrite = (node, file, path) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => rewrite(v, file, [...path, i]));
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        // (A YAML alias is its anchor's node, walked again at each place: one mistake, told once.)
        if (told.has(node)) continue;
        // (Its position is only looked up for a message.)
        const where = {
          toString: () => `${at(file, [...path, key])}: #${pointer([...path, key])}`,
        };
        const [filePart, fragment = ""] = value.split("#");
        const targetFile = filePart ? resolve(dirname(file), filePart) : file;
        if (!filePart && targetFile === source) continue; // local ref of the area document
        // (A URL or an absolute path is not a misspelt file of the spec, to be looked for under
        // this folder.)
        if (/^(?:[a-z][a-z\d+.-]*:|[/\\])/i.test(filePart)) {
          tell(
            node,
            `${where}: bad $ref "${value}": a $ref is a path relative to its own file, to spec/schemas/<domain>.yaml or the area folder's _shared.yaml: a URL or an absolute path is not followed`,
          );
          continue;
        }
        // (A misspelt path: said so, with the file it most likely meant, rather than "not allowed"
        // for a folder typo or "cannot read" for a file's.)
        if (!existsSync(targetFile)) {
          tell(
            node,
            `${where}: bad $ref "${value}": ${missingFile(specDir, targetFile, file, join(dirname(source), "_shared.yaml"))}`,
          );
          continue;
        }
        let ref;
        try {
          ref = localRefFor(targetFile, fragment, where);
        } catch (error) {
          if (!(error instanceof SpecError)) throw error;
          tell(node, error.message);
          continue;
        }
        node.$ref = `#/components/${ref.section}/${ref.name}`;
        queue.push({ ...ref, file: targetFile, where, ref: value, node });
      } else {
        rewrite(value, file, [...path, key]);
      }
    }
  };

  // (Where a component is defined, for a clash of two of one name: `spec/schemas/a.yaml:10:1`.)
  const definedAt = (file, segments) => yamlPlace(specDir, file, segments);
  rewrite(doc, source, []);
  while (queue.length) {
    const item = queue.shift();
    const key = `${item.section}/${item.name}`;
    const from = `${specPath(specDir, item.file)}#${item.name}`;
    if (origin.has(key)) {
      const first = origin.get(key);
      if (first.from !== from)
        mistakes.push(
          `${item.where}: component name clash: two ${item.section} named ${item.name} reach this bundle, ${definedAt(first.file, first.segments)} and ${definedAt(item.file, item.segments)} (the bundle holds one of a name): rename one, and the $refs to it`,
        );
      continue;
    }
    let target;
    try {
      target = item.target();
    } catch (error) {
      // (A file that cannot be read: say which reference pointed there. A YAML syntax error in it
      // leads with its own position, the place to fix, told once however many $refs reach it.)
      if (!(error instanceof SpecError)) throw error;
      tell(
        item.node,
        error instanceof UnreadableFile
          ? `${item.where}: bad $ref "${item.ref}": ${error.message}`
          : error.message,
      );
      continue;
    }
    if (target === undefined) {
      tell(
        item.node,
        `${item.where}: bad $ref "${item.ref}": nothing at that location${nearestNames(loadYaml(item.file, specDir), item.segments, specPath(specDir, item.file))}`,
      );
      continue;
    }
    const existing = doc.components[item.section]?.[item.name];
    // `components.securitySchemes.ApiKeyQuery: {$ref: ./_shared.yaml#/…/ApiKeyQuery}` is a
    // placeholder for the shared component of the same name: the copy replaces it.
    const isPlaceholder =
      existing && Object.keys(existing).length === 1 && existing.$ref === `#/components/${key}`;
    if (existing !== undefined && !isPlaceholder) {
      mistakes.push(
        `${item.where}: component name clash: two ${item.section} named ${item.name} reach this bundle, the area document's own at ${definedAt(source, ["components", item.section, item.name])} and ${definedAt(item.file, item.segments)} (the bundle holds one of a name): rename one, and the $refs to it`,
      );
      continue;
    }
    origin.set(key, { from, file: item.file, segments: item.segments });
    origins.components[key] = `${specPath(specDir, item.file)}#${item.pointer}`;
    const copy = clone(target);
    rewrite(copy, item.file, item.segments);
    (doc.components[item.section] ??= {})[item.name] = copy;
  }
  for (const section of Object.keys(doc.components)) {
    doc.components[section] = Object.fromEntries(
      Object.entries(doc.components[section]).sort(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0,
      ) /* code-unit order: the same on every machine, whatever its locale */,
    );
  }
  if (Object.keys(doc.components).length === 0) delete doc.components;

  // Servers: the public host as a server variable (`https://{rpcHost}/`; default = the
  // mainnet host, enum = every documented host), then the local mock. (OpenRPC requires
  // a server url that is a URI, so the scheme stays literal.)
  const path = kind === "openrpc" ? (info["x-path"] ?? "/") : "";
  const publicUrls = Object.entries(host.urls).filter(([env, url]) => url && env !== "local");
  const hostPart = (url) => new URL(url).host;
  const variableName = `${info["x-host"]}Host`;
  const server = {
    url: `https://{${variableName}}${path}`,
    description: host.description,
    variables: {
      [variableName]: {
        default: hostPart(host.urls.mainnet),
        enum: [...new Set(publicUrls.map(([, url]) => hostPart(url)))],
        description: `The ${info["x-host"]} host: ${publicUrls.map(([env, url]) => `${hostPart(url)} (${env})`).join(", ")}.`,
      },
    },
    "x-host": info["x-host"],
    "x-environments": host.urls,
  };
  if (host["x-source"]) server["x-source"] = host["x-source"];
  if (host["x-regions"]) server["x-regions"] = host["x-regions"];
  const local = {
    url: `${host.urls.local}${path}`,
    description: "The local mock (`npm start`).",
    "x-environment": "local",
  };
  if (kind === "openrpc") {
    server.name = info["x-host"];
    local.name = `${info["x-host"]}-local`;
  }
  // Where the servers' parts come from: the host's entry of spec/hosts.yaml (copied parts exactly;
  // the rest is written from the entry, and a finding there is given the entry's position).
  const hostEntry = `${specPath(specDir, join(specDir, "hosts.yaml"))}#${pointer(["hosts", info["x-host"]])}`;
  origins.writtenFrom = { "/servers/0": hostEntry, "/servers/1": `${hostEntry}/urls/local` };
  origins.places = {
    "/servers/0/description": `${hostEntry}/description`,
    "/servers/0/x-host": `${origins.document}#/info/x-host`,
    "/servers/0/x-environments": `${hostEntry}/urls`,
    ...(host["x-source"] ? { "/servers/0/x-source": `${hostEntry}/x-source` } : {}),
    ...(host["x-regions"] ? { "/servers/0/x-regions": `${hostEntry}/x-regions` } : {}),
  };
  const ordered = {};
  for (const [k, v] of Object.entries(doc)) {
    ordered[k] = v;
    if (k === "info") ordered.servers = [server, local];
  }

  if (kind === "openrpc") {
    const sharedDoc = loadYaml(join(specDir, "openrpc", "_shared.yaml"));
    const shared = sharedDoc["x-error-info"] ?? {};
    // The JSON-RPC 2.0 protocol errors (`x-protocol-errors`): no method lists them, every request
    // to the endpoint may get them. They go to `x-protocol-errors`, not `x-error-info` (which the
    // mock reads), with the area's own entry for the code where it gives one.
    const protocol = (sharedDoc["x-protocol-errors"] ?? []).map((name) => {
      const error = sharedDoc.components?.errors?.[name];
      if (typeof error?.code !== "number")
        throw new SpecError(
          `spec/openrpc/_shared.yaml: x-protocol-errors: ${JSON.stringify(name)} is not an error object of components.errors`,
        );
      return { name, ...error };
    });
    // The area's own `x-error-info` replaces the shared entry of each code it names (Photon
    // answers method errors with HTTP 200, where the other areas document 400).
    const own = doc["x-error-info"] ?? {};
    delete ordered["x-error-info"];
    const used = new Set();
    for (const error of Object.values(ordered.components?.errors ?? {}))
      used.add(String(error.code));
    for (const m of ordered.methods ?? [])
      for (const e of m.errors ?? []) if (typeof e.code === "number") used.add(String(e.code));
    const protocolCodes = new Set(protocol.map((e) => String(e.code)));
    for (const code of Object.keys(own))
      if (!used.has(code) && !protocolCodes.has(code))
        throw new SpecError(
          `${at(source, ["x-error-info", code])}: x-error-info["${code}"]: no error object of the area has that code`,
        );
    const errorInfo = Object.fromEntries(
      [...used]
        .sort()
        .filter((c) => own[c] ?? shared[c])
        .map((c) => [c, own[c] ?? shared[c]]),
    );
    if (Object.keys(errorInfo).length) ordered["x-error-info"] = errorInfo;
    if (protocol.length)
      ordered["x-protocol-errors"] = protocol.map(({ name, code, message }) => {
        const info = own[String(code)] ?? shared[String(code)] ?? {};
        return {
          name,
          code,
          message,
          ...(info.httpStatus !== undefined && { httpStatus: info.httpStatus }),
          ...(info["x-source"] !== undefined && { "x-source": info["x-source"] }),
        };
      });
    const sharedFile = specPath(specDir, join(specDir, "openrpc", "_shared.yaml"));
    for (const code of Object.keys(errorInfo))
      if (!own[code])
        origins.places[`/x-error-info/${code}`] =
          `${sharedFile}#${pointer(["x-error-info", code])}`;
  }

  mistakes.push(...checkLocalRefs(ordered, origins, specDir, told));
  // (A YAML syntax error of a file several $refs reach is one mistake.)
  if (mistakes.length) throw new SpecErrors([...new Set(mistakes)]);
  return ordered;
}

/**
 * For a $ref to a file that is not there: that, and the file a $ref may reach (spec/schemas/*.yaml,
 * the area folder's `_shared.yaml`) nearest the one written, as the $ref would write it.
 */
function missingFile(specDir, targetFile, fromFile, sharedFile) {
  const schemasDir = join(specDir, "schemas");
  const reachable = [
    ...readdirSync(schemasDir)
      .filter((name) => name.endsWith(".yaml"))
      .map((name) => join(schemasDir, name)),
    ...(existsSync(sharedFile) ? [sharedFile] : []),
  ];
  const wanted = specPath(specDir, targetFile);
  const [best] = reachable
    // (By the path, or by the file's name alone: `../common.yaml` from spec/schemas/ means
    // ./common.yaml.)
    .map((f) => ({
      f,
      d: Math.min(
        editDistance(specPath(specDir, f), wanted),
        editDistance(basename(f), basename(targetFile)),
      ),
    }))
    .sort((x, y) => x.d - y.d);
  if (!best || best.d > 3)
    return `there is no ${wanted} (a $ref reaches spec/schemas/<domain>.yaml or the area folder's _shared.yaml)`;
  const written = relative(dirname(fromFile), best.f);
  return `there is no ${wanted}: did you mean "${written.startsWith(".") ? written : `./${written}`}" (${specPath(specDir, best.f)})?`;
}

/**
 * The names `parent` holds nearest `wanted`, a misspelling's first (up to five, and how many it
 * holds when more), or `""` when it holds none.
 */
function nearestOf(parent, wanted) {
  if (!parent || typeof parent !== "object" || Array.isArray(parent)) return "";
  const names = Object.keys(parent);
  if (names.length === 0) return "";
  const ranked = names
    .map((name) => ({ name, d: editDistance(name.toLowerCase(), wanted.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 5)
    .map((n) => n.name);
  return `${ranked.join(", ")}${names.length > 5 ? `, of ${names.length}` : ""}`;
}

/**
 * For a $ref to nothing: what the file holds where it points, the names nearest the one asked for
 * first (a misspelling, or a schema named otherwise: `AssetPage` where the file has `AssetList`),
 * so that the message says what to write instead.
 */
function nearestNames(doc, segments, file) {
  const wanted = String(segments.at(-1));
  const nearest = nearestOf(getAt(doc, segments.slice(0, -1)), wanted);
  if (!nearest) return "";
  const where = segments.length > 1 ? `${file}#${pointer(segments.slice(0, -1))}` : file;
  return ` (${where} has no ${wanted}; its nearest names: ${nearest}): point the $ref at one of them, or add ${wanted} there`;
}

/**
 * Every `#/...` reference in the bundled document must point at something: the messages of those
 * that do not (but the nodes of `told`, whose $ref is told already), each leading with the
 * reference's YAML position (through the origins: it may sit in a copied component).
 */
function checkLocalRefs(doc, origins, specDir, told) {
  const messages = [];
  const visit = (node, path) => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, [...path, i]));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        if (told.has(node)) continue;
        const segments = value.startsWith("#/") ? decodeSegments(value.slice(1)) : undefined;
        if (!segments || getAt(doc, segments) === undefined) {
          const position = sourcePosition(origins, pointer([...path, key]), specDir);
          messages.push(
            `${position ? formatPosition(position) : origins.document}: #${pointer([...path, key])}: bad $ref "${value}": nothing at that location${segments ? nearestLocalNames(doc, segments) : ""}`,
          );
        }
      } else visit(value, [...path, key]);
    }
  };
  visit(doc, []);
  return messages;
}

/**
 * For a local $ref to nothing: the names the bundle holds where it points, nearest first, and what
 * to do (a local $ref reaches the area document's own components and those its $refs copy in).
 */
function nearestLocalNames(doc, segments) {
  const wanted = String(segments.at(-1));
  const nearest = nearestOf(getAt(doc, segments.slice(0, -1)), wanted);
  if (!nearest) return "";
  return ` (the bundle has no ${wanted} at #${pointer(segments.slice(0, -1))}; its nearest names: ${nearest}): point the $ref at one of them, or $ref the file that defines ${wanted} (../schemas/<domain>.yaml#/${wanted})`;
}

/**
 * Bundle every area and write spec/dist; returns [{area, kind, file, doc, origins, specDir}].
 * `exact`: each `doc` holds an integer beyond ±(2^53−1) as the exact bigint (as parseExact reads
 * the text), not rounded (as parseBundle does; spec:diff compares both sides so).
 */
export function bundleAll({ write = true, only, specDir = defaultSpecDir, exact = false } = {}) {
  const results = [];
  // Every area's mistakes, told together: a shared schema's bad $ref once, whichever areas reach
  // it.
  const mistakes = new Set();
  for (const area of listAreas(specDir)) {
    if (only && !only.includes(area.area)) continue;
    // `text` keeps u64 examples exact; `doc` (for checks and generators) is plain JSON data.
    const origins = { components: {} };
    let bundled;
    try {
      bundled = bundleArea(area, specDir, origins);
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      for (const message of messagesOf(error)) mistakes.add(message);
      continue;
    }
    const text = stringifyExact(bundled) + "\n";
    // (The text is parsed once, either way.)
    const doc = exact ? parseExact(text) : JSON.parse(text);
    if (!exact && /\d{16}/.test(text)) recordExactIntegers(doc, bundled);
    // (`specDir`: where the YAML files the origins name are, for their positions.)
    results.push({ ...area, file: `${area.kind}/${area.area}.json`, text, doc, origins, specDir });
  }
  if (mistakes.size) throw new SpecErrors([...mistakes]);
  if (write) writeBundles(results, { whole: !only, specDir });
  return results;
}

/**
 * Write bundles to spec/dist; `whole` (every area bundled) also writes the index and the sources
 * map, which describe all areas.
 */
export function writeBundles(results, { whole = true, specDir = defaultSpecDir } = {}) {
  const distDir = join(specDir, "dist");
  mkdirSync(distDir, { recursive: true });
  for (const { kind } of results) mkdirSync(join(distDir, kind), { recursive: true });
  for (const r of results) writeFileSync(join(distDir, r.file), r.text);
  if (whole) {
    const hosts = loadHosts(specDir);
    const index = {
      description:
        "Index of the bundled spec documents (generated by scripts/spec/bundle.mjs; do not edit).",
      sources: sourcesDigest(specDir),
      environments: hosts.environments,
      hosts: hosts.hosts,
      areas: results.map((r) => ({
        area: r.area,
        kind: r.kind,
        file: r.file,
        title: r.doc.info.title,
        host: r.doc.info["x-host"],
        beta: Boolean(r.doc.info["x-beta"]),
      })),
    };
    writeFileSync(join(distDir, "index.json"), JSON.stringify(index, null, 2) + "\n");
    const sources = {
      description:
        "Where each bundled document and its copied components come from (generated by scripts/spec/bundle.mjs; read by scripts/generate to name the YAML file of what it refuses).",
      documents: Object.fromEntries(results.map((r) => [r.file, r.origins])),
    };
    writeFileSync(join(distDir, SOURCES_FILE), JSON.stringify(sources, null, 2) + "\n");
  }
}

/** A digest of what the bundles are made from: every YAML file of the spec, and this bundler. */
function sourcesDigest(specDir) {
  const hash = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url)));
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.name !== "dist")
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .forEach((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".yaml"))
          hash.update(`\0${relative(specDir, path)}\0`).update(readFileSync(path));
      });
  walk(specDir);
  return hash.digest("hex");
}

/**
 * A digest of what the generators read from `distDir`: every bundle, and the index without its
 * sources' digest (which a comment in the YAML changes). The generated code records the one it
 * was made from (`packages/core/src/generated/spec-digest.ts`), so a test run can tell a spec
 * bundled but not regenerated (test/setup/fresh-build.ts).
 */
export function bundleDigest(distDir = join(defaultSpecDir, "dist")) {
  const hash = createHash("sha256");
  const { sources: _sources, ...index } = JSON.parse(
    readFileSync(join(distDir, "index.json"), "utf8"),
  );
  hash.update(JSON.stringify(index));
  // The bundles the index lists, not every file there: a turbo cache hit restores spec/dist's
  // files without deleting others, so a removed area's bundle may linger, read by nothing else.
  for (const file of index.areas.map((a) => a.file).sort())
    hash.update(`\0${file}\0`).update(readFileSync(join(distDir, file)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The files of spec/dist that differ from what the spec sources bundle to now (a spec edit not
 * yet bundled), so that a generator reading spec/dist can refuse to work from an old bundle.
 */
export function staleBundles(specDir = defaultSpecDir) {
  return staleBundleSources(specDir).map(({ bundle }) => bundle);
}

/**
 * {@link staleBundles}, each with the files it is made from (the YAML files its origins name, and
 * this bundler) modified after it was written: which edit made it stale, for a message to name
 * (the test run's guard named `spec/dist/openrpc/das.json` for an edit of
 * `spec/schemas/asset.yaml`). By modification times, so a hint: none for a bundle that is missing
 * or newer than its sources (restored by a turbo cache hit), a file touched but unchanged too.
 * @returns {{ bundle: string, newer: string[] }[]} `bundle` as `spec/dist/<kind>/<area>.json`,
 *   `newer` as `spec/schemas/asset.yaml` (the bundler: `scripts/spec/bundle.mjs`)
 */
export function staleBundleSources(specDir = defaultSpecDir) {
  const distDir = join(specDir, "dist");
  // The common case, sources unchanged since the last full bundle, costs a hash, not a bundle.
  const index = join(distDir, "index.json");
  if (
    existsSync(index) &&
    JSON.parse(readFileSync(index, "utf8")).sources === sourcesDigest(specDir)
  )
    return [];
  const bundler = fileURLToPath(import.meta.url);
  return bundleAll({ write: false, specDir })
    .filter(
      ({ file, text }) =>
        !existsSync(join(distDir, file)) || readFileSync(join(distDir, file), "utf8") !== text,
    )
    .map(({ file, origins }) => {
      const bundle = join(distDir, file);
      const written = existsSync(bundle) ? statSync(bundle).mtimeMs : Infinity;
      const inputs = [...bundleInputs(origins)].map((name) => [name, specFile(specDir, name)]);
      inputs.push([relative(join(dirname(bundler), "../.."), bundler), bundler]);
      const newer = inputs
        .filter(([, path]) => existsSync(path) && statSync(path).mtimeMs > written)
        .map(([name]) => name);
      return { bundle: `spec/dist/${file}`, newer };
    });
}

/**
 * The spec files edited since the stale bundles `stale` (staleBundleSources) were written, once
 * each.
 */
export const editedSources = (stale) => [...new Set(stale.flatMap(({ newer }) => newer))];

/**
 * The stale bundles as a message names them, with the files edited since:
 * `spec/dist/openrpc/das.json; edited since: spec/openrpc/das.yaml`.
 */
export function staleList(stale) {
  const edited = editedSources(stale);
  const bundles = stale.map(({ bundle }) => bundle).join(", ");
  return edited.length ? `${bundles}; edited since: ${edited.join(", ")}` : bundles;
}

/** The spec files a bundle is made from, as its origins name them (`spec/schemas/asset.yaml`). */
function bundleInputs(origins) {
  const places = [
    origins.document,
    ...Object.values(origins.components ?? {}),
    ...Object.values(origins.writtenFrom ?? {}),
    ...Object.values(origins.places ?? {}),
  ];
  return new Set(places.filter((p) => typeof p === "string").map((p) => p.split("#")[0]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const usage =
    "usage: npm run spec:bundle [-- --spec-dir <folder>]\n" +
    "  bundles spec/ into spec/dist/; --spec-dir: a copy of spec/ instead (its dist/ is written)";
  const values = parseCli("spec:bundle", { "spec-dir": { type: "string" } }, usage);
  const specDir = values["spec-dir"] ? resolve(values["spec-dir"]) : defaultSpecDir;
  // (The folder as the contributor named it, for the line that says where the bundles went.)
  const shown = values["spec-dir"] ? relative(process.cwd(), specDir) || "." : "spec";
  if (!existsSync(join(specDir, "hosts.yaml")))
    usageError("spec:bundle", `--spec-dir: ${shown} is no spec folder (no hosts.yaml)`, usage);
  try {
    const started = performance.now();
    const results = bundleAll({ specDir });
    const ms = Math.round(performance.now() - started);
    console.log(`spec:bundle: ${results.length} documents → ${shown}/dist/ in ${ms} ms`);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    console.error(
      `spec:bundle: ${specErrorText(error, `${shown}/dist is not written until all are fixed`)}`,
    );
    process.exit(1);
  }
}
