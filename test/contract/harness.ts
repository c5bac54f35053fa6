/**
 * One mock per test file (port 0) and the generated clients pointed at it with
 * `environment: 'local'` and `baseUrls` for every host. A `fetch` wrapper passed to the clients
 * records the raw text of every response, since the clients revive u64 fields to `bigint` and
 * the response schema must be checked against what the mock actually sent.
 */
import { startMock, type MockMode, type MockServer, type RequestLogEntry } from "@chaindata/mock";
import type { ClientOptions } from "@chaindata/core";
import { createAdminClient } from "@chaindata/admin";
import { createCompressionClient } from "@chaindata/compression";
import { createDasClient } from "@chaindata/das";
import { createMintClient } from "@chaindata/mint";
import { createSenderClient } from "@chaindata/sender";
import { createTokenMetadataClient } from "@chaindata/token-metadata";
import { createWalletClient } from "@chaindata/wallet";
import { createWebhooksClient } from "@chaindata/webhooks";
import { stringifyJson } from "@chaindata/core";
import { afterAll, beforeAll, beforeEach } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { index } from "../spec/documents.js";
import type { RawRequest } from "./spec.js";

export const API_KEY = "test";

/** One HTTP exchange as the client's `fetch` saw it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The response body exactly as sent. */
  text: string;
}

/** Every area of the spec (spec/dist/index.json), which `makeClients` must hold a client of. */
const specAreas: string[] = [...new Set<string>(index.areas.map((a: { area: string }) => a.area))];

export function makeClients(options: ClientOptions) {
  // (The areas that cannot batch refuse a batcher, as the sdk's per-area options do.)
  const { batch: _batch, ...single } = options;
  const clients = {
    das: createDasClient(options),
    compression: createCompressionClient(options),
    sender: createSenderClient(single),
    mint: createMintClient(options),
    wallet: createWalletClient(single),
    admin: createAdminClient(single),
    webhooks: createWebhooksClient(single),
    "token-metadata": createTokenMetadataClient(single),
  };
  // (Written by hand, so that the contracts are checked against each package's own client type: a
  // spec area missing here fails each suite once with the line to add, checkHarness below.)
  const missing = specAreas.filter((area) => !(area in clients));
  if (missing.length)
    throw new Error(
      `test/contract/harness.ts: \`makeClients\` has no client for the spec area ${missing.join(", ")}: add ${missing
        .map(
          (area) =>
            `\`"${area}": create${pascal(area)}Client(single)\` (imported from "@chaindata/${area}"; \`options\` for a JSON-RPC area that batches)`,
        )
        .join(", ")}`,
    );
  return clients;
}
export type Clients = ReturnType<typeof makeClients>;

/**
 * Throws `makeClients`'s error (the line to add) when it lacks a client of a spec area. `useMock`
 * calls it in its `beforeAll` (and the suites that start their own mock, in theirs): vitest then
 * reports the one failure per suite and runs none of its tests, instead of failing each of them
 * (about 400 in test/contract, user trial 25) with the same message over the real failures.
 */
export function checkHarness(): void {
  // (Made and dropped, sending nothing: `local` has a URL for every host.)
  makeClients({ environment: "local", apiKey: API_KEY });
}

export interface Harness {
  readonly mock: MockServer;
  /** Every response the clients received since the last reset, oldest first. */
  readonly exchanges: Exchange[];
  /** The mock's request log. */
  requests(): RequestLogEntry[];
  /** Clients for every area, with `extra` options on top of the defaults. */
  clients(extra?: Partial<ClientOptions>): Clients;
  /** The client options used (baseUrls for every host = the mock, the recording fetch). */
  options(extra?: Partial<ClientOptions>): ClientOptions;
  /** The recording `fetch` the clients use (wrap it to steer the mock per request). */
  readonly fetch: typeof fetch;
  /** Sends a request straight to the mock, bypassing the clients. */
  raw(
    request: RawRequest,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string; body: any }>;
}

/**
 * Starts one mock for the calling test file (beforeAll), stops it after (afterAll), and
 * empties the request log and the recorded exchanges before each test. Its `beforeAll` first
 * checks the harness (`checkHarness`), unless `clients: false` (a suite that wants the mock alone).
 */
export function useMock(
  mode: MockMode = "examples",
  { clients = true }: { clients?: boolean } = {},
): Harness {
  let mock: MockServer | undefined;
  const exchanges: Exchange[] = [];

  const recordingFetch: typeof fetch = async (input, init) => {
    // Read method and URL without touching a Request's body (openapi-fetch passes a Request).
    const method = input instanceof Request ? input.method : (init?.method ?? "GET");
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const response = await globalThis.fetch(input, init);
    const text = await response.clone().text();
    exchanges.push({
      method,
      url,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    return response;
  };

  beforeAll(async () => {
    if (clients) checkHarness();
    mock = await startMock({ port: 0, mode, quiet: true });
  });
  afterAll(async () => {
    await mock?.stop();
  });
  beforeEach(() => {
    mock?.clearRequests();
    exchanges.length = 0;
  });

  const options = (extra: Partial<ClientOptions> = {}): ClientOptions => {
    const url = mock!.url;
    return {
      environment: "local",
      apiKey: API_KEY,
      baseUrls: { rpc: url, wallet: url, admin: url, api: url, sender: url },
      fetch: recordingFetch,
      ...extra,
    };
  };

  return {
    get mock() {
      return mock!;
    },
    exchanges,
    fetch: recordingFetch,
    requests: () => mock!.requests(),
    options,
    clients: (extra) => makeClients(options(extra)),
    async raw(request, headers = {}) {
      const res = await globalThis.fetch(mock!.url + request.url, {
        method: request.method,
        headers: {
          ...(request.body !== undefined && { "content-type": "application/json" }),
          ...headers,
        },
        ...(request.body !== undefined && { body: stringifyJson(request.body) }),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      return { status: res.status, text, body };
    },
  };
}
