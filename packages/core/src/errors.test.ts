import { describe, expect, it } from "vitest";
import {
  type AnyChainDataError,
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ChainDataError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  isChainDataError,
  isRetryable,
  JsonRpcError,
  makeAPIError,
  NotFoundError,
  ofOperation,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  type ValidationIssue,
} from "./errors.js";
import { rpcHost } from "./generated/environments.js";
import { createJsonRpcClient } from "./json-rpc.js";
import { hang, jsonResponse, stubFetch } from "./test-support/testing.js";

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
      { operation: "getAsset" },
      Object.assign(new Error("inner"), { name: "TypeError" }),
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ChainDataError",
      message: "boom",
      operation: "getAsset",
      cause: { name: "TypeError", message: "inner" },
    });
    expect(String(error)).toBe("ChainDataError: boom");
    // Each cause's `code`, and its own cause, to four levels (a cycle ends there).
    const inner: Error & { code?: string } = Object.assign(new Error("inner"), { code: "EX" });
    inner.cause = inner;
    const chained = new ChainDataError("outer", undefined, inner).toJSON();
    const level = { name: "Error", message: "inner", code: "EX" };
    expect(chained).toEqual({
      name: "ChainDataError",
      message: "outer",
      cause: { ...level, cause: { ...level, cause: { ...level, cause: level } } },
    });
    expect(error.stack).toMatch(/^ChainDataError: boom/);
  });
});

describe("toJSON", () => {
  it("writes bigints as exact strings (a u64 beyond 2^53 keeps its digits)", () => {
    const error = new ChainDataError("boom", {
      data: { lamports: 18446744073709551615n, small: 5n },
    });
    expect(error.toJSON()).toEqual({
      name: "ChainDataError",
      message: "boom",
      data: { lamports: "18446744073709551615", small: "5" },
    });
    expect(JSON.parse(JSON.stringify(error)).data.lamports).toBe("18446744073709551615");
  });
});

describe("toJSON of a ValidationError", () => {
  const issue = (i: number) => ({
    path: `params.ids[${i}]`,
    rule: "pattern" as const,
    message: `params.ids[${i}]: bad`,
    detail: "bad",
  });

  it("keeps the first 100 issues, as util.inspect shows an array's: a huge refusal stays one loggable line", () => {
    const issues = Array.from({ length: 100_000 }, (_, i) => issue(i));
    const error = new ValidationError("params.ids[0]: bad (and 99999 more)", { issues });
    const json = error.toJSON();
    expect(json.issues).toEqual(issues.slice(0, 100));
    expect(json.message).toBe("params.ids[0]: bad (and 99999 more)");
    expect(JSON.stringify(error).length).toBeLessThan(20_000);
    // The error itself keeps every issue.
    expect(error.issues).toHaveLength(100_000);
  });

  it("keeps every issue up to 100, and no other error gains an issues field", () => {
    const issues = Array.from({ length: 100 }, (_, i) => issue(i));
    expect(new ValidationError("m", { issues }).toJSON().issues).toEqual(issues);
    expect(Object.keys(new ChainDataError("m", { status: 500 }).toJSON())).not.toContain("issues");
  });

  it("writes an issues field that is no array as before, and never throws for it (a hand-made error, a subclass)", () => {
    const withIssues = (issues: unknown) =>
      new ChainDataError("m", { issues: issues as ValidationIssue[] }).toJSON().issues;
    expect(withIssues({ first: "bad" })).toEqual({ first: "bad" });
    expect(withIssues(5)).toBe(5);
    expect(withIssues(null)).toBeNull();
    // (A string is no list of issues: written whole, not cut to 100 characters.)
    expect(withIssues("x".repeat(150))).toBe("x".repeat(150));
    class Counted extends ChainDataError {
      issues = new Set(["a"]);
    }
    expect(new Counted("m").toJSON().issues).toEqual({});
    // A getter of a subclass is no own field: toJSON neither shows it nor calls it.
    class Computed extends ChainDataError {
      get issues(): never {
        throw new Error("read");
      }
    }
    expect(new Computed("m").toJSON()).toEqual({ name: "ChainDataError", message: "m" });
  });
});

