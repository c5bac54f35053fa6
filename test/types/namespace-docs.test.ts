// The sdk's namespaces (`Das`, `Wallet`, …) declare core's types as aliases of their own
// (scripts/generate/sdk-namespaces.mjs): an alias without a doc comment showed no docs on hover,
// `Das.NotFoundError` a bare `type NotFoundError = NotFoundError`. Each now carries the doc of
// the type it aliases, as an editor shows it over the published declarations (after the build).
import { describe, expect, it } from "vitest";
import { displayText, probeService } from "./language-service.js";

const source = `
import type { Das, Wallet } from "@chaindata/sdk";
import type { NotFoundError, RequestOptions, PageIterable } from "@chaindata/core";
export function probe(
  a: Das./*@dasNotFound*/NotFoundError,
  b: Wallet./*@walletOptions*/RequestOptions,
  c: Das./*@pages*/PageIterable<Das.Asset, Das.AssetList, Das.GetAssetsByOwnerParams>,
  d: Wallet./*@errorBody*/ErrorBody,
  e: /*@coreNotFound*/NotFoundError,
  f: /*@coreOptions*/RequestOptions,
  g: /*@corePages*/PageIterable<unknown, unknown>,
) {}
`;

const { service, file, at, errors } = probeService("namespace-docs-probe.ts", source);
const docOf = (marker: string) =>
  displayText(service.getQuickInfoAtPosition(file, at(marker))?.documentation);

describe("hovers of the sdk namespaces' aliases of core's types", () => {
  it("compile", () => {
    expect([...errors()]).toEqual([]);
  });

  it("show the docs of the type they alias", () => {
    expect(docOf("dasNotFound")).toBe("404: no such resource.");
    expect(docOf("dasNotFound")).toBe(docOf("coreNotFound"));
    expect(docOf("walletOptions")).toMatch(/^Per-call options; each overrides the client option/);
    expect(docOf("walletOptions")).toBe(docOf("coreOptions"));
    expect(docOf("pages")).toMatch(/\S/);
    expect(docOf("pages")).toBe(docOf("corePages"));
  });

  it("show the docs of a schema core declares for two or more areas", () => {
    expect(docOf("errorBody")).toMatch(/\S/);
  });
});
