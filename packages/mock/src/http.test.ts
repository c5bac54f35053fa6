/**
 * The `sl-violations` header: written only as far as it is kept, it must still be the start of
 * the whole list as JSON (non-ASCII as "?"), cut at 8,000 characters with "...". And how a body
 * is written: as its text when a string of a non-JSON type (the sender's `GET /ping`), else JSON.
 */
import { describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { addViolationHeader, sendBody } from "./http.js";
import type { Violation } from "./prism.js";

/** What the header was before it stopped early: the whole list, then cut. */
function wholeListCut(violations: Violation[]): string {
  const value = JSON.stringify(violations).replace(/[^\x20-\x7e]/g, "?");
  return value.length > 8000 ? `${value.slice(0, 8000)}...` : value;
}

const violation = (i: number, message = `must be string (${i})`): Violation => ({
  location: ["request", "body", "params", "ids", String(i)],
  message,
  code: "type",
  severity: "error",
});

describe("addViolationHeader", () => {
  it("is the whole list as JSON, or its first 8,000 characters and '...'", () => {
    const lists: Violation[][] = [
      [violation(0)],
      Array.from({ length: 10 }, (_, i) => violation(i, `not ASCII: é ☃ 😀 ${i}`)),
      Array.from({ length: 200_000 }, (_, i) => violation(i)),
    ];
    // Lists whose JSON is 7,999 to 8,002 characters long (the last message fills up): the cut.
    for (let length = 7_999; length <= 8_002; length++) {
      for (const size of [1, 50]) {
        const list = Array.from({ length: size }, (_, i) => violation(i, ""));
        const fill = length - JSON.stringify(list).length;
        list[size - 1] = violation(size - 1, "x".repeat(fill));
        expect(JSON.stringify(list)).toHaveLength(length);
        lists.push(list);
      }
    }
    for (const list of lists) {
      const headers: Record<string, string> = {};
      addViolationHeader(headers, list);
      expect(headers["sl-violations"]).toBe(wholeListCut(list));
      expect(headers["sl-violations"]!.length).toBeLessThanOrEqual(8003);
    }
    // The first violations of more (`omitted`): an open list, whatever its length.
    const first = [violation(0), violation(1)];
    const cut: Record<string, string> = {};
    addViolationHeader(cut, first, 5);
    expect(cut["sl-violations"]).toBe(`${JSON.stringify(first).slice(0, -1)},...`);
    const long = Array.from({ length: 100 }, (_, i) => violation(i));
    addViolationHeader(cut, long, 5);
    expect(cut["sl-violations"]).toBe(wholeListCut(long));
    const none: Record<string, string> = {};
    addViolationHeader(none, []);
    expect(none).toEqual({});
  });
});

describe("sendBody", () => {
  /** What `sendBody` wrote: the status, the headers and the body text. */
  const written = (headers: Record<string, string>, body: unknown) => {
    const out = { status: 0, headers: {} as Record<string, string>, text: "" };
    const res = {
      headersSent: false,
      writeHead(status: number, h: Record<string, string>) {
        Object.assign(out, { status, headers: h });
      },
      end(text?: string) {
        out.text = text ?? "";
      },
    };
    sendBody(res as unknown as ServerResponse, 200, headers, body);
    return out;
  };

  it("writes a string of a non-JSON type as it is, anything else as JSON; Content-Length in bytes", () => {
    expect(written({ "Content-Type": "text/plain" }, "ok")).toEqual({
      status: 200,
      headers: { "content-type": "text/plain", "content-length": "2" },
      text: "ok",
    });
    expect(written({}, { name: "é ☃" })).toEqual({
      status: 200,
      headers: { "content-type": "application/json", "content-length": "17" }, // (14 characters)
      text: '{"name":"é ☃"}',
    });
    expect(written({ "content-type": "application/json" }, "ok").text).toBe('"ok"');
  });
});
