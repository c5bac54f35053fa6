// The types of cli-options.mjs (plain JavaScript, so that `npm start` runs it before any build).
import type { parseArgs, ParseArgsConfig } from "node:util";

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

export declare const WALK_BOUNDS: Readonly<{ walkPages: number; pageFill: number }>;
export declare function walkRule(
  option: keyof typeof WALK_BOUNDS,
  value: unknown,
): string | undefined;

export declare const isLoopbackHost: (host: string) => boolean;
export declare const allowedHostRule: (name: unknown) => string | undefined;

export declare const SERVE_OPTIONS: {
  readonly port: { readonly type: "string"; readonly short: "p" };
  readonly host: { readonly type: "string"; readonly short: "H" };
  readonly mode: { readonly type: "string"; readonly short: "m" };
  readonly dynamic: { readonly type: "boolean"; readonly short: "d" };
  readonly seed: { readonly type: "string" };
  readonly "walk-pages": { readonly type: "string" };
  readonly "page-fill": { readonly type: "string" };
  readonly "allowed-host": { readonly type: "string"; readonly multiple: true };
};
export declare const SERVE_HELP: string;
export declare const MOCK_ONLY_OPTIONS: {
  readonly "spec-dir": { readonly type: "string" };
  readonly quiet: { readonly type: "boolean"; readonly short: "q" };
  readonly json: { readonly type: "boolean" };
  readonly version: { readonly type: "boolean"; readonly short: "v" };
};
export declare const MOCK_ONLY_HELP: string;

/** What serveOptions reads: the values parseArgs gives for SERVE_OPTIONS. */
export interface ServeValues {
  port?: string | undefined;
  host?: string | undefined;
  mode?: string | undefined;
  dynamic?: boolean | undefined;
  seed?: string | undefined;
  "walk-pages"?: string | undefined;
  "page-fill"?: string | undefined;
  "allowed-host"?: string[] | undefined;
}
/** startMock's options as the CLI flags (and the environment) give them. */
export interface ServeOptions {
  port: number;
  host: string;
  mode: "examples" | "dynamic";
  seed?: string;
  walkPages?: number;
  pageFill?: number;
  allowedHosts?: string[];
}
/** Where an option's value came from: `--<option>`, `$<variable>` or "the default". */
export declare const givenBy: (
  option: string,
  flagValue: unknown,
  variable: string,
  envValue: string | undefined,
) => string;
/** Why listen() failed on `host`, when its value explains it (naming its source), or undefined. */
export declare function hostProblem(
  error: unknown,
  host: string,
  values: ServeValues,
  env?: Record<string, string | undefined>,
): string | undefined;
export declare function serveOptions(
  program: string,
  values: ServeValues,
  usage: string,
  env?: Record<string, string | undefined>,
): ServeOptions;

export declare function parseCli<const O extends OptionsConfig>(
  program: string,
  options: O,
  usage: string,
): ReturnType<
  typeof parseArgs<{ options: O & { help: { type: "boolean"; short: "h" } } }>
>["values"];
export declare function usageError(program: string, message: string, usage: string): never;
export declare function parsePort(
  program: string,
  name: string,
  text: string,
  usage: string,
): number;
