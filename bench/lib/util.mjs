// Small helpers shared by the benchmark driver and its workers.
import { fork, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const benchDir = fileURLToPath(new URL("..", import.meta.url));
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Quantile (linear interpolation) of a sorted array. */
export function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Median, min, max, quartiles and n of a list of numbers. */
export function summary(values) {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

/** Rounds for display: 3 significant digits, at most `maxDecimals` decimals. */
export function fmt(v, maxDecimals = 2) {
  if (v === undefined || v === null || Number.isNaN(v)) return "n/a";
  if (!Number.isFinite(v)) return String(v);
  const abs = Math.abs(v);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.min(1, maxDecimals) : Math.min(2, maxDecimals);
  return v.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** "median (min–max, n=N)" */
export function fmtSummary(s, unit = "", digits = 2) {
  if (!s || !s.n) return "n/a";
  if (s.n === 1) return `${fmt(s.median, digits)}${unit}`;
  if (s.min === s.max) return `${fmt(s.median, digits)}${unit} (all ${s.n} equal)`;
  return `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)}, n=${s.n})`;
}

/**
 * Runs `node [nodeArgs] bench/workers/<worker>.mjs` with `config` as JSON in argv and resolves
 * with the JSON object the worker prints as its last stdout line.
 */
export function runWorker(worker, config, { nodeArgs = [], timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeArgs, `${benchDir}workers/${worker}.mjs`, JSON.stringify(config)],
      {
        cwd: repoRoot,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const last = out.trim().split("\n").pop();
      if (code !== 0)
        return reject(
          new Error(
            `worker ${worker} ${JSON.stringify(config)} exited ${code ?? signal}: ${err.slice(-2000)}`,
          ),
        );
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(
          new Error(`worker ${worker} printed no JSON: ${out.slice(-500)} ${err.slice(-500)}`),
        );
      }
    });
  });
}

/** Starts bench/server.mjs in its own process; resolves with { url, stop(), stats(), reset() }. */
export function startServer() {
  return new Promise((resolve, reject) => {
    const child = fork(`${benchDir}server.mjs`, [], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    child.once("message", ({ port }) => {
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        pid: child.pid,
        stats: () => fetch(`${url}/__stats`).then((r) => r.json()),
        reset: () => fetch(`${url}/__reset`, { method: "POST" }).then(() => undefined),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** Runs a command, resolves with { code, ms, stdout, stderr }. */
export function timeCommand(cmd, args, { cwd = repoRoot, env = process.env, shell = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, env, shell, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, ms: performance.now() - started, stdout, stderr }));
  });
}

/** Rotates `list` by `k`: the order of configurations alternates between repetitions. */
export const rotate = (list, k) => list.map((_, i) => list[(i + k) % list.length]);

/**
 * Deterministic pseudo-random addresses, for large inputs: base58 of 32 bytes each, as the client
 * checks an address (`x-base58-bytes`), so 43 or 44 characters for nearly every one.
 */
export function addresses(count, seed = 1) {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let x = seed >>> 0 || 1;
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    let value = 0n;
    for (let j = 0; j < 32; j++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      // A first byte of at least 1, so no leading "1" (a zero byte) shortens the text.
      value = (value << 8n) | BigInt(j === 0 ? (x % 255) + 1 : x & 255);
    }
    const codes = [];
    for (; value > 0n; value /= 58n) codes.push(alphabet.charCodeAt(Number(value % 58n)));
    // Flat strings (as JSON.parse or a database driver would give), not ropes built by `+=`.
    out[i] = String.fromCharCode(...codes.reverse());
  }
  return out;
}
