// A tiny static server for the built site: node:http, 127.0.0.1 only, GET/HEAD, with ETag and
// Last-Modified (304 to a conditional request for an unchanged file), text gzipped for a client
// that accepts it.
import {
  closeSync,
  createReadStream,
  existsSync,
  fstatSync,
  openSync,
  realpathSync,
  statSync,
} from "node:fs";
import { createServer } from "node:http";
import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";
import { extname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { buildDocs, DEFAULT_OUT, DEFAULT_SPEC } from "./build.mjs";
import { FAVICON, VIEWPORT } from "./html.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};
// The types worth compressing: text (the largest page is ~138 KB, ~20 KB gzipped); a PNG is
// compressed already.
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".json", ".svg", ".txt"]);
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'";

// Laid out like the pages on a phone, and with their inline icon: without it the browser asks
// for /favicon.ico, a second 404 in the console.
const notFound = `<!doctype html><html lang="en"><head><meta charset="utf-8">${VIEWPORT}<link rel="icon" href="${FAVICON}"><title>Not found · chaindata API docs</title><link rel="stylesheet" href="/assets/site.css"></head><body><main id="main"><h1>Not found</h1><p>No page here. Go to the <a href="/index.html">overview</a>.</p></main></body></html>`;

/**
 * A file's entity tag: its size and modification time (in ms), which a rebuild changes. Weak: it
 * is not made from the bytes, so it does not promise them byte for byte.
 */
