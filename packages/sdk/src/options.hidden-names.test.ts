// Which unknown names createChainDataClient's message shows: a name of up to 24 characters is
// quoted (and gets the nearest listed name), a longer one or one holding a key given is not.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChainDataClient } from "./index.js";

beforeEach(() => vi.stubEnv("CHAINDATA_API_KEY", ""));
afterEach(() => vi.unstubAllEnvs());

const messageOf = (options: Record<string, unknown>) => {
  try {
    createChainDataClient(options);
  } catch (e) {
    return (e as Error).message;
  }
};

describe("createChainDataClient's unknown names", () => {
  it("quotes a name of 24 characters, and hides one of 25 (longer than any option or area name)", () => {
    const name24 = "timeoutInMillisecondsXYZ";
    expect(name24).toHaveLength(24);
    expect(messageOf({ [name24]: 1 })).toMatch(/^timeoutInMillisecondsXYZ: is not a client option/);
    expect(messageOf({ [name24 + "W"]: 1 })).toMatch(
      /^<a name of 25 characters>: is not a client option \([^)]*\)$/,
    );
  });

  it("hides a short name that holds a key given, not only one that is the key", () => {
    expect(messageOf({ apiKey: "abcdefgh", xabcdefgh: 1 })).toMatch(
      /^<a name of 9 characters>: is not a client option/,
    );
    expect(messageOf({ areas: { das: { apiKey: "abcdefgh", abcdefghx: 1 } } })).toMatch(
      /^areas\.das\.<a name of 9 characters>: is not a client option/,
    );
    // Any key given hides a name, at any level: an area's own key hides a top-level name too.
    expect(messageOf({ areas: { das: { apiKey: "k3y-of-das" } }, "xk3y-of-das": 1 })).toMatch(
      /^<a name of 11 characters>: is not a client option \([^)]*\)$/,
    );
    // A name holding no key is shown.
    expect(messageOf({ apiKey: "abcdefgh", abcdefgx: 1 })).toMatch(/^abcdefgx: /);
  });
});
