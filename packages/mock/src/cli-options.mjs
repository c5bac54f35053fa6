// The mock CLI's options: their table, their help and their checks, written once for the two
// programs that take them. The mock's CLI (src/cli.ts, bundled into dist/cli.js) and the
// repository's `npm start` (scripts/start.mjs), which forwards the options that shape what is
// served and checks them before its build, when a fresh clone has no dist/ to import yet: hence
// plain JavaScript, beside its types (cli-options.d.mts), with no import but Node's.
// An option added to SERVE_OPTIONS is taken by both; one added to MOCK_ONLY_OPTIONS is refused
// by `npm start` by name. test/scripts/start.test.ts holds both programs to this table.
import { parseArgs } from "node:util";

/**
 * The bounds of a walk's shape (`walkPages`, `pageFill`). A DAS `limit` is at most 1,000
 * (spec/openrpc/das.yaml), so a page is never filled past it; a 1,000-entry page is about 5.6 MB
 * of JSON, made in about 0.4 s of CPU, and nothing of it is kept once sent (a 40-page walk peaks
 * as a 20-page one does). Up to 3,000 pages: a walk by cursor keeps the cursors of its first
 * 1,000 pages and its last 1,000 (decision 0015), and only one of over 2,000 pages drops some, so
 * a long-walk test of a job's memory needs more than 2,000 (a cap of 1,000 refused it).
 * A cursor names its page in two base58 digits, up to 3,363 (makeCursor in paging.ts).
 */
export const WALK_BOUNDS = Object.freeze({ walkPages: 3000, pageFill: 1000 });

/** The rule `value` breaks as the walk option `option`, or undefined when it keeps it. */
export function walkRule(option, value) {
  const max = WALK_BOUNDS[option];
  return Number.isInteger(value) && value >= 1 && value <= max
    ? undefined
    : `a whole number from 1 to ${max}`;
}

/** Whether `host` (a --host) is this machine only: `localhost`, 127/8 or ::1. */
export const isLoopbackHost = (host) =>
  /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());

/**
 * The rule an `allowedHosts` entry breaks, or undefined when it keeps it: a host name without a
 * port or scheme, a leading "." for the name and its subdomains (as Vite's `server.allowedHosts`).
 */
export const allowedHostRule = (name) =>
  typeof name === "string" && /^\.?[a-z\d_-]+(?:\.[a-z\d_-]+)*$/i.test(name) && name.length <= 253
    ? undefined
    : 'a host name with no port or scheme ("mock", "host.docker.internal"; ".example.test" for its subdomains too)';

/** The options that shape what the mock serves (`npm start` forwards them), for parseArgs. */
export const SERVE_OPTIONS = Object.freeze({
  port: { type: "string", short: "p" },
  host: { type: "string", short: "H" },
  mode: { type: "string", short: "m" },
  dynamic: { type: "boolean", short: "d" },
  seed: { type: "string" },
  "walk-pages": { type: "string" },
  "page-fill": { type: "string" },
  "allowed-host": { type: "string", multiple: true },
});

/** SERVE_OPTIONS's lines of the help. */
export const SERVE_HELP = `  -p, --port <n>        port (default 4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
  -H, --host <addr>     interface (default 127.0.0.1, or $CHAINDATA_MOCK_HOST)
  -m, --mode <mode>     examples (default: the spec's examples) or dynamic (schema-generated)
  -d, --dynamic         same as --mode dynamic
      --seed <s>        seed of the dynamic generator (same seed, same data); without
                        --dynamic, only for requests that ask Prefer: dynamic=true
      --walk-pages <n>  dynamic mode: pages with items in a generated page walk (default 5,
                        1 to ${WALK_BOUNDS.walkPages}); then an empty page, or no next cursor
      --page-fill <n>   dynamic mode: the most entries a generated DAS page is filled to, up
                        to its limit (default 50, 1 to ${WALK_BOUNDS.pageFill}); a larger limit gets one short page
      --allowed-host <name>  a name besides localhost and IP addresses that the mock's own
                        endpoints (/__mock/: the log, scenarios) answer under, such as a
                        docker-compose service's; repeatable, ".name" for subdomains too (or
                        $CHAINDATA_MOCK_ALLOWED_HOSTS, comma-separated)`;

