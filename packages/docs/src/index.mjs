// @chaindata/docs: build the docs site from spec/dist, and serve it on 127.0.0.1.
export {
  buildDocs,
  checkLinks,
  DEFAULT_OUT,
  DEFAULT_SPEC,
  localCurlSnippets,
  typeScriptSnippets,
} from "./build.mjs";
export { serveDocs } from "./serve.mjs";
