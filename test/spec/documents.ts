/**
 * The spec bundles as the repository suites read them: spec/dist/index.json and each area's
 * document, read once per process. Nothing generated: the suites hold the clients against these.
 *
 * An integer beyond ±(2^53−1) (a u64 example: `rentEpoch` u64::MAX) is read as the exact bigint
 * the bundle writes, as the mock sends it and the clients return it; JSON.parse would round it.
 */
import { readFileSync } from "node:fs";
// @ts-expect-error — plain ESM scripts without type declarations
import { parseExact } from "../../scripts/spec/bundle.mjs";

export const root = new URL("../..", import.meta.url).pathname;
export const specDir = `${root}spec/dist/`;

/** One area document listed by index.json (the sender has two: OpenRPC and OpenAPI). */
export interface Area {
  area: string;
  kind: "openrpc" | "openapi";
  file: string;
  host: string;
  doc: any;
}

export const index = JSON.parse(readFileSync(`${specDir}index.json`, "utf8"));
export const areas: Area[] = index.areas.map((a: any) => ({
  ...a,
  doc: parseExact(readFileSync(`${specDir}${a.file}`, "utf8")),
}));

/** The HTTP methods an OpenAPI path item may hold operations under (the ones the generator calls). */
export const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

/** A signed transaction, base64: the spec's first sendTransaction example's, for tests that send one. */
export const SIGNED_TRANSACTION: string = areas
  .find((a) => a.area === "sender" && a.kind === "openrpc")!
  .doc.methods.find((m: any) => m.name === "sendTransaction")
  .examples[0].params.find((p: any) => p.name === "transaction").value;

/** The node a `$ref` (`#/…`) names in `doc`, followed until it is no reference. */
export const deref = (doc: any, node: any): any => {
  while (node && typeof node.$ref === "string")
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((o: any, k: string) => o?.[k], doc);
  return node;
};

/** The schema's branches: itself, or each of its anyOf / oneOf (a nullable or open type). */
export const branches = (doc: any, schema: any): any[] => {
  const s = deref(doc, schema);
  const alternatives = s?.anyOf ?? s?.oneOf;
  return alternatives ? alternatives.flatMap((b: any) => branches(doc, b)) : [s];
};
