// Importing a published package does nothing but define its exports: every entry of every
// package's exports map, loaded by `import` and by `require` in a fresh Node process, sends no
// request, opens no socket, writes no file, starts no process or timer, reads no environment
// variable and leaves `globalThis` and the built-in prototypes as they were. (The README's
// "Security and supply chain" section says so; packages.test.ts reads the builds for `eval`,
// `import()` and the variables read later, when a client is made.)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { publishedPackages } from "./published.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;

/**
 * The program run in a fresh process (cwd: the repository, whose node_modules links every package):
 * traps on what an import could reach, a snapshot of the prototypes, then `specifiers` imported
 * and required one after the other; it prints what happened, as JSON.
 */
const PROBE = `
import { createRequire, syncBuiltinESMExports } from "node:module";
import childProcess from "node:child_process";
import dgram from "node:dgram";
import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
const specifiers = JSON.parse(process.argv[1]);
const builtIns = { globalThis, Object: Object.prototype, Array: Array.prototype,
  Function: Function.prototype, String: String.prototype, Number: Number.prototype,
  BigInt: BigInt.prototype, Symbol: Symbol.prototype, Promise: Promise.prototype,
  Error: Error.prototype, Map: Map.prototype, Set: Set.prototype, RegExp: RegExp.prototype,
  Date: Date.prototype, Uint8Array: Uint8Array.prototype, JSON, Math, Reflect,
  Response: Response.prototype, Request: Request.prototype, Headers: Headers.prototype,
  URL: URL.prototype, AbortSignal: AbortSignal.prototype, EventTarget: EventTarget.prototype };
// (Node defines some globals lazily, a getter that becomes a value when first read: read them
// all first, so one an import reads does not count as a change.)
for (const key of Reflect.ownKeys(globalThis)) try { globalThis[key]; } catch {}
const snapshot = () => Object.entries(builtIns).flatMap(([name, object]) =>
  Reflect.ownKeys(object).map((key) => {
    const d = Object.getOwnPropertyDescriptor(object, key);
    return name + "." + String(key) + "=" + (d.get || d.set ? "accessor" : typeof d.value) + (typeof d.value === "function" ? " " + d.value.name : "");
  }));
const done = [];
const tick = globalThis.setImmediate;
const trap = (object, label, names) => {
  for (const name of names) {
    const original = object[name];
    if (typeof original !== "function") continue;
    object[name] = function (...args) {
      done.push(label + "." + name + "(" + String(args[0]).slice(0, 80) + ")");
      return original.apply(this, args);
    };
  }
};
trap(globalThis, "globalThis", ["fetch", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "WebSocket"]);
trap(http, "http", ["request", "get", "createServer"]);
trap(https, "https", ["request", "get", "createServer"]);
trap(net, "net", ["connect", "createConnection", "createServer"]);
trap(tls, "tls", ["connect"]);
trap(dgram, "dgram", ["createSocket"]);
trap(dns, "dns", ["lookup", "resolve", "resolve4", "resolve6"]);
trap(childProcess, "child_process", ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]);
trap(fs, "fs", ["writeFile", "writeFileSync", "appendFile", "appendFileSync", "mkdir", "mkdirSync", "mkdtemp", "mkdtempSync", "createWriteStream", "open", "openSync", "rm", "rmSync", "unlink", "unlinkSync", "rename", "renameSync", "copyFile", "copyFileSync", "symlink", "symlinkSync", "chmod", "chmodSync", "watch"]);
trap(fs.promises, "fs.promises", ["writeFile", "appendFile", "mkdir", "mkdtemp", "open", "rm", "unlink", "rename", "copyFile"]);
syncBuiltinESMExports();
// Reads of the environment by imported code: a caller outside Node's internals and this program
// (Node's module loader reads a few variables itself).
const environment = process.env;
const byImportedCode = () =>
  new Error().stack.split("\\n").slice(2).some((line) => /^\\s+at /.test(line) && !/node:|\\[eval/.test(line));
process.env = new Proxy(environment, {
  get(target, key) {
    if (typeof key === "string" && byImportedCode()) done.push("process.env." + key);
    return target[key];
  },
});
const before = new Set(snapshot());
const require = createRequire(process.cwd() + "/");
for (const specifier of specifiers) {
  await import(specifier);
  require(specifier);
}
await new Promise((resolve) => tick(resolve));
process.env = environment;
const after = snapshot();
console.log(JSON.stringify({
  done,
  added: after.filter((entry) => !before.has(entry)),
  removed: [...before].filter((entry) => !after.includes(entry)),
}));
`;

/** Every entry of a package's exports map, as a specifier (`@chaindata/das`, `@chaindata/das/tool-schemas`). */
const entriesOf = (dir: string) => {
  const pkg = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
  return Object.keys(pkg.exports)
    .filter((entry) => entry !== "./package.json")
    .map((entry) => pkg.name + entry.slice(1));
};

const probe = async (specifiers: string[]) => {
  const { stdout } = await run(
    process.execPath,
    ["--no-warnings", "--input-type=module", "--eval", PROBE, JSON.stringify(specifiers)],
    { cwd: root },
  );
  return JSON.parse(stdout) as { done: string[]; added: string[]; removed: string[] };
};

it("the probe sees a request, a write, a timer, an environment read and a prototype change", async () => {
  // (What an import must not do, as a CommonJS file, which both `import` and `require` load.)
  const dir = mkdtempSync(join(tmpdir(), "chaindata-import-effects-"));
  const misbehaving = join(dir, "misbehaving.cjs");
  writeFileSync(
    misbehaving,
    `Array.prototype.last = function () { return this[this.length - 1]; };
globalThis.leaked = 1;
fetch("http://127.0.0.1:9/").catch(() => {});
setTimeout(() => {}, 1);
require("node:fs").writeFileSync("/dev/null", "x");
process.env.HOME;
`,
  );
  const result = await probe([misbehaving]).finally(() =>
    rmSync(dir, { recursive: true, force: true }),
  );
  expect(result.done).toEqual(
    expect.arrayContaining([
      "globalThis.fetch(http://127.0.0.1:9/)",
      "globalThis.setTimeout(() => {})",
      "fs.writeFileSync(/dev/null)",
    ]),
  );
  expect(result.done).toContain("process.env.HOME");
  expect(result.added).toEqual(
    expect.arrayContaining(["Array.last=function ", "globalThis.leaked=number"]),
  );
});

describe.each(publishedPackages)("@chaindata/%s", (dir) => {
  it("does nothing at import but define its exports (import and require, every entry)", async () => {
    const specifiers = entriesOf(dir);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(await probe(specifiers)).toEqual({ done: [], added: [], removed: [] });
  });
});
