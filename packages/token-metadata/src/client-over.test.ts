// `tokenMetadataClientOver(rest)` (generated/members.ts), the client's members over a rest of the
// package's own: its deprecated operation warns through that rest's logger before it is sent, as
// the client's member and the standalone function do (its members send their requests themselves).
import { describe, expect, it, vi } from "vitest";
import { createTokenMetadataClient, createTokenMetadataRest } from "./index.js";
import { tokenMetadataClientOver } from "./generated/members.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const MINT = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

const stub = () => recordingFetch(() => [{ account: MINT }]);

describe("tokenMetadataClientOver", () => {
  it("warns that getTokenMetadata is deprecated, then sends the client's request", async () => {
    const viaOver = stub();
    const viaClient = stub();
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn(), error: vi.fn() };
    const rest = createTokenMetadataRest({ apiKey: KEY, fetch: viaOver.fetch, logger });
    // (First in this file: the warning is once per process.)
    const params = { mintAccounts: [MINT] };
    const result = await tokenMetadataClientOver(rest).getTokenMetadata(params);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^getTokenMetadata is deprecated: /),
      expect.objectContaining({ operation: "getTokenMetadata" }),
    );
    const client = createTokenMetadataClient({ apiKey: KEY, fetch: viaClient.fetch });
    expect(await client.getTokenMetadata(params)).toEqual(result);
    const sent = await Promise.all(viaOver.requests.map(wire));
    expect(sent).toEqual(await Promise.all(viaClient.requests.map(wire)));
    expect(sent).toHaveLength(1);
  });
});
