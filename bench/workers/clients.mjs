// The ways of calling getAsset that the benchmarks compare, each pointed at the loopback
// server: our client (@chaindata/das), raw fetch (a minimal correct call by hand), the same with
// a per-call timeout signal, and helius-sdk
// 3.2.0 (`createHelius({ baseUrl })`, the documented way to set its RPC URL).

/** Hand-written JSON-RPC over fetch: URL with the key, JSON body, status and error checks. */
export function rawRpc(url) {
  const endpoint = `${url}/?api-key=k`;
  let id = 0;
  return async (method, params) => {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await res.json();
    if (body.error) throw new Error(body.error.message);
    return body.result;
  };
}

/**
 * The same hand-written call, with what any client that honours a timeout through an AbortSignal
 * must add: a fresh controller and a 60 s timer per call, the signal given to fetch. On Node's
 * fetch (undici) a request that carries a signal costs more (listeners, a finalization-registry
 * entry), so this row shows how much of our overhead is that alone.
 */
export function rawRpcWithTimeout(url) {
  const endpoint = `${url}/?api-key=k`;
  let id = 0;
  return async (method, params) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
        signal: controller.signal,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.json();
      if (body.error) throw new Error(body.error.message);
      return body.result;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Returns `getAsset(params) => Promise<asset>` for `client`. */
export async function makeGetAsset(client, url, options = {}) {
  if (client === "ours") {
    const { createDasClient } = await import("@chaindata/das");
    const das = createDasClient({ apiKey: "k", baseUrls: { rpc: url }, ...options });
    return (params) => das.getAsset(params);
  }
  if (client === "fetch") {
    const rpc = rawRpc(url);
    return (params) => rpc("getAsset", params);
  }
  if (client === "fetch-timeout") {
    const rpc = rawRpcWithTimeout(url);
    return (params) => rpc("getAsset", params);
  }
  if (client === "helius") {
    const { createHelius } = await import("helius-sdk");
    const helius = createHelius({ apiKey: "k", baseUrl: `${url}/` });
    return (params) => helius.getAsset(params);
  }
  throw new Error(`unknown client ${client}`);
}
