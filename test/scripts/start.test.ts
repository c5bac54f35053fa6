/**
 * `npm start` (scripts/start.mjs) as a user runs it: spawned with free ports, it prints the
 * mock's and the docs' URLs; the mock answers an operation, the docs site its home page; SIGINT
 * (Ctrl-C) and SIGTERM stop everything and the process exits 0, leaving no port open; so does
 * the death of its parent (a killed `npm start`: npm's shell used to die and leave it running).
 * The build step is skipped (--no-build): `npm test` has just built everything, and a build
 * running beside the other test files would rewrite the dist/ folders they import.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ChainDataClient } from "@chaindata/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { SERVE_OPTIONS } from "../../packages/mock/src/cli-options.mjs";
import { areas, root } from "../spec/documents.js";

const docsDir = mkdtempSync(join(tmpdir(), "chaindata-start-docs-"));
afterAll(() => rmSync(docsDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  mockUrl: string;
  docsUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** npm start's environment: any free ports, the test's docs folder, then `env`. */
const startEnv = (env: Record<string, string>) => ({
  ...process.env,
  CHAINDATA_MOCK_PORT: "0",
  CHAINDATA_DOCS_PORT: "0",
  CHAINDATA_DOCS_DIR: docsDir,
  ...env,
});

/** `command` (`npm start` by default) spawned in the test environment; `output()`: both streams. */
function spawnStart(command: string[], env: Record<string, string> = {}) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: startEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return { child, output: () => out };
}

/** `npm start` run to its exit (a refusal): its exit code, and what it printed on both streams. */
async function startToExit(args: string[], env: Record<string, string> = {}) {
  const { child, output } = spawnStart(
    [process.execPath, `${root}scripts/start.mjs`, ...args],
    env,
  );
  const code = await new Promise((r) => child.on("exit", r));
  return { code, out: output() };
}

// A start loads both specs and Prism: a few seconds alone, over 30 s on a 2-core machine loaded
// by other suites. The bound only ends a hung start; a passing run never waits for it. Each test
// has it, plus a minute for what it does and the stop.
const READY_MS = 90_000;

function start(
  env: Record<string, string> = {},
  command: string[] = [process.execPath, `${root}scripts/start.mjs`, "--no-build"],
): Promise<Started> {
  const { child, output } = spawnStart(command, env);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no "ready" line within ${READY_MS / 1000} s:\n${output()}`));
    }, READY_MS);
    const check = () => {
      const out = output();
      if (!/^ready in /m.test(out)) return;
      clearTimeout(timer);
      child.stdout.off("data", check);
      resolve({
        child,
        output,
        mockUrl: out.match(/^mock: +(http:\/\/\S+)/m)![1]!,
        docsUrl: out.match(/^docs: +(http:\/\/\S+)/m)![1]!,
        exited,
      });
    };
    child.stdout.on("data", check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited early with ${code}:\n${output()}`));
    });
  });
}

/** `text` as a literal within a RegExp. */
const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

/** Resolves once every process holding the child's stdout pipe (the child and its descendants) is gone. */
const pipeClosed = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (child.stdout!.closed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.stdout!.once("close", () => (clearTimeout(timer), resolve(true)));
  });

