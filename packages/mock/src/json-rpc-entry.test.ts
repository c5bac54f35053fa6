/**
 * Which example answers a JSON-RPC request when it asks for none (`bestExample`): the one whose
 * params are the request's, else the one sharing the most param values, the first of equals.
 */
import { describe, expect, it } from "vitest";
import type { RpcMethod } from "./convert.js";
import { bestExample } from "./json-rpc-entry.js";

const method = (examples: RpcMethod["examples"]) => ({ examples }) as RpcMethod;

describe("bestExample", () => {
  it("takes the example whose params are the request's, before one that shares as many values", () => {
    const byOwner = method([
      { name: "withOptions", params: { owner: "A", options: { showFungible: true } } },
      { name: "plain", params: { owner: "A" } },
    ]);
    expect(bestExample(byOwner, { owner: "A" })).toBe("plain");
    expect(bestExample(byOwner, { owner: "A", options: { showFungible: true } })).toBe(
      "withOptions",
    );
  });

  it("else the one sharing the most values (the first of equals), by name or by position", () => {
    const byOwner = method([
      { name: "first", params: { owner: "A", page: 1 } },
      { name: "second", params: { owner: "A", page: 2 } },
      { name: "third", params: { owner: "B", page: 2, limit: 5 } },
    ]);
    expect(bestExample(byOwner, { owner: "A", page: 3 })).toBe("first");
    expect(bestExample(byOwner, { owner: "B", page: 2 })).toBe("third");
    expect(bestExample(byOwner, { owner: "C" })).toBe(undefined);
    const positional = method([
      { name: "one", params: ["A", 1] },
      { name: "two", params: ["B", 2] },
    ]);
    expect(bestExample(positional, ["B", 9])).toBe("two");
    expect(bestExample(positional, ["C", 9])).toBe(undefined);
  });
});
