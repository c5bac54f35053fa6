// The standalone form, `getTokenMetadata(createTokenMetadataRest(options), params)`: the request
// the client's method sends, the deprecation warning (through the options' logger, as the
// client's), and a ConfigurationError naming the factory for anything else given first.
import { describe, expect, it, vi } from "vitest";
import {
  ConfigurationError,
  createTokenMetadataClient,
  createTokenMetadataRest,
  getTokenMetadata,
} from "./index.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const MINT = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

const stub = () => recordingFetch(() => [{ account: MINT }]);

describe("token-metadata standalone functions", () => {
  it("warn that the operation is deprecated, then send the client method's request", async () => {
    const viaClient = stub();
    const viaFunction = stub();
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn(), error: vi.fn() };
    const rest = createTokenMetadataRest({ apiKey: KEY, fetch: viaFunction.fetch, logger });
    // (First in this file: the warning is once per process.)
    const params = { mintAccounts: [MINT] };
    const result = await getTokenMetadata(rest, params);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^getTokenMetadata is deprecated: /),
      expect.objectContaining({ operation: "getTokenMetadata" }),
    );
    const client = createTokenMetadataClient({ apiKey: KEY, fetch: viaClient.fetch });
    expect(await client.getTokenMetadata(params)).toEqual(result);
    const sent = await Promise.all(viaFunction.requests.map(wire));
    expect(sent).toEqual(await Promise.all(viaClient.requests.map(wire)));
    expect(sent[0]!.method).toBe("POST");
    expect(JSON.parse(sent[0]!.body)).toEqual(params);
  });

  it("reject anything else given first with a ConfigurationError naming the factory, nothing sent", async () => {
    const { fetch, requests } = stub();
    const any = getTokenMetadata as (...args: unknown[]) => Promise<unknown>;
    const error = await any({ mintAccounts: [MINT] }, { apiKey: KEY, fetch }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      "getTokenMetadata: the first argument must be the result of createTokenMetadataRest() (got object)",
    );
    expect(requests).toEqual([]);
  });
});
