import { describe, expect, it } from "vitest";
import { keyInHeader, keyInQuery } from "./auth.js";
import { ConfigurationError } from "./errors.js";

describe("keyInQuery", () => {
  it("appends the key URL-encoded, so &, +, = and spaces reach the server intact", () => {
    const key = "a&b+c=d e%";
    const url = keyInQuery("api-key")("https://h.example/x?a=1", {}, key);
    expect(url).toBe(`https://h.example/x?a=1&api-key=${encodeURIComponent(key)}`);
    expect(new URL(url).searchParams.get("api-key")).toBe(key);
  });
});

describe("keyInHeader", () => {
  it("stores the header under its lower-case name, replacing any value there", () => {
    const headers: Record<string, string> = { "x-api-key": "stale" };
    expect(keyInHeader("X-Api-Key")("https://h.example/x", headers, "k")).toBe(
      "https://h.example/x",
    );
    expect(headers).toEqual({ "x-api-key": "k" });
  });

  it("throws a ConfigurationError that does not quote a key that is no valid header value", () => {
    const place = () => keyInHeader("X-Api-Key")("https://h.example/x", {}, "bad\nkey");
    expect(place).toThrow(ConfigurationError);
    expect(place).not.toThrow("bad");
  });
});
