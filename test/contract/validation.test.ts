/**
 * Bad input, for every operation that takes any: the generated client rejects it with a
 * ValidationError naming the field and the rule, and the mock's request log shows that nothing
 * was sent. Then the same request, put on the wire by hand, is sent straight to the mock: the
 * spec rejects it too (the violations, with HTTP 400, or for JSON-RPC the status the area's
 * x-error-info gives -32602: 200 on compression), by the same keyword at the same place (or the
 * one the wire form of the input breaks: mockViolation), so the client's checks agree with the
 * spec's bound by bound.
 */
import { ValidationError as CoreValidationError } from "@chaindata/core";
import { ValidationError as DasValidationError } from "@chaindata/das";
import { ValidationError as WalletValidationError } from "@chaindata/wallet";
import type { RequestLogEntry } from "@chaindata/mock";
import { describe, expect, it } from "vitest";
import {
  boundCases,
  boundPlaces,
  closedObjects,
  FORMAT_BREAKERS,
  UNKNOWN_MEMBER,
} from "./bounds.js";
import { contractOf, contracts } from "./contracts.js";
import { useMock } from "./harness.js";
import { mockViolation, operationById, operations, rawRequest, type Operation } from "./spec.js";

/**
 * Bound cases the mock cannot refuse when sent raw: [operation, path, rule, why] (none now; the
 * mock refuses an empty query value itself, where Prism reads it as no value).
 */
const MOCK_TAKES: Array<[string, string, string, string]> = [];

/** The request violations of a mock log entry, as keyword and dotted place. */
const reported = (entry: RequestLogEntry) =>
  entry.violations
    .filter((x) => x.location[0] === "request")
    .map((x) => ({ rule: x.code, location: x.location.join(".") }));

/**
 * The violation the mock must report for a case the client refuses: the client's keyword at the
 * same place (through the wire's form: mockViolation), or the case's `mockRule` there.
 */
const expected = (
  op: Operation,
  bad: { input: any; path: string; rule: string; mockRule?: string },
) => ({
  // prettier-ignore
  ...mockViolation(op, bad.input, bad.path, bad.rule),
  ...(bad.mockRule && { rule: bad.mockRule }),
});

/**
 * The JSON-RPC error code the mock answers a case with: -32602, or for a rule the service's method
 * checks after the params parse, the one its param's `x-refused-with` names (compression's count of
 * addresses or filters, a filter without `memcmp`: -32000); and the HTTP status the area's
 * x-error-info gives that code.
 */
function answered(op: Operation, bad: { path: string; rule: string }) {
  const params: any[] = op.method?.params ?? [];
  // (A `required` case names the member left out: the keyword stands at the object without it.)
  const at = bad.rule === "required" ? bad.path.replace(/(\.\w+|\[\d+\])$/, "") : bad.path;
  const [, name, entries = ""] = /^params(?:\.(\w+))?((?:\[\d+\])*)$/.exec(at) ?? [];
  const param = op.wire === "array" && name === undefined ? params[0] : params.find((p) => p.name === name); // prettier-ignore
  const key = "items/".repeat(entries.split("[").length - 1) + bad.rule;
  const code: number = param?.["x-refused-with"]?.[key]?.code ?? -32602;
  return { code, status: op.doc["x-error-info"]?.[String(code)]?.httpStatus ?? 400 };
}

const cases = Object.entries(contracts).flatMap(([id, c]) =>
  c.invalid.map((bad) => [`${c.area} ${id}: ${bad.what}`, id, bad] as const),
);

