import { describe, expect, it, vi } from "vitest";
import { backoff, parseRetryAfter, retryableStatus } from "./retry.js";

describe("backoff", () => {
  it("doubles from 0.5 s to a cap of 8 s, less up to 25 % jitter", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 10].map(backoff)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    vi.spyOn(Math, "random").mockReturnValue(0.999999);
    expect([1, 5].map(backoff)).toEqual([375, 6000]);
  });
});

describe("retryableStatus", () => {
  it("is true for 408, 429 and 500–599 only (499, a client's own closed request, is not a 5xx)", () => {
    const retried: number[] = [];
    for (let status = 100; status < 600; status++)
      if (retryableStatus(status)) retried.push(status);
    expect(retried).toEqual([408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)]);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const h = (headers: Record<string, string>) => parseRetryAfter(new Headers(headers), now);

  it("reads delta-seconds, HTTP-dates and retry-after-ms, in ms", () => {
    expect(h({ "retry-after": "3" })).toBe(3000);
    expect(h({ "retry-after": "1.5" })).toBe(1500);
    expect(h({ "retry-after": "Wed, 01 Jan 2025 12:00:10 GMT" })).toBe(10_000);
    expect(h({ "retry-after": "Wed, 01 Jan 2025 11:00:00 GMT" })).toBe(0); // in the past
    expect(h({ "retry-after-ms": "250", "retry-after": "9" })).toBe(250);
  });

  it("is undefined when absent or garbage", () => {
    // "retry in 10" and "now+5" are dates to Date.parse (in 2001); they must not mean "retry now".
    for (const value of ["", "soon", "-1", "12:00", "NaN", "retry in 10", "now+5", "30s"])
      expect(h({ "retry-after": value }), value).toBeUndefined();
    expect(h({})).toBeUndefined();
    expect(h({ "retry-after-ms": "x" })).toBeUndefined();
  });
});
