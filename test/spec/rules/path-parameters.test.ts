// checkPathParameterNames (scripts/spec/rules/path-parameters.mjs): a misspelt path parameter is
// one line, at the parameter, with the name to write; it speaks only where that name is sure.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkPathParameterNames } from "../../../scripts/spec/rules/path-parameters.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { mistakeId } from "../../../scripts/lib/mistake-ids.mjs";
import { area } from "./fixtures.js";

const PATH = "/v1/wallet/{wallet}/identity";
const AT = "#/paths/~1v1~1wallet~1{wallet}~1identity/get (getIdentity)";
const walletParameter = { name: "wallet", in: "path", required: true, schema: { type: "string" } };

/** A REST document of one operation on PATH with `parameters`. */
const openapi = (parameters: unknown[]) => ({
  openapi: "3.1.0",
  paths: { [PATH]: { get: { operationId: "getIdentity", parameters } } },
  components: { parameters: { WalletAddress: walletParameter } },
});
const check = (doc: object) => checkPathParameterNames({ area, kind: "openapi", doc });

describe("checkPathParameterNames", () => {
  it("names the path's {name} to write for a misspelt one", () => {
    expect(check(openapi([{ ...walletParameter, name: "walet" }]))).toEqual([
      `${area} ${AT}/parameters/0/name: path parameter "walet" is not in the path ${PATH}, whose {wallet} no parameter declares; name the parameter wallet (or write {walet} in the path)`,
    ]);
    // A query parameter beside it is no path parameter the path lacks.
    const limit = { name: "limit", in: "query", schema: { type: "integer" } };
    expect(check(openapi([limit, { ...walletParameter, name: "walet" }]))).toEqual([
      `${area} ${AT}/parameters/1/name: path parameter "walet" is not in the path ${PATH}, whose {wallet} no parameter declares; name the parameter wallet (or write {walet} in the path)`,
    ]);
  });

  it("says nothing where the path's {name} is declared by a $ref: renaming would declare it twice", () => {
    // (The $ref'd parameter was not counted as declared: an extra path parameter beside it was
    // told to be named wallet, and Spectral's line for it, "must be used in path", left out.)
    const extra = { name: "id", in: "path", required: true, schema: { type: "string" } };
    const referenced = { $ref: "#/components/parameters/WalletAddress" };
    expect(check(openapi([referenced, extra]))).toEqual([]);
    expect(check(openapi([referenced]))).toEqual([]);
    // (A $ref to another file names a parameter this document does not hold: nothing is known.)
    const elsewhere = { $ref: "./parameters.yaml#/WalletAddress" };
    expect(check(openapi([elsewhere, { ...walletParameter, name: "walet" }]))).toEqual([]);
  });

  it("reads the path item's parameters too, an operation's of the same name in their place", () => {
    const misspelt = { ...walletParameter, name: "walet" };
    const pathAt = "#/paths/~1v1~1wallet~1{wallet}~1identity";
    const withShared = (operationParameters: unknown[]) => ({
      openapi: "3.1.0",
      paths: {
        [PATH]: {
          parameters: [misspelt],
          get: { operationId: "getIdentity", parameters: operationParameters },
        },
      },
    });
    const told = new Set<string>();
    expect(
      checkPathParameterNames({ area, kind: "openapi", doc: withShared([]) }, { told }),
    ).toEqual([
      `${area} ${pathAt}/parameters/0/name: path parameter "walet" is not in the path ${PATH}, whose {wallet} no parameter declares; name the parameter wallet (or write {walet} in the path)`,
    ]);
    // Spectral's two lines it stands for: at the operation and at the parameter.
    expect([...told]).toEqual([
      mistakeId("path-params", area, `${pathAt}/get`),
      mistakeId("path-params", area, `${pathAt}/parameters/0`),
    ]);
    // The operation's own `walet` overrides the path item's: one parameter, told at the operation.
    expect(check(withShared([misspelt]))).toEqual([
      `${area} ${AT}/parameters/0/name: path parameter "walet" is not in the path ${PATH}, whose {wallet} no parameter declares; name the parameter wallet (or write {walet} in the path)`,
    ]);
  });

  it("says nothing where the name to write is not sure: a misspelt parameter by $ref, two misspelt, two {name}s undeclared", () => {
    const walet = { ...walletParameter, name: "walet" };
    const byRef = {
      openapi: "3.1.0",
      paths: {
        [PATH]: {
          get: {
            operationId: "getIdentity",
            parameters: [{ $ref: "#/components/parameters/Walet" }],
          },
        },
      },
      components: { parameters: { Walet: walet } },
    };
    expect(check(byRef)).toEqual([]);
    expect(check(openapi([walet, { ...walletParameter, name: "wallt" }]))).toEqual([]);
    const twoNames = {
      openapi: "3.1.0",
      paths: {
        "/v1/{wallet}/{mint}": { get: { operationId: "getIdentity", parameters: [walet] } },
      },
    };
    expect(check(twoNames)).toEqual([]);
  });
});