describe("invalid input is rejected before anything is sent", () => {
  const h = useMock("examples");

  it("the error classes are the same object through every package", () => {
    expect(DasValidationError).toBe(CoreValidationError);
    expect(WalletValidationError).toBe(CoreValidationError);
  });

  it.each(cases)("%s", async (_label, id, bad) => {
    const contract = contracts[id]!;
    const error = await contract.call(h.clients(), bad.input).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CoreValidationError);
    const v = error as CoreValidationError;
    expect(v.issues.map((i) => `${i.path} ${i.rule}`)).toContain(`${bad.path} ${bad.rule}`);
    // the message names the field (its last segment) and the issue text
    const field = bad.path
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop()!;
    expect(v.message).toContain(field);
    // nothing reached the mock (and the client's fetch was never called)
    expect(h.requests()).toEqual([]);
    expect(h.exchanges).toEqual([]);

    if (bad.mockRejects === false) return;
    const op = operationById.get(id)!;
    const reply = await h.raw(rawRequest(op, bad.input));
    const { code, status } = op.kind === "openrpc" ? answered(op, bad) : { code: 0, status: 400 };
    expect(reply.status, reply.text.slice(0, 300)).toBe(status);
    if (op.area === "compression") expect(status).toBe(200); // method errors inside a 200 body
    const [entry] = h.requests();
    expect(entry!.violations.length, "the mock lists what is wrong").toBeGreaterThan(0);
    expect(reported(entry!), "the mock refuses it by the same keyword, at the same place").toContainEqual(expected(op, bad)); // prettier-ignore
    if (op.kind === "openrpc") {
      expect(reply.body.error.code).toBe(code);
      // (-32602 lists the violations; a refusal the method makes is its text alone.)
      if (code === -32602)
        expect(Array.isArray(reply.body.error.data) && reply.body.error.data.length).toBeTruthy();
    } else {
      expect(Array.isArray(reply.body.violations) && reply.body.violations.length).toBeTruthy();
    }
  });

  it("several problems are all reported, the message shows the first ones", async () => {
    const error = await h
      .clients()
      .das.getAssetsByOwner({ ownerAddress: "0OIl", page: 0, limit: 5000 } as any)
      .catch((e: unknown) => e as CoreValidationError);
    expect(error).toBeInstanceOf(CoreValidationError);
    expect((error as CoreValidationError).issues.map((i) => i.rule).sort()).toEqual([
      "maximum",
      "minimum",
      "pattern",
    ]);
    expect(h.requests()).toEqual([]);
  });

  it("a valid call through the same client still goes out (the rejections did not poison it)", async () => {
    const c = h.clients();
    await expect(c.das.getAsset({ id: "bad" } as any)).rejects.toBeInstanceOf(CoreValidationError);
    await c.das.getAsset({ id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5" });
    expect(h.requests()).toHaveLength(1);
  });
});

/**
 * Every bound of every operation's request (bounds.ts, read from the spec): the client refuses a
 * value just past it, naming the field and the rule, and sends nothing; the same request put on
 * the wire by hand is refused by the mock too, except where MOCK_TAKES or the case's `mockTakes`
 * says why it cannot be (then the mock must take it, so neither goes stale). Among the bounds: an
 * unknown member of each closed object, a format's text through the pattern beside it (the mock
 * refuses by the format itself: `mockRule`), an unsigned or malformed `x-solana-transaction`.
 */
const boundCaseList = operations.flatMap((op) =>
  boundCases(op).cases.map((c) => [`${op.area} ${op.id}: ${c.what}`, op, c] as const),
);

describe("every bound of every request, just past it", () => {
  const h = useMock("examples");

  it("each operation with input has its bounds' cases, and none is out of reach", () => {
    for (const op of operations)
      if (!op.noInput) expect(boundCases(op).cases.length, op.id).toBeGreaterThan(0);
    expect(operations.flatMap((op) => boundCases(op).unreached)).toEqual([]);
    // Every bound the spec states has its case, or is named unreached (the walk follows examples:
    // a member no example holds, such as an optional display option, was once left out silently).
    for (const op of operations) {
      const { cases, unreached } = boundCases(op);
      const made = new Set(cases.map((c) => `${c.path} ${c.rule}`));
      const missing = boundPlaces(op).filter((place) => !made.has(place) && !unreached.some((u) => u === `${op.id} ${place}` || u.startsWith(`${op.id} ${place} `))); // prettier-ignore
      expect(missing, `${op.id}: bounds without a case`).toEqual([]);
    }
    // Every object the spec closes has its unknown-member case (the walk above follows examples).
    for (const op of operations) {
      const paths = boundCases(op).cases.filter((c) => c.rule === "additionalProperties").map((c) => c.path); // prettier-ignore
      for (const at of closedObjects(op)) expect(paths, `${op.id} ${at}`).toContain(`${at}.${UNKNOWN_MEMBER}`); // prettier-ignore
    }
    // (No text for a format no request has: each entry of FORMAT_BREAKERS makes cases.)
    for (const format of Object.keys(FORMAT_BREAKERS))
      expect(boundCaseList.some(([, , c]) => c.what.endsWith(`(not format ${format})`)), format).toBe(true); // prettier-ignore
  });

  it.each(boundCaseList)("%s", async (_label, op, bad) => {
    const error = await contractOf(op.id)
      .call(h.clients(), bad.input)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error, "the client refuses it").toBeInstanceOf(CoreValidationError);
    const issues = (error as CoreValidationError).issues.map((i) => `${i.path} ${i.rule}`);
    expect(issues).toContain(`${bad.path} ${bad.rule}`);
    expect((error as CoreValidationError).message, "the message names the field").toContain(
      bad.path
        .split(/[.[\]]/)
        .filter(Boolean)
        .pop()!,
    );
    expect(h.requests()).toEqual([]);

    const takes =
      MOCK_TAKES.find(
        ([id, path, rule]) => id === op.id && path === bad.path && rule === bad.rule,
      ) ??
      (bad.mockTakes && [op.id, bad.path, bad.rule, bad.mockTakes]);
    const reply = await h.raw(rawRequest(op, bad.input));
    const [entry] = h.requests();
    const refused = entry!.violations.some((x) => x.location[0] === "request");
    expect(refused, `${takes ? `MOCK_TAKES says the mock takes it (${takes[3]}), but it refused` : "the mock refuses it"}: ${reply.status} ${reply.text.slice(0, 200)}`).toBe(!takes); // prettier-ignore
    // (A bodiless REST call's unknown member did reach the mock, in the query: it takes it.)
    if (op.kind === "openapi" && !op.op.requestBody && bad.path === `params.${UNKNOWN_MEMBER}`)
      expect(entry!.query).toHaveProperty(UNKNOWN_MEMBER);
    if (takes) return;
    // (The client's keyword, or for the kinds of case whose wire form differs, the mock's own:
    // the two checks agree bound by bound, not merely on refusing.)
    expect(reported(entry!), "the mock refuses it by the same keyword, at the same place").toContainEqual(expected(op, bad)); // prettier-ignore
    const { code, status } = op.kind === "openrpc" ? answered(op, bad) : { code: 0, status: 400 };
    expect(reply.status).toBe(status);
    if (op.kind === "openrpc") expect(reply.body.error.code).toBe(code);
  });
});
