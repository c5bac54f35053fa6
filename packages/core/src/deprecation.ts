/** Deprecation warnings, once per operation per process. */
import type { Logger } from "./config.js";
import { callQuietly } from "./internal/callback.js";

// Shared through the global registry, so the ESM and CJS builds loaded side by side still warn
// once per process. (Per realm: Jest gives each test file its own globals, so once per file
// there.) Made on the first warning, not at import (the package has no side effects).
const REGISTRY = Symbol.for("@chaindata/core.deprecations-warned");
const warnedIds = (): Set<string> =>
  ((globalThis as Record<symbol, Set<string>>)[REGISTRY] ??= new Set());

/**
 * Warns that operation `id` is deprecated, once per process: through the client's `logger.warn`
 * when it has one (a logger given is where the app wants its warnings), else through
 * `process.emitWarning` (type `DeprecationWarning`, code `CHAINDATA_DEPRECATED`, so
 * `--no-deprecation` and `process.on('warning')` work) where it exists and prints, else
 * `console.warn`. (Workers have `process.emitWarning` from compatibility date 2026-08-04, when
 * `nodejs_compat` became the default, but print nothing it emits.)
 *
 * @param replacement - what to use instead (the spec's `x-replaced-by`)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const warnDeprecated = (id: string, replacement: string, logger?: Logger): void => {
  const warned = warnedIds();
  if (warned.has(id)) return;
  warned.add(id);
  const message = `${id} is deprecated: ${replacement}`;
  const { process, navigator } = globalThis as {
    process?: { emitWarning?: (m: string, o: object) => void };
    navigator?: { userAgent?: string };
  };
  // (Outside the `try`: under `--throw-deprecation` Node throws the warning from the next tick,
  // an uncaught exception that ends the process, as that flag asks.)
  if (
    typeof logger?.warn !== "function" &&
    typeof process?.emitWarning === "function" &&
    navigator?.userAgent !== "Cloudflare-Workers"
  )
    return process.emitWarning(message, {
      type: "DeprecationWarning",
      code: "CHAINDATA_DEPRECATED",
    });
  // Called as a method (a class-based logger needs its `this`); a logger that throws, or an async
  // one that rejects, does not fail the call, as in the HTTP engine's own logging. `meta` names the
  // operation as every other log line does, so a structured logger can filter on it.
  callQuietly(() =>
    typeof logger?.warn === "function"
      ? logger.warn(message, { operation: id, replacement })
      : console.warn(message),
  );
};
