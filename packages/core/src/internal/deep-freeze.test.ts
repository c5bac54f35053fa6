/** deepFreeze (deep-freeze.ts): what the generated tool schemas freeze their exports with. */
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze.js";
import * as core from "../index.js";

describe("deepFreeze", () => {
  it("freezes the value and every object and array in it, and returns the same value", () => {
    const shared = { type: "string", enum: ["a", "b"] };
    const tool = { name: "t", inputSchema: { properties: { x: shared, y: [{ z: 1 }] } } };
    expect(deepFreeze(tool)).toBe(tool);
    for (const node of [tool, tool.inputSchema, tool.inputSchema.properties, shared, shared.enum])
      expect(Object.isFrozen(node)).toBe(true);
    expect(Object.isFrozen(tool.inputSchema.properties.y[0])).toBe(true);
    // (ES modules are strict: a write to a frozen object throws.)
    expect(() => {
      shared.enum.push("c");
    }).toThrow(TypeError);
  });

  it("returns primitives and null as they are, and ends on a cycle", () => {
    expect(deepFreeze(null)).toBe(null);
    expect(deepFreeze("text")).toBe("text");
    const cycle: Record<string, unknown> = { inner: {} };
    cycle.self = cycle;
    expect(deepFreeze(cycle)).toBe(cycle);
    expect(Object.isFrozen(cycle.inner)).toBe(true);
  });

  it("is exported by @chaindata/core, for the generated tool-schemas modules (review 71, F1)", () => {
    expect(core.deepFreeze).toBe(deepFreeze);
  });
});
