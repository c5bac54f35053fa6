#!/usr/bin/env node
// `npm run example`: runs every example against the local mock and prints what each one printed.
//   node examples/run.mjs              all examples, on a mock started here (a free port)
//   node examples/run.mjs das wallet   only these
// With CHAINDATA_MOCK_URL set (e.g. http://127.0.0.1:4010 from `npm start`), that mock is used
// instead. Each example gets the mock's URL as CHAINDATA_MOCK_URL, the variable it also reads when
// run alone (`node examples/das.mjs`; default http://127.0.0.1:4010). Exits 1 if any example fails
// or made a request the mock found invalid.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Every script beside this one: the tour of @chaindata/sdk first, then one per area by name.
const ALL = readdirSync(fileURLToPath(new URL(".", import.meta.url)))
  .filter((file) => file.endsWith(".mjs") && file !== "run.mjs")
  .map((file) => file.slice(0, -".mjs".length))
  .sort((a, b) => (b === "tour") - (a === "tour") || (a < b ? -1 : 1));
const names = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const unknown = names.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`unknown example(s): ${unknown.join(", ")} (have: ${ALL.join(", ")})`);
  process.exit(2);
}

// Each example imports its area's package (the tour @chaindata/sdk), and the mock comes from
// @chaindata/mock. After `npm install` alone none has its dist/ yet: say what to run instead of a
// module-not-found stack. (import.meta.resolve names the file without checking that it exists.)
// An empty CHAINDATA_MOCK_URL (`export CHAINDATA_MOCK_URL=` to clear it) is unset: start a mock.
const givenUrl = process.env.CHAINDATA_MOCK_URL || undefined;
const needed = names.map((name) => (name === "tour" ? "sdk" : name));
if (!givenUrl) needed.push("mock");
const built = (name) => {
  try {
    return existsSync(fileURLToPath(import.meta.resolve(`@chaindata/${name}`)));
  } catch {
    return false;
  }
};
const unbuilt = [...new Set(needed)].filter((name) => !built(name));
if (unbuilt.length) {
  const list = unbuilt.map((name) => `@chaindata/${name}`).join(", ");
  console.error(
    `npm run example: ${list} not built: run \`npm run build\` (or \`npm start\`) first`,
  );
  process.exit(1);
}

const started = performance.now();
const mock = givenUrl
  ? undefined
  : await (await import("@chaindata/mock")).startMock({ port: 0, quiet: true });
const url = givenUrl?.replace(/\/$/, "") ?? mock.url;
console.log(
  mock
    ? `mock started on ${url} in ${Math.round(performance.now() - started)} ms`
    : `using the mock at ${url}`,
);

const EXAMPLE_TIMEOUT_MS = 30_000;

/**
 * Why an example failed, in a line: the error it threw (`ConnectionError: …`), else its last line
 * of output. The summary goes to stderr, which is all a caller that only sees the exit (a test's
 * execFile) shows; the example's whole output is in stdout above it.
 */
function reason(r) {
  if (r.timedOut) return `killed after ${EXAMPLE_TIMEOUT_MS / 1000} s without ending`;
  const lines = r.out
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const thrown = lines.find((line) => /^[A-Z]\w*(Error|Exception)\b[^:]*:/.test(line));
  const line = thrown ?? lines.at(-1) ?? "no output";
  return `exit ${r.code}: ${line.length > 200 ? `${line.slice(0, 199)}…` : line}`;
}

function run(name) {
  return new Promise((resolve) => {
    const file = fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
    const child = spawn(process.execPath, [file], {
      env: { ...process.env, CHAINDATA_MOCK_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, EXAMPLE_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ name, ok: code === 0, code: code ?? signal, out, timedOut });
    });
  });
}

// Run them side by side, print them in order.
const results = await Promise.all(names.map(run));
for (const r of results) {
  console.log(`\n── examples/${r.name}.mjs${r.ok ? "" : ` (FAILED: exit ${r.code})`}`);
  process.stdout.write(r.out.replace(/^\(Use `node --trace-deprecation.*\n/m, ""));
}

const failures = results.filter((r) => !r.ok);
const failed = failures.map((r) => r.name);
let invalid = 0;
if (mock) {
  const log = mock.requests();
  invalid = log.filter((r) => r.violations.length).length;
  console.log(
    `\n${results.length - failed.length}/${results.length} examples ok; the mock served ${log.length} requests, ${invalid} with violations`,
  );
  await mock.stop();
} else {
  console.log(`\n${results.length - failed.length}/${results.length} examples ok`);
}
for (const r of failures) console.error(`failed: examples/${r.name}.mjs (${reason(r)})`);
process.exit(failed.length || invalid ? 1 : 0);
