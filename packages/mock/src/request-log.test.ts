import { describe, expect, it } from "vitest";
import { beginEntry, type RequestLogEntry } from "./request-log.js";

describe("request log entries", () => {
  it("hold no credential: the api-key query, X-Api-Key and Authorization headers, nor a credential-named body member (a webhook's authHeader)", () => {
    const recorded: Omit<RequestLogEntry, "seq">[] = [];
    const body = {
      webhookURL: "https://hooks.example/in",
      authHeader: "Bearer hook-s3cret",
      nested: [{ "x-api-key": "nested-s3cret", amount: 2n ** 64n }],
      authorization: null,
    };
    beginEntry(
      {
        started: Date.now(),
        method: "POST",
        path: "/v0/webhooks",
        query: { "api-key": "query-s3cret", limit: "1" },
        headers: { authorization: "Bearer header-s3cret", "x-api-key": "x-s3cret", accept: "*/*" },
        text: JSON.stringify({ ...body, nested: [] }),
      },
      (entry) => recorded.push(entry),
    )({ kind: "rest", areas: ["webhooks"], status: 201, violations: [], body });
    const [entry] = recorded;
    expect(JSON.stringify(entry, (_, v) => (typeof v === "bigint" ? String(v) : v))).not.toMatch(
      /s3cret/,
    );
    expect(entry).toMatchObject({
      query: { "api-key": "***", limit: "1" },
      headers: { authorization: "***", "x-api-key": "***", accept: "*/*" },
      body: {
        webhookURL: "https://hooks.example/in",
        authHeader: "***",
        nested: [{ "x-api-key": "***", amount: 2n ** 64n }],
        authorization: null,
      },
    });
    // The caller's body is not changed.
    expect(body.authHeader).toBe("Bearer hook-s3cret");
  });
});