describe("isRetryable", () => {
  const KEY = "retry-key";
  const getAsset = { id: "getAsset", idempotent: true };

  it("is what the client retries: for every status 300–599, an error is retryable exactly when the call was sent again", async () => {
    for (let status = 300; status < 600; status++) {
      const { fetch, calls } = stubFetch(
        // (`retry-after-ms: 0`: no backoff wait between the two attempts.)
        () =>
          // (A 304 has no body.)
          status === 304
            ? new Response(null, { status, headers: { "retry-after-ms": "0" } })
            : jsonResponse({ error: "no" }, { status, headers: { "retry-after-ms": "0" } }),
      );
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 1 }, rpcHost, "/");
      const error = await rpc.call(getAsset, {}).catch((e: unknown) => e);
      expect(error, String(status)).toBeInstanceOf(APIError);
      expect(isRetryable(error), String(status)).toBe(calls.length === 2);
    }
  });

  it("a connection error, a timeout and a body cut short are retryable; an abort, a JSON-RPC error, another invalid answer, bad input and anything else are not", async () => {
    const rpc = (fetch: typeof globalThis.fetch) =>
      createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 0 }, rpcHost, "/");
    const failed = (fetch: typeof globalThis.fetch, options = {}) =>
      rpc(fetch)
        .call(getAsset, {}, options)
        .catch((e: unknown) => e);
    const refused = stubFetch(() => Promise.reject(new TypeError("fetch failed"))).fetch;
    expect(isRetryable(await failed(refused))).toBe(true);
    expect(isRetryable(await failed(stubFetch(hang).fetch, { timeout: 5 }))).toBe(true);
    const aborted = AbortSignal.abort();
    expect(isRetryable(await failed(stubFetch(hang).fetch, { signal: aborted }))).toBe(false);
    const rpcError = stubFetch(() =>
      jsonResponse({ jsonrpc: "2.0", id: "1", error: { code: -32005, message: "slow down" } }),
    ).fetch;
    expect(isRetryable(await failed(rpcError))).toBe(false);
    expect(isRetryable(await failed(stubFetch(() => jsonResponse("<html>")).fetch))).toBe(false);
    // A body cut short is retried as a lost connection is.
    expect(isRetryable(await failed(stubFetch(() => jsonResponse('{"id":"1"')).fetch))).toBe(true);
    expect(isRetryable(await failed(refused, { timeout: -1 }))).toBe(false);
    // A 429 of a plan whose credits are used up (its `reason`): no later try helps.
    const limited = { status: 429, ...fields };
    expect(isRetryable(new RateLimitError("m", limited))).toBe(true);
    expect(isRetryable(new RateLimitError("m", { ...limited, reason: "credits-exhausted" }))).toBe(
      false,
    );
    // (Checked by tsc, `npm run lint`: the guard stays sound, its false branch keeps the class.)
    const narrowed = (error: AnyChainDataError) => {
      if (isRetryable(error)) {
        if (error.name === "RateLimitError") error.reason satisfies undefined;
      } else if (error.name === "RateLimitError")
        error.reason satisfies "credits-exhausted" | undefined;
      // @ts-expect-error: a 5xx is retryable, so not in the false branch
      else if (error.name === "InternalServerError") void error;
    };
    void narrowed;
    for (const other of [
      new Error("x"),
      new ChainDataError("x"),
      undefined,
      null,
      "503",
      { status: 503 },
    ])
      expect(isRetryable(other), String(other)).toBe(false);
  });
});

describe("errors: names and guards no other errors test pinned (found by mutation testing)", () => {
  it("each class names itself, as `switch (error.name)` and a printed error read it", () => {
    for (const Class of [
      ValidationError,
      ConfigurationError,
      JsonRpcError,
      ConnectionError,
      TimeoutError,
      AbortError,
      InvalidResponseError,
    ]) {
      const error = new Class("m");
      expect(error.name).toBe(Class.name);
      expect(String(error)).toBe(`${Class.name}: m`);
    }
  });

  it("a status of 499 is an APIError, 500 up an InternalServerError", () => {
    const at499 = makeAPIError("m", { status: 499, ...fields });
    expect(at499.constructor).toBe(APIError);
    expect(makeAPIError("m", { status: 500, ...fields })).toBeInstanceOf(InternalServerError);
  });

  it("isChainDataError: true for a call's errors, false for others", () => {
    expect(isChainDataError(new ConfigurationError("m"))).toBe(true);
    expect(isChainDataError(new Error("m"))).toBe(false);
  });

  it("ofOperation names the call on a refusal that names none, keeps a name given, leaves other errors alone", () => {
    const refused = new ValidationError("params: bad", { issues: [] });
    expect(ofOperation(refused, "getAsset")).toBe(refused);
    expect(refused.operation).toBe("getAsset");
    const named = new ConfigurationError("m", { operation: "getBalance" });
    expect((ofOperation(named, "getAsset") as ConfigurationError).operation).toBe("getBalance");
    const other = new Error("m");
    expect(ofOperation(other, "getAsset")).toBe(other);
    expect(other).not.toHaveProperty("operation");
  });
});
