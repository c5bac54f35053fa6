/**
 * Error paths through the mock's error hooks, for REST and JSON-RPC:
 *   Prefer: code=401 → AuthenticationError, code=403 → PermissionDeniedError,
 *   code=429 (Retry-After: 1) → RateLimitError with retryAfter = 1, retried by the runtime
 *   (maxRetries + 1 requests in the mock log, for a non-idempotent operation too: a 429 is refused
 *   before it is processed), code=503 → InternalServerError (exactly 1 request for a
 *   non-idempotent operation), code=400/404 → BadRequestError / NotFoundError,
 *   X-Mock-JsonRpc-Error: <code> → JsonRpcError with that code (never retried).
 * Retry waits are the mock's Retry-After: 1 (1 s), so the retrying cases use maxRetries: 1.
 */
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ChainDataError,
  InternalServerError,
  JsonRpcError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "@chaindata/core";
import * as das from "@chaindata/das";
import * as sdk from "@chaindata/sdk";
import * as webhooks from "@chaindata/webhooks";
import { describe, expect, it } from "vitest";
import { contracts, contractOf, example } from "./contracts.js";
import { useMock } from "./harness.js";
import { deref, operations, validateAgainst, type Operation } from "./spec.js";

const fail = (p: Promise<unknown>) =>
  p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)?.slice(0, 200)}`);
    },
    (e: unknown) => e as any,
  );

/** One REST and one JSON-RPC operation of each kind the tests need. */
const REST = "getBalances"; // wallet, idempotent GET
const RPC = "getAsset"; // das, idempotent
const REST_WRITE = "createWebhook"; // x-idempotent: false
const RPC_WRITE = "mintCompressedNft"; // x-idempotent: false

describe("errors through the mock", () => {
  const h = useMock("examples");
  const call = (id: string, options: object = {}, clientOptions: object = { maxRetries: 0 }) =>
    contracts[id]!.call(h.clients(clientOptions), example(id), options);

  it("every package exports the same error classes", () => {
    for (const name of [
      "ValidationError",
      "RateLimitError",
      "AuthenticationError",
      "PermissionDeniedError",
      "BadRequestError",
      "JsonRpcError",
      "NotFoundError",
    ] as const) {
      expect((das as any)[name], name).toBe((sdk as any)[name]);
      expect((webhooks as any)[name], name).toBe((sdk as any)[name]);
    }
  });

  describe.each([
    ["REST", REST],
    ["JSON-RPC", RPC],
  ] as const)("%s (%s)", (_kind, id) => {
    it("401 → AuthenticationError, not retried", async () => {
      const e = await fail(call(id, { headers: { prefer: "code=401" } }, { maxRetries: 2 }));
      expect(e).toBeInstanceOf(AuthenticationError);
      expect(e).toBeInstanceOf(APIError);
      expect(e).toBeInstanceOf(ChainDataError);
      expect(e.status).toBe(401);
      expect(e.operation).toBe(id);
      expect(h.requests()).toHaveLength(1);
      if (id === RPC) expect(e.rpcError?.code).toBe(-32001);
      // (The harness's clients are in the local environment, which does not read the variable.)
      expect(e.message).toMatch(/\(check the API key: `apiKey`\)$/);
    });

    it("403 → PermissionDeniedError, not retried", async () => {
      const e = await fail(call(id, { headers: { prefer: "code=403" } }, { maxRetries: 2 }));
      expect(e).toBeInstanceOf(PermissionDeniedError);
      expect(e.status).toBe(403);
      expect(e.message).toContain(id);
      expect(e.message).toMatch(/\(check the API key: `apiKey`\)$/);
      expect(h.requests()).toHaveLength(1);
    });

    it("400 → BadRequestError (JSON-RPC: with the -32602 error object as rpcError)", async () => {
      const e = await fail(call(id, { headers: { prefer: "code=400" } }));
      expect(e).toBeInstanceOf(BadRequestError);
      expect(e.status).toBe(400);
      if (id === RPC) expect(e.rpcError).toMatchObject({ code: -32602 });
    });

    it("429 with Retry-After: 1 → retried maxRetries times, then RateLimitError with retryAfter = 1", async () => {
      const started = Date.now();
      const e = await fail(call(id, { headers: { prefer: "code=429" }, maxRetries: 1 }));
      expect(e).toBeInstanceOf(RateLimitError);
      expect(e.status).toBe(429);
      expect(e.retryAfter).toBe(1);
      const log = h.requests();
      expect(log).toHaveLength(2); // maxRetries + 1
      expect(log.every((r) => r.status === 429)).toBe(true);
      // the runtime waited for Retry-After (1 s, jitter only ever shortens a backoff, not Retry-After)
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      // every attempt sent identical bytes
      expect(new Set(log.map((r) => JSON.stringify(r.body) + JSON.stringify(r.query))).size).toBe(
        1,
      );
    });

    it("maxRetries: 0 → one request, RateLimitError at once", async () => {
      const e = await fail(call(id, { headers: { prefer: "code=429" }, maxRetries: 0 }));
      expect(e).toBeInstanceOf(RateLimitError);
      expect(e.retryAfter).toBe(1);
      expect(h.requests()).toHaveLength(1);
    });
  });

  it("a plan out of credits (code=429, example=error-32429) → RateLimitError reason credits-exhausted, not retried, and an attempt record that says so", async () => {
    // (The spec lists it for the JSON-RPC host's methods, so a service's credits alert can be
    // exercised against the mock: user trial 63, F4.)
    const records: { reason?: string; willRetry: boolean }[] = [];
    const e = await fail(
      call(
        RPC,
        { headers: { prefer: "code=429, example=error-32429" } },
        {
          maxRetries: 2,
          onAttempt: (r: { reason?: string; willRetry: boolean }) => records.push(r),
        },
      ),
    );
    expect(e).toBeInstanceOf(RateLimitError);
    expect([e.status, e.reason]).toEqual([429, "credits-exhausted"]);
    expect(h.requests()).toHaveLength(1);
    expect(records.map((r) => [r.reason, r.willRetry])).toEqual([["credits-exhausted", false]]);
  });

  it("REST 404 → NotFoundError", async () => {
    const e = await fail(call("getWebhook", { headers: { prefer: "code=404" } }));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.status).toBe(404);
  });

  it("REST 500, 503, 504 → InternalServerError whose message is its own status's example, not a 503's", async () => {
    const messages: string[] = [];
    for (const status of [500, 503, 504]) {
      const e = await fail(call(REST, { headers: { prefer: `code=${status}` } }));
      expect(e).toBeInstanceOf(InternalServerError);
      expect(e.status).toBe(status);
      messages.push(e.message);
    }
    expect(messages).toEqual([
      "HTTP 500 Internal Server Error from getBalances: Internal server error.",
      "HTTP 503 Service Unavailable from getBalances: Service unavailable.",
      "HTTP 504 Gateway Timeout from getBalances: Gateway timeout.",
    ]);
  });

  describe.each([
    ["REST", REST_WRITE],
    ["JSON-RPC", RPC_WRITE],
  ] as const)("non-idempotent %s (%s)", (_kind, id) => {
    it("429 → retried as any call (refused before it was processed: no write to repeat), then RateLimitError", async () => {
      const started = Date.now();
      const e = await fail(call(id, { headers: { prefer: "code=429" }, maxRetries: 1 }));
      expect(e).toBeInstanceOf(RateLimitError);
      expect(e.retryAfter).toBe(1);
      expect(h.requests()).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it("503 → InternalServerError after exactly one request, whatever maxRetries says", async () => {
      const e = await fail(call(id, { headers: { prefer: "code=503" } }, { maxRetries: 3 }));
      expect(e).toBeInstanceOf(InternalServerError);
      expect(h.requests()).toHaveLength(1);
    });

    it("retryNonIdempotent: true opts in to the retry of a 503 (maxRetries + 1 requests)", async () => {
      const e = await fail(
        call(id, { headers: { prefer: "code=503" }, retryNonIdempotent: true, maxRetries: 1 }),
      );
      expect(e).toBeInstanceOf(InternalServerError);
      expect(h.requests()).toHaveLength(2);
    });
  });

  describe("JSON-RPC error objects (X-Mock-JsonRpc-Error)", () => {
    it.each(["getAsset", "getCompressedBalanceByOwner", "sendTransaction", "mintCompressedNft"])(
      "%s: -32004 → JsonRpcError with the code, method and id; never retried",
      async (id) => {
        const e = await fail(
          call(id, { headers: { "x-mock-jsonrpc-error": "-32004" }, maxRetries: 2 }),
        );
        expect(e).toBeInstanceOf(JsonRpcError);
        expect(e).not.toBeInstanceOf(APIError);
        expect(e.code).toBe(-32004);
        expect(e.method).toBe(id);
        const log = h.requests();
        expect(log).toHaveLength(1);
        expect(log[0]!.status).toBe(200);
        expect(e.id).toEqual((log[0]!.body as any).id);
        expect(e.message).toContain("-32004");
      },
    );

    it("the method's documented message and data come through (-32000 server error)", async () => {
      const e = await fail(
        call("getAssetBatch", { headers: { "x-mock-jsonrpc-error": "-32000" } }),
      );
      expect(e).toBeInstanceOf(JsonRpcError);
      expect(e.code).toBe(-32000);
      expect(typeof e.rpcMessage).toBe("string");
      expect(e.rpcMessage.length).toBeGreaterThan(0);
    });
  });

  it("errors never carry the API key", async () => {
    const c = h.clients({ apiKey: "sk-contract-secret-123", maxRetries: 0 });
    const errors = [
      await fail(c.das.getAsset(example("getAsset"), { headers: { prefer: "code=401" } })),
      await fail(c.wallet.getBalances(example("getBalances"), { headers: { prefer: "code=429" } })),
      await fail(
        c.das.getAsset(example("getAsset"), { headers: { "x-mock-jsonrpc-error": "-32004" } }),
      ),
    ];
    for (const e of errors) {
      const text = [String(e), e.stack, JSON.stringify(e)].join("\n");
      expect(text).not.toContain("sk-contract-secret-123");
    }
    // …although it was sent (the mock logs a key as ***)
    expect(h.requests().every((r) => r.query["api-key"] === "***")).toBe(true);
  });
});

/**
 * Every documented error of every operation, forced on the mock, through the operation's
 * generated client: REST, each non-2xx response of the operation (`5XX` as 500) with
 * `Prefer: code=<status>`; JSON-RPC, each error code of the method, at the HTTP status the area's
 * x-error-info gives it (`Prefer: code=<status>`), or inside a 200 answer where it gives none or
 * 200 (`X-Mock-JsonRpc-Error: <code>`). The error body the mock sent must match the spec (REST:
 * the response's schema; JSON-RPC: an error object with a documented code), and the client must
 * throw the error class of that status, naming the operation, after exactly one request.
 */
interface ErrorCase {
  op: Operation;
  status: number;
  /** The response key in the spec (`404`, `5XX`); REST only. */
  key?: string;
  /** JSON-RPC: the code asked for (`Prefer: example=error<code>`), one case per documented code. */
  code?: number;
  /** JSON-RPC: forced as an error object in a 200 answer. */
  inBody?: number;
}

/** The JSON-RPC code of a plan whose credits are used up (a RateLimitError not to retry). */
const CREDITS_EXHAUSTED = -32429;

const errorClass = (status: number) =>
  ({
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    429: RateLimitError,
  })[status] ?? (status >= 500 ? InternalServerError : APIError);

function errorCases(op: Operation): ErrorCase[] {
  if (op.kind === "openapi")
    return Object.keys(op.op.responses)
      .filter((key) => !/^2/.test(key))
      .map((key) => ({ op, key, status: key === "5XX" ? 500 : Number(key) }));
  const info = op.doc["x-error-info"] ?? {};
  const codes: number[] = (op.method.errors ?? []).map((e: any) => deref(op.doc, e).code);
  // (One case per code, not per status: two codes of one status (429's -32029 rate limit and
  // -32429 credits used up) map to different errors; a case per status met only the first.)
  return codes.map((code): ErrorCase => {
    const status: number | undefined = info[String(code)]?.httpStatus;
    return status === undefined || status === 200
      ? { op, status: 200, inBody: code }
      : { op, status, code };
  });
}

describe("every documented error of every operation, through its client", () => {
  const h = useMock("examples");
  const cases = operations.flatMap(errorCases);

  it("every operation documents at least one server-side error", () => {
    for (const op of operations)
      expect(errorCases(op).length, `${op.id} documents no error`).toBeGreaterThan(0);
  });

  it.each(
    cases.map(
      (c) =>
        [
          `${c.op.area} ${c.op.id}: ${c.inBody !== undefined ? `${c.inBody} in a 200 answer` : c.code !== undefined ? `${c.code} at ${c.status}` : c.status}`,
          c,
        ] as const,
    ),
  )("%s", async (_label, c) => {
    const { op } = c;
    const headers: Record<string, string> =
      c.inBody !== undefined
        ? { "x-mock-jsonrpc-error": String(c.inBody) }
        : { prefer: `code=${c.status}${c.code === undefined ? "" : `, example=error${c.code}`}` };
    const e = await fail(
      contractOf(op.id).call(h.clients({ maxRetries: 0 }), structuredClone(op.input), {
        headers,
      }),
    );

    // one request, answered with the forced status and nothing wrong with it
    const log = h.requests();
    expect(log, JSON.stringify(log)).toHaveLength(1);
    expect(log[0]!.status).toBe(c.status);
    expect(log[0]!.violations, JSON.stringify(log[0]!.violations)).toEqual([]);
    const { text } = h.exchanges[0]!;

    if (c.inBody !== undefined) {
      expect(e).toBeInstanceOf(JsonRpcError);
      expect(e).toMatchObject({ code: c.inBody, method: op.id, status: 200 });
      return;
    }
    expect(e).toBeInstanceOf(errorClass(c.status));
    expect(e).toMatchObject({ status: c.status, operation: op.id });
    if (op.kind === "openrpc") {
      // the JSON-RPC error object of the documented code asked for, and the error it means
      const body = JSON.parse(text);
      expect(body).toMatchObject({ jsonrpc: "2.0", error: { code: c.code } });
      expect(e.rpcError?.code).toBe(c.code);
      expect(e.reason).toBe(c.code === CREDITS_EXHAUSTED ? "credits-exhausted" : undefined);
    } else {
      // the body matches the schema of the spec's response for that status
      const response = deref(op.doc, op.op.responses[c.key!]);
      const [type, media] = Object.entries<any>(response.content ?? {})[0] ?? [];
      if (media?.schema) {
        const value = type === "application/json" ? JSON.parse(text) : text;
        expect(validateAgainst(op, media.schema, value), text).toEqual([]);
      }
    }
  });
});