describe("npm start", { timeout: READY_MS + 60_000 }, () => {
  it("prints the URLs, serves the mock and the docs, and stops cleanly on SIGINT", async () => {
    const s = await start();
    try {
      expect(s.mockUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.docsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const out = s.output();
      for (const { area } of areas)
        expect(out).toMatch(new RegExp(`^  ${area} +(POST )?${s.mockUrl}`, "m"));
      expect(out).toMatch(/ready in \d+ ms\)/); // the mock's start-up time is printed
      expect(out).toContain("npm run example");
      expect(out).toContain(`  failure scenarios: ${s.mockUrl}/__mock/scenarios`);
      // The forced answer the banner offers is the mock's (user trial 45 F7).
      const prefer = /add -H 'Prefer: (code=\d+)'/.exec(out)![1]!;
      const forced = await fetch(`${s.mockUrl}/?api-key=local`, {
        method: "POST",
        headers: { "content-type": "application/json", Prefer: prefer },
        body: '{"jsonrpc":"2.0","id":1,"method":"getAsset","params":{"id":"DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5"}}',
      });
      expect(forced.status).toBe(429);
      // The "in code" lines run as printed and reach this mock on every host (not port 4010).
      const code = /^ {2}in code: ([\s\S]*?)\n\n/m.exec(out)![1]!.replace(/^ +/gm, "");
      const module = join(docsDir, "in-code.mjs");
      const sdk = pathToFileURL(`${root}packages/sdk/dist/index.js`).href;
      writeFileSync(
        module,
        `import { createChainDataClient } from "${sdk}";\n${code}\nexport default chaindata;\n`,
      );
      const client = ((await import(pathToFileURL(module).href)) as { default: ChainDataClient })
        .default;
      const asset = await client.das.getAsset({
        id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5",
      });
      expect(asset.id).toBe("DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5");
      const usage = await client.admin.getProjectUsage({
        id: "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63",
      });
      expect(typeof usage.creditsUsed).toBe("number");

      const rpc = await fetch(`${s.mockUrl}/?api-key=local`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "getAsset",
          params: { id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5" },
        }),
      });
      expect(rpc.status).toBe(200);
      expect(await rpc.json()).toMatchObject({
        id: 7,
        result: { id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5" },
      });
      const wallet = await fetch(
        `${s.mockUrl}/v1/wallet/86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY/balances?api-key=local`,
      );
      expect(wallet.status).toBe(200);

      const home = await fetch(s.docsUrl);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toContain("text/html");
      const homeText = await home.text();
      expect(homeText).toContain("chaindata");
      // The docs show where this mock is, not the spec's default port (CHAINDATA_MOCK_PORT): the
      // host table, Getting started's URL and curl, and a local-mock snippet that reaches it.
      const started = await (await fetch(`${s.docsUrl}getting-started.html`)).text();
      // (Getting started names the default once, to say why the snippet gives `baseUrls`.)
      const why =
        /since <code>local<\/code> stands for <code class="url">http:\/\/127\.0\.0\.1:4010<\/code>/;
      expect(started).toMatch(why);
      for (const page of [homeText, started.replace(why, "")]) {
        expect(page).toContain(`<code class="url">${s.mockUrl}</code>`);
        expect(page).not.toContain("127.0.0.1:4010");
      }
      expect(started).toContain(`curl -sS -X POST &quot;${s.mockUrl}/?api-key=local&quot;`);
      const localTs = /TypeScript \(local mock\)[\s\S]*?<code>([\s\S]*?)<\/code><\/pre>/
        .exec(started)![1]!
        .replace(/&(quot|amp|lt|gt|#39);/g, (_, e: string) =>
          e === "quot" ? '"' : e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : "'",
        )
        .replace(/"@chaindata\/(\w+)"/, (_, pkg: string) =>
          JSON.stringify(pathToFileURL(`${root}packages/${pkg}/dist/index.js`).href),
        );
      const localModule = join(docsDir, "local-mock.mjs");
      writeFileSync(localModule, localTs.replace(/console\.log\(/g, "globalThis.localMockGot = ("));
      await import(pathToFileURL(localModule).href);
      expect((globalThis as { localMockGot?: { id?: string } }).localMockGot?.id).toBe(
        "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5",
      );
    } finally {
      s.child.kill("SIGINT");
    }
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.output()).toContain("mock and docs stopped");
    expect(s.output()).toMatch(/POST \/ getAsset → 200/); // the request was logged
    expect(await refused(s.mockUrl)).toBe(true);
    expect(await refused(s.docsUrl)).toBe(true);
  });

  it("SIGTERM stops it too", async () => {
    const s = await start({});
    s.child.kill("SIGTERM");
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(await refused(s.mockUrl)).toBe(true);
  });

  it("stops by itself when its parent dies (a SIGKILLed parent forwards no signal)", async () => {
    // a parent that starts scripts/start.mjs, prints its pid, and is then killed outright
    const parent = `const c = require("node:child_process").spawn(process.execPath, process.argv.slice(1), { stdio: "inherit" }); console.log("pid " + c.pid); setInterval(() => {}, 1e6);`;
    const s = await start({}, [
      process.execPath,
      "-e",
      parent,
      `${root}scripts/start.mjs`,
      "--no-build",
    ]);
    const pid = Number(s.output().match(/^pid (\d+)$/m)![1]);
    try {
      s.child.kill("SIGKILL");
      expect(await pipeClosed(s.child, 10_000)).toBe(true); // the orphan exited within 10 s (the poll is 1 s)
      expect(s.output()).toContain("parent process exited: stopping…");
      expect(s.output()).toContain("mock and docs stopped");
      expect(await refused(s.mockUrl)).toBe(true);
      expect(await refused(s.docsUrl)).toBe(true);
    } finally {
      try {
        process.kill(pid, "SIGKILL");
      } catch {} // already gone, as it should be
    }
  });

  it("SIGTERM to `npm start` itself stops the server before npm exits", async () => {
    // npm forwards SIGTERM to its script's process only; the script is `exec node …` so that this
    // is start.mjs, not an intermediate `sh -c` that would die and leave start.mjs behind
    const s = await start({ CHAINDATA_SKIP_BUILD: "1" }, ["npm", "start", "--silent"]);
    s.child.kill("SIGTERM");
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(await refused(s.mockUrl)).toBe(true);
    expect(await refused(s.docsUrl)).toBe(true);
    expect(await pipeClosed(s.child, 5_000)).toBe(true); // no process left holding the output
    expect(s.output()).toContain("SIGTERM: stopping…");
  });

  it("forwards the mock CLI's options: --port over CHAINDATA_MOCK_PORT, --dynamic, --seed, --walk-pages, --page-fill", async () => {
    // CHAINDATA_MOCK_PORT names a taken port: --port wins, as the mock CLI's does.
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const taken = String((blocker.address() as { port: number }).port);
    const s = await start({ CHAINDATA_MOCK_PORT: taken }, [
      process.execPath,
      `${root}scripts/start.mjs`,
      "--no-build",
      "--port",
      "0",
      "--dynamic",
      "--seed",
      "s1",
      "--walk-pages",
      "2",
      "--page-fill",
      "3",
    ]);
    try {
      expect(s.mockUrl).not.toContain(`:${taken}`);
      expect(s.output()).toMatch(
        /^mock: +\S+ +\(dynamic mode, seed "s1", walks of 2 pages, pages filled to 3, ready in \d+ ms\)$/m,
      );
      // A DAS page walk of the mock's shape: two pages of 3 items, then an empty one.
      const page = async (n: number) => {
        const res = await fetch(`${s.mockUrl}/?api-key=local`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: n,
            method: "getAssetsByOwner",
            params: {
              ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
              page: n,
              limit: 3,
            },
          }),
        });
        return ((await res.json()) as { result: { items: unknown[] } }).result.items.length;
      };
      expect([await page(1), await page(2), await page(3)]).toEqual([3, 3, 0]);
    } finally {
      s.child.kill("SIGINT");
      blocker.close();
    }
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it("refuses a mock option it cannot forward, or a bad value, by name before any build (exit 2), as the mock CLI words it", async () => {
    const run = (program: string, args: string[]) =>
      spawnSync(process.execPath, [program, ...args], { cwd: root, encoding: "utf8" });
    for (const [args, message] of [
      [["--json"], "--json is the mock CLI's, not forwarded: npm start prints its own summary"],
      [["--spec-dir", "/tmp"], "--spec-dir is the mock CLI's, not forwarded:"],
      [["--version"], "--version is the mock CLI's, not forwarded:"],
      [["--walk-pages", "extra", "--json"], "--json is the mock CLI's"],
    ] as const) {
      const r = run(`${root}scripts/start.mjs`, [...args]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^npm start: ${reEscape(message)}`));
      expect(r.stdout).toBe(""); // (no build started)
    }
    // The value rules are the mock CLI's, in its words (chaindata-mock: … / npm start: …).
    for (const args of [
      ["--walk-pages", "0"],
      ["--walk-pages", "3001"],
      ["--page-fill", "x"],
      ["--mode", "fast"],
      ["--dynamic", "--mode", "examples"],
      ["--port", "70000"],
    ]) {
      const ours = run(`${root}scripts/start.mjs`, args);
      const mock = run(`${root}packages/mock/dist/cli.js`, args);
      expect(ours.status, args.join(" ")).toBe(2);
      expect(mock.status, args.join(" ")).toBe(2);
      const rule = (stderr: string, program: string) => {
        expect(stderr.startsWith(`${program}: `), stderr).toBe(true);
        return stderr.slice(program.length + 2).split("\n")[0];
      };
      expect(rule(ours.stderr, "npm start"), args.join(" ")).toBe(
        rule(mock.stderr, "chaindata-mock"),
      );
    }
  });

  it("documents the forwarded options: --help and the README's start section", () => {
    const help = spawnSync(process.execPath, [`${root}scripts/start.mjs`, "--help"], {
      encoding: "utf8",
    });
    expect(help.status).toBe(0);
    const readme = readFileSync(`${root}README.md`, "utf8");
    // (The mock's table, packages/mock/src/cli-options.mjs: an option added there is forwarded.)
    for (const option of Object.keys(SERVE_OPTIONS).map((name) => `--${name}`)) {
      expect(help.stdout, option).toContain(option);
      expect(readme, option).toContain(option);
    }
    expect(readme).toContain("npm start -- --dynamic --walk-pages 100");
  });

  it("takes every option of the mock's CLI, in its words in --help, or refuses it by name", () => {
    // Read from the mock's own --help, so that an option the mock gains and npm start does not
    // (or words otherwise) fails here.
    const helpOf = (program: string) =>
      spawnSync(process.execPath, [program, "--help"], { encoding: "utf8" }).stdout;
    const mockHelp = helpOf(`${root}packages/mock/dist/cli.js`);
    const ours = helpOf(`${root}scripts/start.mjs`);
    // Each option's block: its line and the indented lines that go on with it.
    const blocks = [
      ...mockHelp.matchAll(/^ {2}(?:-\w, | {4})--([\w-]+)(?:[^\n]*)(?:\n {24}[^\n]*)*/gm),
    ].filter(([, name]) => name !== "help");
    expect(blocks.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const [block, name] of blocks) {
      if (ours.includes(block)) continue;
      // npm start's own -q, --quiet (no line per request) stands for the mock's.
      if (name === "quiet" && /^ {2}-q, --quiet /m.test(ours)) continue;
      const value = /^ {2}(?:-\w, | {4})--[\w-]+ </.test(block) ? ["x"] : [];
      // (--no-build and a time limit: an option taken by mistake must not build nor stay up.)
      const r = spawnSync(
        process.execPath,
        [`${root}scripts/start.mjs`, "--no-build", `--${name}`, ...value],
        { cwd: root, encoding: "utf8", env: startEnv({}), timeout: 20_000 },
      );
      expect(
        r.status,
        `--${name}: neither in npm start's --help as the mock words it, nor refused`,
      ).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`^npm start: --${name} is the mock CLI's, not forwarded: `),
      );
      refused.push(name!);
    }
    expect(refused.sort()).toEqual(["json", "spec-dir", "version"]);
  });

  it("a bad option is reported with the usage (exit 2, no stack)", async () => {
    // (`--port` is forwarded to the mock since npm start takes the mock CLI's options.)
    for (const args of [["--portt", "4011"], ["--dynamic=yes"], ["extra"]]) {
      const child = spawn(process.execPath, [`${root}scripts/start.mjs`, ...args], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      expect(await new Promise((r) => child.on("exit", r)), out).toBe(2);
      expect(out).toMatch(/^npm start: /);
      expect(out).toContain("usage: npm start");
      expect(out).not.toMatch(/^\s+at /m);
    }
  });

  it("a bad port variable is named, with what a port is (exit 2, as the mock's CLI says it)", () => {
    const r = spawnSync(process.execPath, [`${root}scripts/start.mjs`, "--no-build"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CHAINDATA_MOCK_PORT: "0", CHAINDATA_DOCS_PORT: "70000" },
    });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /^npm start: CHAINDATA_DOCS_PORT: bad port "70000" \(a whole number from 0 to 65535; 0 = any free port\)\n\nusage: npm start/,
    );
  });

  it("an empty port variable is unset: the docs go to 4020, not to any free port", async () => {
    const child = spawn(process.execPath, [`${root}scripts/start.mjs`, "--no-build"], {
      cwd: root,
      env: {
        ...process.env,
        CHAINDATA_MOCK_PORT: "0",
        CHAINDATA_DOCS_PORT: "",
        CHAINDATA_DOCS_DIR: docsDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    // 4020 may be held by a developer's `npm start`: the message then names it, which shows the same.
    const chosen = new Promise<string>((resolve) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        if (/127\.0\.0\.1:4020\b|port 4020 is in use/.test(out)) resolve("4020");
        else if (
          /ready|listening/i.test(out) &&
          /127\.0\.0\.1:\d+\/?\s[^\n]*docs|docs[^\n]*127\.0\.0\.1:\d+/i.test(out)
        )
          resolve(out);
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.on("exit", () => resolve(`exited:\n${out}`));
    });
    try {
      expect(await chosen).toBe("4020");
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.on("exit", r) : r(null)));
    }
  });

  it("a taken port is reported plainly (exit 1, no stack)", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, out } = await startToExit(["--no-build"], {
        CHAINDATA_MOCK_PORT: String(port),
      });
      expect(code).toBe(1);
      expect(out).toContain(`port ${port} is in use`);
      expect(out).toContain("CHAINDATA_MOCK_PORT");
    } finally {
      blocker.close();
    }
  });

  it("a taken port is reported before the build, which is not run (a second npm start)", async () => {
    // Without --no-build: the check must come first, or a second `npm start` would build (up to a
    // minute on a fresh clone, rewriting the dist/ the first one serves) only to fail on the port.
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      for (const variable of ["CHAINDATA_MOCK_PORT", "CHAINDATA_DOCS_PORT"]) {
        const { code, out } = await startToExit([], { [variable]: String(port) });
        expect(code, out).toBe(1);
        expect(out).toContain(`port ${port} is in use`);
        expect(out).toContain(variable);
        expect(out).not.toMatch(/build/);
      }
    } finally {
      blocker.close();
    }
  });

  it("the same port for the mock and the docs is reported before the build (it failed once the mock was up, as 'in use')", async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, "127.0.0.1", r));
    const port = (free.address() as { port: number }).port;
    await new Promise((r) => free.close(r));
    const { code, out } = await startToExit([], {
      CHAINDATA_MOCK_PORT: String(port),
      CHAINDATA_DOCS_PORT: String(port),
    });
    expect(code, out).toBe(1);
    expect(out).toBe(
      `npm start: port ${port} is the mock's too (--port or CHAINDATA_MOCK_PORT): set CHAINDATA_DOCS_PORT to another\n`,
    );
  });

  it("a host no interface has is reported before the build, naming where it came from (Node's bare getaddrinfo/listen words named no option)", async () => {
    // (No lookup answers for .invalid; 192.0.2.1 is TEST-NET-1, the address of no interface.)
    for (const [args, env, from] of [
      [["--host", "nosuchhost.invalid"], {}, "--host"],
      [[], { CHAINDATA_MOCK_HOST: "192.0.2.1" }, "$CHAINDATA_MOCK_HOST"],
    ] as const) {
      const { code, out } = await startToExit([...args], env);
      expect(code, out).toBe(1);
      expect(out).toMatch(
        new RegExp(
          `^npm start: host "(nosuchhost\\.invalid|192\\.0\\.2\\.1)" \\(\\${from}\\): (no such host name \\(ENOTFOUND\\)|its name could not be looked up \\(EAI_AGAIN\\)|no interface of this machine has that address \\(EADDRNOTAVAIL\\)): pass --host an address of this machine`,
          "m",
        ),
      );
      expect(out).not.toMatch(/build| {4}at /);
    }
  });
});
