/**
 * examples/run.mjs's summary on stderr names why each example failed: a caller that sees only the
 * exit and stderr (test/contract/examples.test.ts's execFile, whose error message is stderr) could
 * otherwise tell a timeout under load from a thrown error only by rerunning (user trial 69 saw
 * `failed: tour, compression, wallet, webhooks` and nothing else).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));

describe("examples/run.mjs", () => {
  it("names each failed example and the error it threw", async () => {
    // Port 9 (discard) is one fetch refuses at once: the example fails without a network.
    const env = { ...process.env, CHAINDATA_MOCK_URL: "http://127.0.0.1:9" };
    const failure = await run(process.execPath, [`${root}examples/run.mjs`, "admin"], {
      cwd: root,
      env,
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toMatch(
      /^failed: examples\/admin\.mjs \(exit 1: ConnectionError: Connection error from getProjectUsage: .*\)$/,
    );
  }, 40_000);
});
