// What the docs site publishes for a call with your key, not the local mock's
// (curl-snippets.test.ts runs those): the key's variable left for the shell to expand, a quote in
// a body escaped for the shell, and a call that takes no key shown without one. Each was a mutant
// of snippets.mjs that passed every other docs test.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { loadSite } from "../../packages/docs/src/model.mjs";
// @ts-expect-error — plain ESM without type declarations
import { curlRpc, tsSnippet } from "../../packages/docs/src/snippets.mjs";

const specDir = new URL("../../spec/dist", import.meta.url).pathname;
type Op = { id: string };
const areas: { key: string; ops: Op[] }[] = loadSite(specDir).areas;
const op = (area: string, id: string) =>
  areas.find((a) => a.key === area)!.ops.find((o) => o.id === id)!;

describe("published snippets", () => {
  const getAsset = op("das", "getAsset");
  const body = (id: string) => ({ jsonrpc: "2.0", id: "1", method: "getAsset", params: { id } });

  it("a curl with the key in its query names $CHAINDATA_API_KEY for the shell, not URL-encoded", () => {
    const curl: string = curlRpc(getAsset, body("x"));
    expect(curl).toContain('?api-key=$CHAINDATA_API_KEY"');
    expect(curl).not.toContain("%24");
  });

  it("a ' in a curl's body is closed, escaped and reopened for the shell", () => {
    expect(curlRpc(getAsset, body("it's"))).toContain(`"id": "it'\\''s"`);
  });

  it("a call that takes no key (the sender's ping) is shown with a client made without one", () => {
    const ping: string = tsSnippet(op("sender", "ping"), "");
    expect(ping).toContain("// This call sends no API key.\nconst sender = createSenderClient();");
    expect(ping).not.toContain("apiKey");
  });
});
