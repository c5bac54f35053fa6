import { describe, expect, it } from "vitest";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ChainDataError,
  InternalServerError,
  makeAPIError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from "./errors.js";

const fields = { headers: {}, body: undefined, operation: "op" };

describe("errors", () => {
  it("maps statuses to subclasses of APIError and ChainDataError", () => {
    const cases: [number, abstract new (...args: any[]) => Error][] = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [422, UnprocessableEntityError],
      [429, RateLimitError],
      [500, InternalServerError],
      [503, InternalServerError],
      [409, APIError],
      [302, APIError],
    ];
    for (const [status, Class] of cases) {
      const error = makeAPIError("m", { status, ...fields });
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(ChainDataError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(Class.name);
      expect(error.status).toBe(status);
    }
  });

  it("serialises name, message, fields and cause with toJSON", () => {
    const error = new ChainDataError(
      "boom",
      { extra: 1 },
      Object.assign(new Error("inner"), { name: "TypeError" }),
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ChainDataError",
      message: "boom",
      extra: 1,
      cause: { name: "TypeError", message: "inner" },
    });
    expect(String(error)).toBe("ChainDataError: boom");
    expect(error.stack).toMatch(/^ChainDataError: boom/);
  });
});
