// checkListedErrors (scripts/spec/rules/listed-errors.mjs): the errors every REST operation and
// JSON-RPC method lists. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkListedErrors } from "../../../scripts/spec/rules/listed-errors.mjs";
import { area, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("errors: a REST operation lists 400, 401, 403 and 429 (any response for the status), except a JSON-RPC area's plain-HTTP side", () => {
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    const all = {
      "200": { description: "ok" },
      "400": ref("ProjectMismatch"), // (an area's own response for the status counts)
      "401": ref("Unauthorized"),
      "403": ref("Forbidden"),
      "429": ref("TooManyRequests"),
    };
    const rest = (responses: object) => ({
      area,
      kind: "openapi",
      doc: { paths: { "/x": { get: { operationId: "getX", responses } } } },
    });
    expect(checkListedErrors(rest(all))).toEqual([]);
    const { "400": _400, "429": _429, ...some } = all;
    expect(checkListedErrors(rest({ ...some, "4XX": ref("BadRequest") }))).toEqual([
      't GET /x (getX): responses: does not list 400 or 429: every REST operation lists 400, 401, 403 and 429 (spec/README.md "Errors"); add "400": { $ref: "./_shared.yaml#/components/responses/BadRequest" }, "429": { $ref: "./_shared.yaml#/components/responses/TooManyRequests" }',
    ]);
    expect(checkListedErrors(rest({ "200": all["200"] }), { plainHttp: true })).toEqual([]);
  });

  it("errors: a JSON-RPC method lists InvalidParams, Unauthorized, Forbidden and a rate-limit error (by its x-error-info status), the area's own one named", () => {
    const errors = {
      InvalidParams: { code: -32602, message: "Invalid params" },
      Unauthorized: { code: -32001, message: "Unauthorized" },
      Forbidden: { code: -32003, message: "Forbidden" },
      SlowDown: { code: -32029, message: "Slow down" },
    };
    const listed = (names: string[]) => {
      const doc: any = openrpc({
        errors: names.map((n) => ({ $ref: `#/components/errors/${n}` })),
      });
      doc.components = { errors };
      doc["x-error-info"] = { "-32029": { httpStatus: 429 }, "-32602": { httpStatus: 200 } };
      return checkListedErrors({ area, kind: "openrpc", doc });
    };
    expect(listed(Object.keys(errors))).toEqual([]);
    expect(listed(["InvalidParams", "Forbidden"])).toEqual([
      't #/methods/0 (getThing)/errors: does not list Unauthorized (-32001) or a rate-limit error: every JSON-RPC method lists InvalidParams (-32602), Unauthorized (-32001), Forbidden (-32003) and a rate-limit error (one whose x-error-info httpStatus is 429) (spec/README.md "Errors"); add { $ref: "./_shared.yaml#/components/errors/Unauthorized" }, { $ref: "./_shared.yaml#/components/errors/SlowDown" }',
    ]);
    // (An inline error object counts; an empty list is checkOpenRpc's finding, not a second one.)
    const inline = openrpc({ errors: [...Object.values(errors), { code: -32005, message: "x" }] });
    expect(checkListedErrors({ area, kind: "openrpc", doc: inline })).toEqual([
      expect.stringMatching(
        /\/errors: does not list a rate-limit error: .*; add \{ \$ref: "\.\/_shared\.yaml#\/components\/errors\/RateLimited" \}$/,
      ),
    ]);
    expect(checkListedErrors({ area, kind: "openrpc", doc: openrpc({ errors: [] }) })).toEqual([]);
  });

  // (Dropping `code !== -32429` passed before: no test listed the out-of-credits error alone.)
  it("errors: a plan out of credits (-32429, answered 429 too) is no rate-limit error", () => {
    const doc: any = openrpc({
      errors: [
        { code: -32602, message: "Invalid params" },
        { code: -32001, message: "Unauthorized" },
        { code: -32003, message: "Forbidden" },
        { code: -32429, message: "Credits exhausted" },
      ],
    });
    doc["x-error-info"] = { "-32429": { httpStatus: 429 } };
    expect(checkListedErrors({ area, kind: "openrpc", doc })).toEqual([
      expect.stringMatching(/\/errors: does not list a rate-limit error: /),
    ]);
  });
});