const etagOf = (size, mtime) =>
  `W/"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;

/**
 * Whether a conditional GET or HEAD may be answered 304 (RFC 9110 §13.1): `If-None-Match` naming
 * the tag (or `*`), compared weakly; else, only without `If-None-Match`, `If-Modified-Since` at or
 * after the modification time (to the second: the precision of an HTTP date).
 */
function notModified(headers, etag, mtime) {
  const match = headers["if-none-match"];
  if (match !== undefined) {
    const weak = (tag) => tag.trim().replace(/^W\//, "");
    return match.trim() === "*" || match.split(",").some((tag) => weak(tag) === weak(etag));
  }
  const since = Date.parse(headers["if-modified-since"] ?? "");
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/**
 * Whether `Accept-Encoding` takes gzip (RFC 9110 §12.5.3): `gzip` (or its alias `x-gzip`) with a
 * q-value above 0, or else `*` above 0; none, or `identity` alone: no. (Exported for its test:
 * not from the package.)
 */
export function acceptsGzip(header) {
  if (!header) return false;
  const weights = new Map();
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(
      coding.trim() === "x-gzip" ? "gzip" : coding.trim(),
      q === undefined ? 1 : Number(q),
    );
  }
  const q = weights.get("gzip") ?? weights.get("*") ?? 0;
  return q > 0;
}

/** A path's stat, or undefined: none (ENOENT), a file in the way (ENOTDIR), a name too long. */
const statOf = (path) => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

/** A `Host` header's name, lower case, without a port or a trailing dot; undefined if none. */
const hostnameOf = (host) => {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return undefined;
  }
};

/**
 * Whether a request's `Host` names this machine: a loopback name (`localhost`, `*.localhost`),
 * an IP address (a name can be re-pointed at this machine, an address cannot), or `own`, the host
 * the server listens on; a request with no `Host` (HTTP/1.0) too. A page whose name was re-pointed
 * at 127.0.0.1 (DNS rebinding) is same-origin with the server under that name: refused, as the
 * mock refuses it for its own endpoints. (Exported for its test: not from the package.)
 */
export const thisMachine = (host, own) => {
  if (host === undefined) return true;
  const name = hostnameOf(host);
  return (
    !!name &&
    (/^(?:(?:.+\.)?localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\])$/.test(name) ||
      name === hostnameOf(own))
  );
};

/**
 * Serve the docs site.
 * @param {{ port?: number, host?: string, dir?: string, spec?: string, build?: boolean |
 *   "if-missing", localUrl?: string, log?: (msg: string) => void }} [opts] port: default 4020 (0 =
 *   any free port). host: default 127.0.0.1.
 *   build: rebuild from `spec` first (default: when the spec exists), "if-missing", or false.
 *   localUrl: the mock's URL, shown for the `local` environment by a rebuilt site.
 * @returns {Promise<{ server: import("node:http").Server, url: string, port: number, close: () =>
 *   Promise<void>, build?: object }>}
 */
export async function serveDocs({
  port = 4020,
  host = "127.0.0.1",
  dir = DEFAULT_OUT,
  spec = DEFAULT_SPEC,
  build,
  localUrl,
  log,
} = {}) {
  const root = resolve(dir);
  // What the site is: its files, not what a symlink in it points to outside (`etc -> /etc`), nor
  // a dotfile (`.env`, `.git/`) of a --dir or $CHAINDATA_DOCS_DIR given by mistake; the build
  // writes neither. Both are a 404. (The root is resolved once it exists.)
  let realRoot;
  const servable = (file) => {
    try {
      realRoot ??= realpathSync(root);
      const real = realpathSync(file);
      const rel = relative(realRoot, real);
      return (
        real === realRoot ||
        (rel !== "" &&
          !isAbsolute(rel) &&
          !rel.split(sep).some((segment) => segment.startsWith(".")))
      );
    } catch {
      return false; // gone meanwhile (a rebuild), or no path at all
    }
  };

  const server = createServer((req, res) => {
    const headers = {
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": CSP,
      "Cache-Control": "no-cache",
      "Referrer-Policy": "no-referrer",
    };
    if (!thisMachine(req.headers.host, host)) {
      res.writeHead(403, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
      return res.end(
        `Forbidden: the Host ${JSON.stringify(req.headers.host)} is not a name of this machine: open the docs at localhost or an IP address (a page under another name may have re-pointed that name here: DNS rebinding)`,
      );
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...headers, Allow: "GET, HEAD", "Content-Type": "text/plain" });
      return res.end("Method Not Allowed");
    }
    let pathname;
    try {
      // The request target is a path: prefixed with the origin, `//das` stays the path `//das`
      // (as a URL relative to a base, it would name a host "das").
      pathname = decodeURIComponent(new URL(`http://localhost${req.url ?? "/"}`).pathname);
    } catch {
      res.writeHead(400, { ...headers, "Content-Type": "text/plain" });
      return res.end("Bad Request");
    }
    let file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403, { ...headers, "Content-Type": "text/plain" });
      return res.end("Forbidden");
    }
    if (statOf(file)?.isDirectory() && servable(file)) {
      if (!pathname.endsWith("/")) {
        // To the directory's own path under the root, not the decoded request path: that one
        // may start with `//` (from `%2f`), which a browser reads as another host.
        const rel = relative(root, file).split(sep).map(encodeURIComponent).join("/");
        res.writeHead(301, { ...headers, Location: rel ? `/${rel}/` : "/" });
        return res.end();
      }
      file = join(file, "index.html");
    }
    // The file is opened before anything is answered, and its size and time read from what was
    // opened: a file a rebuild (`npm run docs`) removed between a stat and the open was a
    // ReadStream 'error' no one listened to, and the server process died.
    let fd;
    try {
      if (statOf(file)?.isFile() && servable(file)) fd = openSync(file, "r");
    } catch {
      // gone meanwhile: the 404 below
    }
    if (fd === undefined) {
      res.writeHead(404, { ...headers, "Content-Type": TYPES[".html"] });
      return res.end(req.method === "HEAD" ? undefined : notFound);
    }
    // Validators, so that a browser revalidating a page it has (every view: `no-cache`) is
    // answered 304 without the body until a rebuild rewrites the file.
    const { size, mtime } = fstatSync(fd);
    const validators = { ETag: etagOf(size, mtime), "Last-Modified": mtime.toUTCString() };
    // Text is gzipped for a client that takes it (the pages were sent whole before), and its
    // answers, a 304 too, say that they depend on Accept-Encoding, for a cache between. (The weak
    // tag stays: the gzipped page is the same page.)
    const compressible = COMPRESSIBLE.has(extname(file));
    const gzip = compressible && acceptsGzip(req.headers["accept-encoding"]);
    const vary = compressible ? { Vary: "Accept-Encoding" } : {};
    if (notModified(req.headers, validators.ETag, mtime)) {
      closeSync(fd);
      res.writeHead(304, { ...headers, ...vary, ...validators });
      return res.end();
    }
    res.writeHead(200, {
      ...headers,
      ...vary,
      ...validators,
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      // (Gzipped, the length is known only at the end: the answer is chunked.)
      ...(gzip ? { "Content-Encoding": "gzip" } : { "Content-Length": size }),
    });
    if (req.method === "HEAD") {
      closeSync(fd);
      return res.end();
    }
    // (A read failing after the headers: the answer is cut short, the server goes on. A reader
    // gone mid-file: the read stops and the file is closed, where `.pipe` left it open, paused,
    // for the life of the server.)
    if (gzip) pipeline(createReadStream(file, { fd }), createGzip(), res, () => {});
    else pipeline(createReadStream(file, { fd }), res, () => {});
  });
  const close = () =>
    new Promise((ok) => {
      server.closeAllConnections?.();
      server.close(() => ok());
    });
  // Take the port first: on a busy one (another docs server, maybe serving this very directory)
  // fail before a rebuild empties and rewrites the directory. (buildDocs is synchronous, so no
  // request is answered while it runs.)
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      ok();
    });
  });
  let built;
  try {
    const wantBuild = build ?? existsSync(join(spec, "index.json"));
    if (wantBuild === true || (wantBuild === "if-missing" && !existsSync(join(root, "index.html"))))
      built = buildDocs({ spec, out: root, localUrl });
    if (!existsSync(join(root, "index.html")))
      throw new Error(`no docs site in ${root}: run \`node packages/docs/bin/build.mjs\` first`);
  } catch (err) {
    await close();
    throw err;
  }
  const actual = server.address().port;
  const url = `http://${host}:${actual}/`;
  log?.(
    `docs: ${url}${built ? ` (built ${built.files} files in ${Math.round(built.ms)} ms)` : ""}`,
  );
  return {
    server,
    url,
    port: actual,
    build: built,
    close,
  };
}
