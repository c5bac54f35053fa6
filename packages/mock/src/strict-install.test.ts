/**
 * The mock under a strict install (Yarn Plug'n'Play, pnpm with `hoist=false`), where a package
 * sees only what it declares. `@stoplight/prism-core` requires `@stoplight/types` without
 * declaring it (user trial 20: the mock did not start). Here a preload refuses that one require,
 * as those installs do, and the CLI must still start and answer. The repository's own install is
 * hoisted, so without the preload this would pass whatever prism.ts does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resolveSpecDir } from "./spec.js";
import { bundleCli } from "./test-support.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
// Inside the package, so that Prism resolves from the workspace's node_modules.
const dir = join(pkg, "node_modules/.cache/strict-install-test");
const cli = join(dir, "cli.mjs");
const preload = join(dir, "strict.cjs");
let child: ChildProcess | undefined;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    preload,
    `const Module = require("node:module");
const original = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "@stoplight/types" && /[\\\\/]prism-core[\\\\/]/.test(parent?.filename ?? "")) {
    const error = new Error("Cannot find module '@stoplight/types' (refused as a strict install does)");
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return original.call(this, request, parent, isMain);
};
`,
  );
  await bundleCli(pkg, cli);
});

afterAll(() => {
  child?.kill("SIGKILL");
});

it("starts and answers when prism-core may not see its undeclared @stoplight/types (user trial 20)", async () => {
  const started = spawn(
    process.execPath,
    ["--require", preload, cli, "--port", "0", "--json", "--spec-dir", resolveSpecDir()],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child = started;
  let stderr = "";
  started.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${stderr}`)), 20_000);
    createInterface({ input: started.stdout }).once("line", (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    started.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${stderr}`));
    });
  });
  const { baseUrls } = JSON.parse(line) as { baseUrls: { rpc: string } };
  const response = await fetch(new URL("?api-key=local", baseUrls.rpc), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getAsset",
      params: { id: "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk" },
    }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { result: { id: string } }).result.id).toBe(
    "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk",
  );
  started.kill("SIGTERM");
}, 40_000);
