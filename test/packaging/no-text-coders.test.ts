// Every published package loads, by `import` and by `require`, where the globals TextEncoder and
// TextDecoder do not exist (Jest's jsdom environment): a component test that imports a module
// which imports the SDK must not fail before it calls anything. The packages make their text
// coders when they use them, not at import. (User trial 22: every package threw
// `ReferenceError: TextEncoder is not defined` when loaded.)
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { publishedPackages } from "./published.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;

// (The mock starts Prism and a server: it is a Node tool, never loaded in a browser-like test.)
const packages = publishedPackages.filter((dir) => dir !== "mock");

describe("packages load without TextEncoder and TextDecoder", () => {
  it.each(packages)("@chaindata/%s", async (dir) => {
    const name = `@chaindata/${dir}`;
    const script = `
      delete globalThis.TextEncoder;
      delete globalThis.TextDecoder;
      const { createRequire } = await import("node:module");
      const required = createRequire(${JSON.stringify(root)} + "package.json")(${JSON.stringify(name)});
      const imported = await import(${JSON.stringify(name)});
      console.log(typeof TextEncoder, Object.keys(required).length, Object.keys(imported).length);
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
    });
    const [coder, requiredNames, importedNames] = stdout.trim().split(" ");
    expect(coder).toBe("undefined");
    expect(Number(requiredNames)).toBeGreaterThan(0);
    expect(Number(importedNames)).toBe(Number(requiredNames));
  });
});
