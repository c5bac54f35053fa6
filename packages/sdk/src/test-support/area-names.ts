// An area's name as the composite client keys it, for the tests that read the spec's areas
// (area-calls.ts, batching-areas.ts, test/clients/readme-run.test.ts). Not published.

/** `token-metadata` → `tokenMetadata`: a package's area name as `createChainDataClient` keys it. */
export const camelArea = (area: string): string =>
  area.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
