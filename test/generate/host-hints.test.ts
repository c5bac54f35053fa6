// The hints a host's constant carries (core's generated environments.ts), which http.ts ends two
// messages with: a key-optional host's 401 or 403 names its own client's key (`keyHint`), and the
// refusal of a key over plain http to a host with regional endpoints names its https one
// (`httpsHint`). Each is made from the host's own name: today the sender is the only such host, so
// `generate --check` alone would not tell its name written by hand from the host's.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitEnvironments } from "../../scripts/generate/core-files.mjs";

const index = JSON.parse(
  readFileSync(new URL("../../spec/dist/index.json", import.meta.url), "utf8"),
) as { hosts: Record<string, object> };

/** The source of the constant of host `name` in what emitEnvironments wrote. */
const constantOf = (source: string, name: string) =>
  new RegExp(`^export const ${name}Host: Host = \\{.*\\};$`, "m").exec(source)?.[0];

it("a key-optional host with regional endpoints, named otherwise than the sender, gets both hints in its own name", () => {
  const hosts = { rpc: index.hosts.rpc, relay: index.hosts.sender };
  const source = emitEnvironments({ ...index, hosts }, []) as string;
  const relay = constantOf(source, "relay");
  expect(relay).toContain('keyHint: " (check the API key: the relay host\'s own `apiKey`)"');
  expect(relay).toContain('httpsHint: "; use relayRegions.global"');
  // A host that needs its key and has no regions: the common texts, in http.ts.
  const rpc = constantOf(source, "rpc");
  expect(rpc).toMatch(/^export const rpcHost/);
  expect(rpc).not.toMatch(/keyHint|httpsHint/);
});
