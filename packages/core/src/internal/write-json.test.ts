/** writeJson (write-json.ts): a request body that cannot be written is the caller's input, refused. */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors.js";
import { writeJson } from "./write-json.js";

describe("writeJson (found by mutation testing, review 57)", () => {
  it("writes bigints exactly", () => {
    expect(writeJson({ n: 18446744073709551615n }, "params")).toBe('{"n":18446744073709551615}');
  });

  it("refuses a cycle with a ValidationError naming the path, its issue ruled `json`", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    let error: any;
    try {
      writeJson(cycle, "params");
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^params: cannot be written as JSON \(.*circular/i);
    expect(error.issues).toEqual([
      {
        path: "params",
        rule: "json",
        message: error.message,
        detail: error.message.slice("params: ".length),
      },
    ]);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("refuses a toJSON that throws a value that is no error, without a TypeError of its own", () => {
    for (const [thrown, type] of [
      [undefined, "undefined"],
      [null, "object"],
      ["text", "string"],
    ] as const) {
      const value = {
        toJSON() {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the test is about
          throw thrown;
        },
      };
      let error: any;
      try {
        writeJson(value, "params.filter");
      } catch (caught) {
        error = caught;
      }
      expect(error, String(thrown)).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(
        `params.filter: cannot be written as JSON (a value of type ${type} was thrown)`,
      );
    }
  });
});
