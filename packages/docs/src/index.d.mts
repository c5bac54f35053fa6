import type { Server } from "node:http";

export interface BuildResult {
  /** Absolute output directory. */
  out: string;
  /** Files written. */
  files: number;
  /** Total bytes written. */
  bytes: number;
  /** Build time in milliseconds. */
  ms: number;
  /** Operations a client calls (JSON-RPC methods and REST operations). */
  operations: number;
  /** Webhook deliveries (OpenAPI `webhooks`): documented, not called. */
  deliveries: number;
  /** Named schemas (`components.schemas`). */
  schemas: number;
  /** Area keys, in navigation order. */
  areas: string[];
  /** e.g. an area listed in index.json whose document is missing (skipped with `allowMissing`). */
  warnings: string[];
}

export interface BuildOptions {
  /** A spec/dist directory (default: the repository's spec/dist). */
  spec?: string;
  /**
   * Output directory (default: packages/docs/dist). Refuses to clean a non-empty directory that is
   * not a docs build.
   */
  out?: string;
  /**
   * Skip (with a warning) an area listed in index.json whose document is missing. Default
   * false: that throws, as does an index.json that lists no areas.
   */
  allowMissing?: boolean;
  /**
   * The bundle-size budgets whose ceilings the area pages state, as what the size test holds each
   * one-call program to (default: the repository's test/size/budgets.json). A missing file, or
   * `null`, states none; a malformed one throws.
   */
  sizes?: string | null;
  /**
   * Where the local mock is, e.g. `http://127.0.0.1:4711` (`npm start` on CHAINDATA_MOCK_PORT):
   * shown for every host's `local` environment, and in the local-mock snippets (each request
   * example's and Getting started's), in place of the spec's local URL. Default: the spec's.
   */
  localUrl?: string;
}

/**
 * Build the static docs site from the bundled spec only. Throws on a broken internal link, a
 * listed area whose document is missing (unless `allowMissing`), or no areas at all.
 */
export function buildDocs(options?: BuildOptions): BuildResult;

/** A TypeScript snippet of the site, and where it is shown. */
export interface TypeScriptSnippet {
  /** The page that shows it, e.g. `das/getAsset.html`. */
  page: string;
  /** The area whose client it uses (`sdk` for the all-in-one client). */
  area: string;
  /** The operation it calls; none for a snippet that only makes a client. */
  operation?: string;
  /** The example's name on an operation page, else what the block shows (`quick start`, …). */
  example: string;
  /**
   * The error object of a JSON-RPC example pairing that documents an error, not a result, and
   * the HTTP status the area's `x-error-info` gives its code (none: HTTP 200).
   */
  error?: { code: number; message?: string; data?: unknown; httpStatus?: number };
  /**
   * `"vitest"` for a test file (the Testing page's recipes), which runs under vitest, not as a
   * program; `"recipe"` for a program that does not run as it stands (the Page walks page's: a
   * `declare`d function of yours to fill in and a file written in the working directory, or a
   * method outside the spec, which the mock does not answer), type-checked only with the others
   * (test/docs/page-walks.test.ts runs the resume recipe, its `store` filled in); none for a
   * program.
   */
  runsAs?: "vitest" | "recipe";
  /**
   * `"local"` for a program made to run against the local mock as it stands (`environment:
   * "local"`, the mock's URL the site was built with, no API key); none for one that reads your
   * key.
   */
  environment?: "local";
  /** The snippet as the page shows it. */
  code: string;
}

/**
 * Every TypeScript snippet the site built from `spec` (and `localUrl`) shows: each operation
 * page's examples, with the key and against the local mock, each area page's quick start and
 * Getting started's, in site order.
 */
export function typeScriptSnippets(
  options?: Pick<BuildOptions, "spec" | "allowMissing" | "localUrl">,
): TypeScriptSnippet[];

/** A request example's curl against the local mock, as its operation page shows it. */
export interface CurlSnippet {
  /** The page that shows it, relative to the site root (`das/getAsset.html`). */
  page: string;
  area: string;
  operation: string;
  /** The example's name, with ` (local mock)`. */
  example: string;
  /** The command as the page shows it. */
  code: string;
}

/**
 * Each request example's curl against the local mock (the URL the site is built with: `localUrl`),
 * in site order.
 */
export function localCurlSnippets(
  options?: Pick<BuildOptions, "spec" | "allowMissing" | "localUrl">,
): CurlSnippet[];

/** Broken internal links of a page map (site path → HTML); empty when all resolve. */
export function checkLinks(pages: Map<string, string>): string[];

export const DEFAULT_SPEC: string;
export const DEFAULT_OUT: string;

export interface ServeOptions {
  /** Default 4020; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The built site (default: packages/docs/dist). */
  dir?: string;
  /** The spec to build from (default: the repository's spec/dist). */
  spec?: string;
  /** Rebuild first: true (default when the spec exists), "if-missing", or false. */
  build?: boolean | "if-missing";
  /** The mock's URL for a rebuilt site to show (BuildOptions.localUrl). */
  localUrl?: string;
  log?: (message: string) => void;
}

export interface DocsServer {
  server: Server;
  /** e.g. http://127.0.0.1:4020/ */
  url: string;
  port: number;
  build?: BuildResult;
  close(): Promise<void>;
}

/** Serve the docs site on 127.0.0.1 (static files, GET/HEAD). */
export function serveDocs(options?: ServeOptions): Promise<DocsServer>;
