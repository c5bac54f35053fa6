// The three ways of calling getAsset that the benchmarks compare, each pointed at the loopback
// server: our client (@chaindata/das), raw fetch (a minimal correct call by hand) and helius-sdk
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
  if (client === "helius") {
    const { createHelius } = await import("helius-sdk");
    const helius = createHelius({ apiKey: "k", baseUrl: `${url}/` });
    return (params) => helius.getAsset(params);
  }
  throw new Error(`unknown client ${client}`);
}
