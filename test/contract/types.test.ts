/**
 * The type-level contract (types.check.ts) compiles with tsc, and it covers every operation of
 * the spec: each one is called there and its result bound to the generated result type.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tsc } from "../types/tsc.js";
import { operations, root } from "./spec.js";

describe("types", () => {
  it("tsc --noEmit -p test/contract passes", () => {
    expect(tsc("--noEmit", "-p", `${root}test/contract`)).toBe("");
  });

  it("types.check.ts calls every operation of the spec and binds its result to the generated type", () => {
    const source = readFileSync(new URL("./types.check.ts", import.meta.url), "utf8");
    const missing = operations
      .filter(
        (op) =>
          !new RegExp(`const ${op.id}: \\w+\\.\\w+Result =\\s*await \\w+\\.${op.id}\\(`).test(
            source,
          ),
      )
      .map((op) => op.id);
    expect(
      missing,
      "operations without a call in test/contract/types.check.ts (`const <id>: <Area>.<Id>Result = await <client>.<id>(…)`)",
    ).toEqual([]);
  });

  it("types.check.ts compares the standalone page walk of every paginated JSON-RPC method with .all()", () => {
    const source = readFileSync(new URL("./types.check.ts", import.meta.url), "utf8");
    // (Each missing one as the line to add, the client named as the sdk's destructuring names it.)
    const missing = operations
      .filter((op) => op.kind === "openrpc" && op.pagination)
      .map((op) => ({ op, walk: `paginate${op.id.charAt(0).toUpperCase()}${op.id.slice(1)}` }))
      .filter(({ walk }) => !source.includes(`ReturnType<typeof ${walk}>`))
      .map(
        ({ op, walk }) =>
          `exact<ReturnType<typeof ${walk}>, ReturnType<typeof ${op.area.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}.${op.id}.all>>(true);`,
      );
    expect(
      missing,
      "page walks without an exact<…> beside .all() in test/contract/types.check.ts: add each line under `standalone page walks`, and import the walk from its package beside the others",
    ).toEqual([]);
  });
});
