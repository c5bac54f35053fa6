/**
 * The start-up guard of prism.ts's reload: a prism-http that loads ajv otherwise than by the three
 * drafts the mock's hook wraps would check no `x-base58-bytes`, silently; starting fails instead,
 * saying so. Here `@stoplight/prism-http` resolves to a stand-in that requires two of the drafts,
 * one of them twice: three requires, which are not three drafts. (A
 * file of its own: vitest runs each file in a process of its own, and the mock loads prism-http
 * once per process.)
 */
import Module from "node:module";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startMock } from "./index.js";

const M = Module as unknown as {
  _resolveFilename: (request: string, ...rest: unknown[]) => string;
};
const resolve = M._resolveFilename;
const standIn = mkdtempSync(join(tmpdir(), "prism-http-"));
afterAll(() => {
  M._resolveFilename = resolve;
  rmSync(standIn, { recursive: true, force: true });
});

it("refuses to start when prism-http loads fewer of ajv's drafts than the mock wraps, each counted once", async () => {
  mkdirSync(join(standIn, "dist", "validator"), { recursive: true });
  writeFileSync(join(standIn, "package.json"), '{ "name": "@stoplight/prism-http", "main": "dist/index.js" }'); // prettier-ignore
  writeFileSync(join(standIn, "dist", "index.js"), 'require("ajv"); require("ajv/dist/2019"); require("ajv"); exports.createInstance = () => {};'); // prettier-ignore
  // (An ajv of its own: a class for each draft, which the mock's hook extends.)
  mkdirSync(join(standIn, "node_modules", "ajv", "dist"), { recursive: true });
  for (const draft of ["index.js", "dist/2019.js"])
    writeFileSync(join(standIn, "node_modules", "ajv", draft), "exports.default = class {};");
  writeFileSync(join(standIn, "dist", "router.js"), "exports.default = () => {};");
  writeFileSync(join(standIn, "dist", "validator", "index.js"), "exports.validateOutput = () => {};"); // prettier-ignore
  M._resolveFilename = function (request, ...rest) {
    const own = /^@stoplight\/prism-http(\/.*)?$/.exec(request);
    return resolve.call(this, own ? join(standIn, own[1] ?? "") : request, ...rest);
  };
  await expect(startMock({ port: 0, quiet: true })).rejects.toThrow(
    `@chaindata/mock: @stoplight/prism-http (${standIn}) loaded 2 of ajv's 3 drafts through the mock, so its validation would not check x-base58-bytes`,
  );
});
