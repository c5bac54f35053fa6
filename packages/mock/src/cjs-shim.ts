/**
 * The CommonJS build's `import.meta.url`: tsup.config.ts injects this module into that build only
 * and points `import.meta.url` at it. (tsup's own `shims` inlined a file of tsup's into
 * dist/index.cjs, third-party code, with a source map entry outside the package.)
 */
import { pathToFileURL } from "node:url";

export const importMetaUrl = pathToFileURL(__filename).href;