/** The mock CLI's options that shape no served data: what it reads and what it prints. */
export const MOCK_ONLY_OPTIONS = Object.freeze({
  "spec-dir": { type: "string" },
  quiet: { type: "boolean", short: "q" },
  json: { type: "boolean" },
  version: { type: "boolean", short: "v" },
});

/** MOCK_ONLY_OPTIONS's lines of the help. */
export const MOCK_ONLY_HELP = `      --spec-dir <dir>  folder with index.json and the bundles (default: $CHAINDATA_SPEC_DIR,
                        else the repository's spec/dist, else the copy shipped in the package)
  -q, --quiet           print only the "listening on <url>" line, once ready
      --json            print only one JSON line once ready: {"url", "port", "host", "mode",
                        "baseUrls", "specDir"} (and "seed", "walkPages", "pageFill" when
                        given), for a script to read
  -v, --version         the version`;

/**
 * The options of SERVE_OPTIONS parsed into `values`, checked as the mock takes them (else a
 * usage error of `program`), with the environment's defaults: startMock's `port`, `host`,
 * `mode`, and `seed`, `walkPages`, `pageFill`, `allowedHosts` when given. Prints a warning (to
 * stderr) for each given option that shapes only dynamic answers when the mode is not dynamic.
 */
export function serveOptions(program, values, usage, env = process.env) {
  // An empty variable is unset (`CHAINDATA_MOCK_PORT= npm run mock`); an empty --port is a mistake.
  const fromEnv = values.port === undefined && !!env.CHAINDATA_MOCK_PORT;
  const port = parsePort(
    program,
    fromEnv ? "CHAINDATA_MOCK_PORT" : "--port",
    values.port ?? (env.CHAINDATA_MOCK_PORT || "4010"),
    usage,
  );
  if (values.dynamic && values.mode !== undefined && values.mode !== "dynamic")
    usageError(program, `--dynamic and --mode ${values.mode} contradict each other`, usage);
  const mode = values.dynamic ? "dynamic" : (values.mode ?? "examples");
  if (mode !== "examples" && mode !== "dynamic")
    usageError(program, `--mode: must be examples or dynamic (got ${JSON.stringify(mode)})`, usage);
  const walk = (flag, option) => {
    const text = values[flag];
    const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
    const rule = walkRule(option, n);
    if (rule)
      usageError(program, `--${flag}: must be ${rule} (got ${JSON.stringify(text)})`, usage);
    return n;
  };
  // Trimmed: a "127.0.0.1\r" from a .env file with CRLF line ends failed as "getaddrinfo
  // ENOTFOUND 127.0.0.1". A blank variable is unset; a blank --host a mistake, as an empty --port
  // is ("" would listen on every interface).
  const host = (values.host ?? env.CHAINDATA_MOCK_HOST ?? "").trim();
  if (values.host !== undefined && !host)
    usageError(
      program,
      `--host: must name an interface, such as 127.0.0.1 or 0.0.0.0 (got ${JSON.stringify(values.host)})`,
      usage,
    );
  const options = {
    port,
    host: host || "127.0.0.1",
    mode,
    ...(values.seed !== undefined && { seed: values.seed }),
    ...(values["walk-pages"] !== undefined && { walkPages: walk("walk-pages", "walkPages") }),
    ...(values["page-fill"] !== undefined && { pageFill: walk("page-fill", "pageFill") }),
  };
  const fromEnvHosts = values["allowed-host"] === undefined;
  const allowedHosts = fromEnvHosts
    ? (env.CHAINDATA_MOCK_ALLOWED_HOSTS ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
    : values["allowed-host"];
  for (const name of allowedHosts) {
    const rule = allowedHostRule(name);
    if (rule)
      usageError(
        program,
        `${fromEnvHosts ? "CHAINDATA_MOCK_ALLOWED_HOSTS" : "--allowed-host"}: must be ${rule} (got ${JSON.stringify(name)})`,
        usage,
      );
  }
  if (allowedHosts.length) options.allowedHosts = allowedHosts;
  // Said at every start, not only in --help: the request log holds what requests sent, and the
  // scenarios make the mock fail.
  if (!isLoopbackHost(options.host))
    console.error(
      `${program}: warning: listening on ${options.host}, not loopback: every machine that can reach this one can call the mock, read its request log and set up its scenarios (the default, 127.0.0.1, is this machine only)`,
    );
  if (values.seed !== undefined && mode !== "dynamic")
    console.error(
      `${program}: warning: --seed without --dynamic seeds only the requests that ask Prefer: dynamic=true (add --dynamic to seed every answer)`,
    );
  for (const flag of ["walk-pages", "page-fill"])
    if (values[flag] !== undefined && mode !== "dynamic")
      console.error(
        `${program}: warning: --${flag} without --dynamic shapes only the walks whose requests ask Prefer: dynamic=true (examples are never filled; add --dynamic to shape every walk)`,
      );
  return options;
}

/**
 * Where an option's value came from, for a message: its flag (`--host`, given as `flagValue`), its
 * variable (`$CHAINDATA_MOCK_HOST`, set to `envValue`: a blank one is unset), or the default. (The
 * variable's value is passed, not read here by its name: the mock reads only variables named in
 * full, which packages.test.ts lists.)
 */
export const givenBy = (option, flagValue, variable, envValue) =>
  flagValue !== undefined ? `--${option}` : envValue?.trim() ? `$${variable}` : "the default";

/**
 * Why the mock cannot listen on `host`, when the value explains it (a name no lookup knows, an
 * address of another machine), naming where the value came from (`values` as serveOptions took
 * them) and what to pass instead; undefined for other failures. Node's bare "getaddrinfo
 * ENOTFOUND nosuchhost" or "listen EADDRNOTAVAIL" names no option. The mock's CLI says it when
 * startMock fails; `npm start` before its build, from a probe of the port.
 */
export function hostProblem(error, host, values, env = process.env) {
  const problem = {
    ENOTFOUND: "no such host name",
    EAI_AGAIN: "its name could not be looked up",
    EADDRNOTAVAIL: "no interface of this machine has that address",
  }[error?.code];
  if (!problem) return undefined;
  const from = givenBy("host", values.host, "CHAINDATA_MOCK_HOST", env.CHAINDATA_MOCK_HOST);
  // (`[::1]` is how a URL writes an IPv6 address; listen() takes it bare, and looks the bracketed
  // text up as a name: ENOTFOUND, "no such host name" of an address isLoopbackHost accepts.)
  const bare = /^\[(.+)\]$/.exec(host)?.[1];
  const instead = bare
    ? `${bare} (an IPv6 address goes without its brackets)`
    : "an address of this machine, such as 127.0.0.1 (the default) or 0.0.0.0 (every interface)";
  return `host ${JSON.stringify(host)} (${from}): ${problem} (${error.code}): pass --host ${instead}, or set CHAINDATA_MOCK_HOST`;
}

// parseCli, usageError and parsePort are copies of scripts/lib/cli.mjs's
// (test/packaging/cli-copies.test.ts fails when they differ): the published package cannot
// import from the repository's scripts.

/**
 * The parsed `options` (plus `-h, --help`) of `program`. `--help` prints `usage` and exits 0; an
 * unknown option or stray argument is a usage error (parseArgs's message names it).
 */
export function parseCli(program, options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    usageError(program, error.message, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** Prints `<program>: <message>`, a blank line and `usage` (never a stack trace), and exits 2. */
export function usageError(program, message, usage) {
  console.error(`${program}: ${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * `text` as a port number, else a usage error naming `name` (the option or the environment
 * variable it came from) and what a port is.
 */
export function parsePort(program, name, text, usage) {
  // (Digits only: Number() also reads "0x10" as 16, "1e3" as 1000 and "+80" as 80.)
  const port = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (port <= 65535) return port;
  usageError(
    program,
    `${name}: bad port ${JSON.stringify(text)} (a whole number from 0 to 65535; 0 = any free port)`,
    usage,
  );
}
