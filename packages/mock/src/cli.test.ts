/**
 * The CLI as users run it (`npx @chaindata/mock`): starts in under 3 s (of its CPU time, and of
 * its time less its waits for a CPU: a loaded machine stretches the wall clock), prints one line
 * per area, logs requests, and stops cleanly on SIGTERM / SIGINT leaving no process and no
 * listening socket. src/cli.ts is bundled with esbuild first, so the test needs no build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveSpecDir } from "./spec.js";
import { bundleCli } from "./test-support.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
// Inside the package, so that Prism resolves from the workspace's node_modules.
const cli = join(pkg, "node_modules/.cache/cli-test/cli.mjs");
const specDir = resolveSpecDir();
const areaCount = JSON.parse(readFileSync(join(specDir, "index.json"), "utf8")).areas.length;

interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
  /** Its CPU time to the "listening" line, where /proc tells it (Linux); else undefined. */
  cpuMs: number | undefined;
  /** Its start-up less its waits for a CPU (unloadedMsOf), where /proc tells it; else undefined. */
  unloadedMs: number | undefined;
  out: () => string;
}

const spawned: ChildProcess[] = [];

/**
 * How long a CLI may take to print its "listening" line (start()), or what run() waits for, before
 * the test gives up on it. A backstop against a hang only, so generous: the start-up's time is held
 * by its CPU time and by unloadedMsOf, which the machine's load does not stretch, while the wall
 * clock's is: at load 30 and more on 2 shared cores starts took 10 to 31 s (wire69, mock70: "no
 * start within 10 s" under the old 10 s), and one starved on purpose (nice 19 beside four busy
 * loops) 40 to 51 s to its "listening" line, of which 38 to 49 s in the run queue.
 */
const GIVE_UP_MS = 90_000;

