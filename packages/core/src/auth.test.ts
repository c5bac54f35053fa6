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
  it("stores the header under its lower-case name (the same value set by hand too)", () => {
    const headers: Record<string, string> = { "x-api-key": "k" };
    expect(keyInHeader("X-Api-Key")("https://h.example/x", headers, "k")).toBe(
      "https://h.example/x",
    );
    expect(headers).toEqual({ "x-api-key": "k" });
    const none: Record<string, string> = {};
    keyInHeader("X-Api-Key")("https://h.example/x", none, "k");
    expect(none).toEqual({ "x-api-key": "k" });
  });

  it("refuses another key set by hand in the headers, naming the header and not quoting either key", () => {
    const place = () =>
      keyInHeader("X-Api-Key")("https://h.example/x", { "x-api-key": "other-key" }, "k");
    expect(place).toThrow(ConfigurationError);
    expect(place).toThrow(
      "headers.x-api-key: the key is sent from the client's apiKey, and this header holds another (create a client with that key)",
    );
    expect(place).not.toThrow("other-key");
  });

  it("throws a ConfigurationError that does not quote a key that is no valid header value", () => {
    const place = () => keyInHeader("X-Api-Key")("https://h.example/x", {}, "bad\nkey");
    expect(place).toThrow(ConfigurationError);
    expect(place).not.toThrow("bad");
    // (Its message names the header; mutation testing, review 57, found it unread.)
    expect(place).toThrow("The API key is not a valid X-Api-Key header value");
  });
});
