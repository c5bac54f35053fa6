/** A host's own rules for its `baseUrls` URL (host-url.ts), as the sender's are generated. */
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "./errors.js";
import { senderHost } from "./generated/environments.js";
import { createHttp } from "./http.js";
import { hostUrlFault } from "./host-url.js";

describe("hostUrlFault", () => {
  const fault = hostUrlFault("sender", ["slc"], ["/fast", "/ping"]);

  it("names the constant of a region given for the URL, and refuses a path the client adds", () => {
    expect(fault("slc")).toBe(
      'must start with http:// or https:// (got "slc", a region: use senderRegions.slc)',
    );
    expect(fault("https://sender.example/fast")).toBe(
      "must not end with /fast (the client adds it)",
    );
    expect(fault("https://sender.example/ping/")).toBe(
      "must not end with /ping (the client adds it)",
    );
    expect(fault("https://sender.example")).toBe("");
  });

  it("lists the regions for another short word given for the URL, such as helius-sdk's region names; quotes no longer word, nor one with digits", () => {
    const regions = hostUrlFault("sender", ["global", "slc"], ["/fast"]);
    expect(regions("US_SLC")).toBe(
      'must start with http:// or https:// (got "US_SLC", not a region of senderRegions: global, slc)',
    );
    expect(regions("Default")).toBe(
      'must start with http:// or https:// (got "Default", not a region of senderRegions: global, slc)',
    );
    // (From one letter to 16; a region's name in capitals is no region's constant.)
    for (const word of ["x", "SLC", "a".repeat(16)])
      expect(regions(word)).toBe(
        `must start with http:// or https:// (got "${word}", not a region of senderRegions: global, slc)`,
      );
    for (const url of ["a".repeat(17), "abc123", "sender.example", "https://sender.example", ""])
      expect(regions(url)).toBe("");
    expect(hostUrlFault("wallet", [], ["/v1"])("US_SLC")).toBe("");
    expect(() => createHttp({ baseUrls: { sender: "EU_WEST" } }, senderHost)).toThrow(
      new ConfigurationError(
        'baseUrls.sender: must start with http:// or https:// (got "EU_WEST", not a region of senderRegions: global, slc, ewr, lon, fra, ams, sg, tyo)',
      ),
    );
  });

  it("reads the path after every trailing slash, as the base URL is used (found by mutation testing, review 57)", () => {
    expect(fault("https://sender.example/fast//")).toBe(
      "must not end with /fast (the client adds it)",
    );
  });

  it("reads the path after trailing white space too, as the base URL is used (review 71, F1)", () => {
    expect(fault("https://sender.example/fast\n")).toBe(
      "must not end with /fast (the client adds it)",
    );
  });

  it("passes a value that is no string to the general rules, without a TypeError (found by mutation testing, review 57)", () => {
    for (const url of [5, null, new URL("https://sender.example/fast")])
      expect(fault(url)).toBe("");
    expect(() => createHttp({ baseUrls: { sender: 5 as never } }, senderHost)).toThrow(
      new ConfigurationError("baseUrls.sender: must start with http:// or https:// (got 5)"),
    );
  });
});