function start(args: string[] = []): Promise<Started> {
  const t0 = Date.now();
  const child = spawn(process.execPath, [cli, "--port", "0", "--spec-dir", specDir, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  spawned.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no start within ${GIVE_UP_MS / 1000} s:\n${out}`));
    }, GIVE_UP_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && /ready in/.test(out)) {
        clearTimeout(timer);
        resolve({
          child,
          url: m[1]!,
          ms: Date.now() - t0,
          cpuMs: cpuMsOf(child.pid!),
          unloadedMs: unloadedMsOf(child.pid!, Number(/process up (\d+) ms/.exec(out)?.[1])),
          out: () => out,
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
  });
}

/**
 * A process's CPU time so far (user + system), from /proc/<pid>/stat's utime and stime, in the
 * kernel's fixed 100 ticks a second; undefined without /proc (macOS, Windows).
 */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * A process's start-up, `upMs` (the CLI's own "process up" time, so a test slow to read the line
 * adds nothing), less the time its main thread spent ready to run but waiting for a CPU: about what
 * it would take on an idle machine, its work and its waits (a timer, a socket, a disk) included.
 * The run queue's time is /proc/<pid>/schedstat's second number (ns), read after the line, so it
 * takes in the queue time of what the CLI does just after it: under load this says a little less
 * (about 0.5 s less, starved to 40 s of wall clock), never more. Undefined without /proc.
 */
function unloadedMsOf(pid: number, upMs: number): number | undefined {
  try {
    const queuedNs = Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[1]);
    const unloaded = upMs - queuedNs / 1e6;
    return Number.isFinite(unloaded) ? Math.round(unloaded) : undefined;
  } catch {
    return undefined;
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const portOpen = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const s = connect({ host: hostname, port: Number(port) });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

// (Every test spawns the CLI at least once: under load each takes up to GIVE_UP_MS, some twice.)
describe("chaindata-mock CLI", { timeout: 2 * GIVE_UP_MS + 30_000 }, () => {
  // Whatever happens in a test, leave no mock process behind.
  afterAll(() => {
    for (const child of spawned)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  beforeAll(() => bundleCli(pkg, cli));

  // "Under 3 s" is held where the machine's load cannot stretch it (/proc, Linux): a second
  // vitest worker on 2 cores stretched the wall clock to 3.1 s (review 75 F2), load 30 to 31 s.
  // Its CPU time (all threads) is the work a slow start-up adds; its start-up less its waits for a
  // CPU (unloadedMsOf) adds what it waits for instead of working (a timer, a network call, a
  // disk), which the CPU time misses (a 4 s timer before listening: about 5 s). Measured at load 5
  // to 11: 1.4 to 2.0 s of CPU, 0.9 to 1.5 s unloaded, for 1.4 to 4.1 s of wall clock; starved to
  // 40 to 45 s of wall clock: 1.6 to 2.0 s of CPU, 0.6 to 1.0 s unloaded. Elsewhere the wall clock,
  // retried: a parallel test file can steal the CPU once.
  it(
    "starts in under 3 s, prints a URL per area, logs requests, and stops on SIGTERM",
    { retry: 2 },
    async () => {
      const s = await start();
      console.log(
        `CLI start-up: ${s.ms} ms to the "listening" line, ${s.cpuMs ?? "?"} ms of its CPU, ${s.unloadedMs ?? "?"} ms without its waits for a CPU (${s.out().match(/ready in \d+ ms \(process up \d+ ms\)/)?.[0]})`,
      );
      expect(s.cpuMs ?? s.ms).toBeLessThan(3000);
      expect(s.unloadedMs ?? s.ms).toBeLessThan(3000);
      const areaLines = s
        .out()
        .split("\n")
        .filter((l) => /^\s+\S+\s+\S+\s+(?:GET |POST )?http:\/\//.test(l));
      expect(areaLines).toHaveLength(areaCount);

      const res = await fetch(`${s.url}/?api-key=k`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"jsonrpc":"2.0","id":"1","method":"nope"}',
      });
      expect((await res.json()).error.code).toBe(-32601);
      await new Promise((r) => setTimeout(r, 100));
      expect(s.out()).toMatch(/POST \/ nope → 404 +1 violation/);

      s.child.kill("SIGTERM");
      expect(await exited(s.child)).toBe(0);
      expect(alive(s.child.pid!)).toBe(false);
      expect(await portOpen(s.url)).toBe(false);
    },
  );

  it("stops on SIGINT even with a keep-alive connection open", async () => {
    const s = await start(["--mode", "dynamic"]);
    await fetch(`${s.url}/__mock/requests`, { headers: { connection: "keep-alive" } }).then((r) =>
      r.text(),
    );
    s.child.kill("SIGINT");
    expect(await exited(s.child)).toBe(0);
    expect(alive(s.child.pid!)).toBe(false);
    expect(await portOpen(s.url)).toBe(false);
  });

  it("says how to pick another port when its port is taken (exit 1)", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const { port } = blocker.address() as { port: number };
    try {
      const child = spawn(process.execPath, [cli, "--port", String(port), "--spec-dir", specDir], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      spawned.push(child);
      let text = "";
      child.stderr.on("data", (c) => (text += c));
      expect(await exited(child)).toBe(1);
      expect(text).toContain(`port ${port} is in use (--port;`);
      expect(text).toContain("CHAINDATA_MOCK_PORT");
    } finally {
      blocker.close();
    }
  });

  it("reads an empty CHAINDATA_MOCK_PORT as unset (4010), and refuses an empty --port", async () => {
    // Port 4010 may be held by a developer's `npm start`: the message then names it, which shows
    // the same thing (Number("") is 0, which would have meant any free port).
    const child = spawn(process.execPath, [cli, "--spec-dir", specDir], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CHAINDATA_MOCK_PORT: "" },
    });
    spawned.push(child);
    let text = "";
    const chosen = new Promise<string>((resolve) => {
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        const m = /listening on http:\/\/[^:\s]+:(\d+)|port (\d+) is in use/.exec(text);
        if (m) resolve(m[1] ?? m[2]!);
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", () => resolve(`exited before choosing a port:\n${text}`));
    });
    expect(await chosen).toBe("4010");
    child.kill("SIGTERM");
    await exited(child);
    const empty = spawn(process.execPath, [cli, "--port", "", "--spec-dir", specDir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let error = "";
    empty.stderr.on("data", (c) => (error += c));
    expect(await exited(empty)).toBe(2);
    expect(error).toContain('bad port ""');
  });

  it("prints help, and rejects a bad option", async () => {
    const bad = spawn(process.execPath, [cli, "--bogus"], { stdio: "ignore" });
    const help = await helpRun();
    expect(help.code).toBe(0);
    expect(help.out).toContain("Usage: chaindata-mock");
    expect(await exited(bad)).toBe(2);
  });
  /** Runs the CLI with `args` until it exits (or `until` says what it printed is enough). */
  const run = (
    args: string[],
    env: Record<string, string> = {},
    until?: (out: string) => boolean,
  ): Promise<{ child: ChildProcess; code: number | null; out: string; err: string }> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, ...env },
      });
      spawned.push(child);
      let out = "";
      let err = "";
      child.stdout.on("data", (c) => {
        out += c;
        if (until?.(out)) resolve({ child, code: null, out, err });
      });
      child.stderr.on("data", (c) => (err += c));
      child.once("exit", (code) => resolve({ child, code, out, err }));
      // (A CLI that never prints what `until` waits for fails the test rather than hang it.)
      setTimeout(() => resolve({ child, code: null, out, err }), GIVE_UP_MS).unref();
    });
  // (--help's output, read by three tests: one process for all, started by the first to ask.)
  let help: ReturnType<typeof run> | undefined;
  const helpRun = () => (help ??= run(["--help"]));

  it("--json prints one JSON line once ready, and nothing per request; an empty CHAINDATA_MOCK_HOST is unset: 127.0.0.1, not every interface", async () => {
    // (Given to listen(), "" would bind every interface: the mock would be open to the network.)
    const r = await run(
      ["--port", "0", "--spec-dir", specDir, "--json"],
      { CHAINDATA_MOCK_HOST: "" },
      (o) => o.includes("\n"),
    );
    const ready = JSON.parse(r.out);
    expect(ready).toMatchObject({
      url: `http://127.0.0.1:${ready.port}`,
      host: "127.0.0.1",
      mode: "examples",
      specDir,
    });
    expect(Object.values(ready.baseUrls)).toEqual(expect.arrayContaining([ready.url]));
    await fetch(`${ready.url}/nowhere`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.out.trim().split("\n")).toHaveLength(1);
    r.child.kill("SIGTERM");
    expect(await exited(r.child)).toBe(0);
  });

  it("names the host it cannot listen on, and where it came from (Node's bare getaddrinfo ENOTFOUND or listen EADDRNOTAVAIL did not): exit 1", async () => {
    // (No name lookup answers for .invalid; 192.0.2.1 is TEST-NET-1, no interface's address. Each
    // is not loopback, so a warning line comes first.)
    // (Side by side: each loads the specs before it tries to listen.)
    const [unknown, foreign] = await Promise.all([
      run(["--port", "0", "--spec-dir", specDir, "--host", "nosuchhost.invalid"]),
      run(["--port", "0", "--spec-dir", specDir], { CHAINDATA_MOCK_HOST: "192.0.2.1" }),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(
      /^chaindata-mock: host "nosuchhost\.invalid" \(--host\): (no such host name \(ENOTFOUND\)|its name could not be looked up \(EAI_AGAIN\)): pass --host an address of this machine/m,
    );
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain(
      'chaindata-mock: host "192.0.2.1" ($CHAINDATA_MOCK_HOST): no interface of this machine has that address (EADDRNOTAVAIL): pass --host an address of this machine, such as 127.0.0.1 (the default) or 0.0.0.0 (every interface), or set CHAINDATA_MOCK_HOST',
    );
  });

  it("--walk-pages, --page-fill: in --help, in the --json line, and the walk they shape", async () => {
    const help = await helpRun();
    expect(help.out).toMatch(/--walk-pages <n> .*default 5,\s+1 to 3000/s);
    expect(help.out).toMatch(/--page-fill <n> .*default 50, 1 to 1000/s);
    const json = await run(
      [
        "--port",
        "0",
        "--spec-dir",
        specDir,
        "-d",
        "--json",
        "--walk-pages",
        "3",
        "--page-fill",
        "20",
      ],
      {},
      (o) => o.includes("\n"),
    );
    const ready = JSON.parse(json.out);
    expect(ready).toMatchObject({ mode: "dynamic", walkPages: 3, pageFill: 20 });
    // The walk it shapes, at limit 1000: page 3 holds 20 entries (50, the default, would say that
    // --page-fill did not reach the mock) and page 4 none (the default is 5 pages). 20 and not the
    // largest, 1000: each entry is generated, and that 1000 is taken is cli-options.test's and
    // dynamic-pages.test's to show.
    const page = async (n: number) => {
      const r = await fetch(`${ready.url}/?api-key=k`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "getAssetsByOwner",
          params: {
            ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
            page: n,
            limit: 1000,
          },
        }),
      });
      const { result } = await r.json();
      return result.items.length + result.errors.length;
    };
    expect([await page(3), await page(4)]).toEqual([20, 0]);
    json.child.kill("SIGTERM");
    expect(await exited(json.child)).toBe(0);
  });

  it("--quiet prints the URL line once, with the seed and the walk; --seed or --walk-pages without --dynamic warns", async () => {
    const r = await run(
      ["--port", "0", "--spec-dir", specDir, "-q", "--seed", "s", "--walk-pages", "20"],
      {},
      (o) => o.includes("\n"),
    );
    const url =
      /^chaindata mock \(examples mode, seed "s", walk-pages 20\) listening on (http:\/\/\S+)\n$/.exec(
        r.out,
      )?.[1];
    expect(url, r.out).toBeDefined();
    await fetch(`${url}/nowhere`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.out.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.err).toContain("warning: --seed without --dynamic");
    expect(r.err).toContain("warning: --walk-pages without --dynamic");
    r.child.kill("SIGTERM");
    expect(await exited(r.child)).toBe(0);
  });

  it("--version; usage errors exit 2 with one prefix, naming the option or the variable", async () => {
    const usageErrors = [
      [["--mode", "foo"], {}, 'chaindata-mock: --mode: must be examples or dynamic (got "foo")'],
      [[], { CHAINDATA_MOCK_PORT: "abc" }, 'chaindata-mock: CHAINDATA_MOCK_PORT: bad port "abc"'],
      [["--port", "99999"], {}, 'chaindata-mock: --port: bad port "99999"'],
      [["--bogus"], {}, "chaindata-mock: Unknown option '--bogus'"],
      [
        ["--walk-pages", "0"],
        {},
        'chaindata-mock: --walk-pages: must be a whole number from 1 to 3000 (got "0")',
      ],
      [
        ["--walk-pages", "3001"],
        {},
        'chaindata-mock: --walk-pages: must be a whole number from 1 to 3000 (got "3001")',
      ],
      [
        ["--page-fill", "2.5"],
        {},
        'chaindata-mock: --page-fill: must be a whole number from 1 to 1000 (got "2.5")',
      ],
      [
        ["--page-fill", "abc"],
        {},
        'chaindata-mock: --page-fill: must be a whole number from 1 to 1000 (got "abc")',
      ],
      [
        ["--page-fill", ""],
        {},
        'chaindata-mock: --page-fill: must be a whole number from 1 to 1000 (got "")',
      ],
    ] as const;
    // (Side by side: each is a process of its own, which exits on reading its arguments.)
    const [v, help, ...refused] = await Promise.all([
      run(["--version"]),
      helpRun(),
      ...usageErrors.map(([args, env]) => run([...args, "--spec-dir", specDir], env)),
    ]);
    expect(v.code).toBe(0);
    expect(v.out.trim()).toBe(JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).version);
    expect(help.out).toContain("$CHAINDATA_SPEC_DIR");
    for (const [n, [args, , says]] of usageErrors.entries()) {
      const r = refused[n]!;
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.startsWith(says), r.err).toBe(true);
      expect(r.err).not.toContain("@chaindata/mock:");
    }
  });
});
