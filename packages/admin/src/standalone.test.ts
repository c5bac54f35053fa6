// The standalone form, `getProjectUsage(createAdminRest(options), params)`: the request the
// client's method sends (the key in X-Api-Key), and a ConfigurationError naming the factory for
// anything else given first, nothing sent.
import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  createAdminClient,
  createAdminRest,
  getProjectUsage,
} from "./index.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const ID = "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63";

const stub = () => recordingFetch(() => ({ creditsRemaining: 10 }));

describe("admin standalone functions", () => {
  it("send the client method's request and resolve with its result", async () => {
    const viaClient = stub();
    const viaFunction = stub();
    const client = createAdminClient({ apiKey: KEY, fetch: viaClient.fetch });
    const rest = createAdminRest({ apiKey: KEY, fetch: viaFunction.fetch });
    expect(await getProjectUsage(rest, { id: ID })).toEqual(
      await client.getProjectUsage({ id: ID }),
    );
    expect(await Promise.all(viaFunction.requests.map(wire))).toEqual(
      await Promise.all(viaClient.requests.map(wire)),
    );
    expect(new URL(viaFunction.requests[0]!.url).pathname).toBe(`/v0/admin/projects/${ID}/usage`);
    expect(viaFunction.requests[0]!.headers.get("x-api-key")).toBe(KEY);
  });

  it("reject anything else given first with a ConfigurationError naming the factory, nothing sent", async () => {
    const { fetch, requests } = stub();
    const any = getProjectUsage as (...args: unknown[]) => Promise<unknown>;
    const error = await any(createAdminClient({ apiKey: KEY, fetch }), { id: ID }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      "getProjectUsage: the first argument must be the result of createAdminRest() (got a client: call client.getProjectUsage(...) instead)",
    );
    expect(requests).toEqual([]);
  });
});
