// A broken spec fails the docs build with a message that names the file and the place (area,
// method or path, example), instead of a bare parser message or a page that silently drops
// something (a page named "undefined", an example param that vanishes, an undeclared {param}).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";

const root = join(import.meta.dirname, "../..");
const specDir = join(root, "spec/dist");
const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-broken-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
/** A copy of spec/dist with `file` edited; returns the copy's directory. */
function brokenSpec(file: string, edit: (doc: any) => any): string {
  const spec = join(tmp, `spec-${++n}`);
  cpSync(specDir, spec, { recursive: true });
  const path = join(spec, file);
  const doc = JSON.parse(readFileSync(path, "utf8"));
  const changed = edit(doc);
  writeFileSync(path, typeof changed === "string" ? changed : JSON.stringify(changed ?? doc));
  return spec;
}
const build = (spec: string) => () => buildDocs({ spec, out: join(tmp, `site-${n}`) });

describe("a broken spec fails the docs build, naming the file and the place", () => {
  it("truncated JSON: the file", () => {
    const spec = brokenSpec("openrpc/das.json", () =>
      readFileSync(join(specDir, "openrpc/das.json"), "utf8").slice(0, 500),
    );
    expect(build(spec)).toThrow(`${join(spec, "openrpc/das.json")}: `);
  });

  it("a dangling $ref: the file and the method", () => {
    const spec = brokenSpec("openrpc/das.json", (doc) => {
      doc.methods[0].params[0].schema = { $ref: "#/components/schemas/NoSuchSchema" };
    });
    expect(build(spec)).toThrow(
      `${join(spec, "openrpc/das.json")}: getAsset: unresolvable $ref #/components/schemas/NoSuchSchema`,
    );
  });

  it('"methods" that is not an array', () => {
    const spec = brokenSpec("openrpc/das.json", (doc) => {
      doc.methods = {};
    });
    expect(build(spec)).toThrow(`${join(spec, "openrpc/das.json")}: "methods" must be an array`);
  });

  it("a method without a name (it would build das/undefined.html)", () => {
    const spec = brokenSpec("openrpc/das.json", (doc) => {
      delete doc.methods[0].name;
    });
    expect(build(spec)).toThrow(
      `${join(spec, "openrpc/das.json")}: method #0: a method needs a "name"`,
    );
  });

  it("an example param no param has (the request would silently lose it)", () => {
    const spec = brokenSpec("openrpc/das.json", (doc) => {
      doc.methods[0].examples[0].params[0].name = "idz";
    });
    expect(build(spec)).toThrow(
      `${join(spec, "openrpc/das.json")}: method getAsset: example programmableNft gives param "idz", which the method does not declare (id, options)`,
    );
  });

  it("a {param} of a path without its path parameter", () => {
    const spec = brokenSpec("openapi/webhooks.json", (doc) => {
      delete doc.paths["/v0/webhooks/{webhookID}"].parameters;
    });
    expect(build(spec)).toThrow(
      `${join(spec, "openapi/webhooks.json")}: GET /v0/webhooks/{webhookID}: {webhookID} has no path parameter "webhookID"`,
    );
  });

  it("an area listed twice in index.json (CLI: exit 1, one line)", () => {
    const spec = brokenSpec("index.json", (idx) => {
      idx.areas.push(idx.areas.find((a: any) => a.area === "das"));
    });
    expect(build(spec)).toThrow(`${join(spec, "index.json")}: area das is listed twice`);
    const cli = spawnSync(
      process.execPath,
      [join(root, "packages/docs/bin/build.mjs"), "--spec", spec, "--out", join(tmp, "cli")],
      { encoding: "utf8" },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toBe(
      `docs: build failed: ${join(spec, "index.json")}: area das is listed twice\n`,
    );
  });
});
