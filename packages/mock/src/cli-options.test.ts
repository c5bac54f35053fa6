/**
 * cli-options.mjs, the one table of the mock CLI's options that `npm start` shares: each option has
 * its help lines, and serveOptions reads the environment as the CLI documents it.
 */
import { createServer } from "node:net";
import { describe, expect, it, vi } from "vitest";
import {
  MOCK_ONLY_HELP,
  MOCK_ONLY_OPTIONS,
  SERVE_HELP,
  SERVE_OPTIONS,
  hostProblem,
  serveOptions,
} from "./cli-options.mjs";

/** The options a help block names at the start of its lines, as `-x, --name` or `--name`. */
const named = (help: string) =>
  [...help.matchAll(/^ {2}(?:-(\w), | {4})--([\w-]+)/gm)].map(([, short, name]) => ({
    name,
    ...(short && { short }),
  }));

describe("the option table", () => {
  it.each([
    ["SERVE", SERVE_OPTIONS, SERVE_HELP],
    ["MOCK_ONLY", MOCK_ONLY_OPTIONS, MOCK_ONLY_HELP],
  ] as const)(
    "%s_HELP has a line for each option, with its short form, in order",
    (_, table, help) => {
      expect(named(help)).toEqual(
        Object.entries(table).map(([name, o]) => ({
          name,
          ...("short" in o && { short: o.short }),
        })),
      );
    },
  );

  it("no option is both served and mock-only", () => {
    expect(Object.keys(SERVE_OPTIONS).filter((name) => name in MOCK_ONLY_OPTIONS)).toEqual([]);
  });
});

describe("serveOptions", () => {
  it("takes the port and host from the environment when not given, an empty variable as unset", () => {
    expect(serveOptions("t", {}, "", {})).toEqual({
      port: 4010,
      host: "127.0.0.1",
      mode: "examples",
    });
    expect(serveOptions("t", {}, "", { CHAINDATA_MOCK_PORT: "", CHAINDATA_MOCK_HOST: "" })).toEqual(
      { port: 4010, host: "127.0.0.1", mode: "examples" },
    );
    expect(
      serveOptions("t", {}, "", { CHAINDATA_MOCK_PORT: "0", CHAINDATA_MOCK_HOST: "::1" }),
    ).toMatchObject({ port: 0, host: "::1" });
    expect(
      serveOptions("t", { port: "5", host: "localhost" }, "", {
        CHAINDATA_MOCK_PORT: "0",
        CHAINDATA_MOCK_HOST: "::1",
      }),
    ).toMatchObject({ port: 5, host: "localhost" });
  });

  it("gives the walk options as numbers, and leaves out the ones not given", () => {
    expect(
      serveOptions(
        "t",
        { dynamic: true, seed: "s", "walk-pages": "2", "page-fill": "1000" },
        "",
        {},
      ),
    ).toEqual({
      port: 4010,
      host: "127.0.0.1",
      mode: "dynamic",
      seed: "s",
      walkPages: 2,
      pageFill: 1000,
    });
  });

  it("gives --allowed-host (repeated), else $CHAINDATA_MOCK_ALLOWED_HOSTS (comma-separated), as allowedHosts; a bad one is a usage error naming where it came from (review 77, F6)", () => {
    expect(serveOptions("t", { "allowed-host": ["mock", ".ci.test"] }, "", {})).toMatchObject({
      allowedHosts: ["mock", ".ci.test"],
    });
    const env = { CHAINDATA_MOCK_ALLOWED_HOSTS: " mock , host.docker.internal,," };
    expect(serveOptions("t", {}, "", env).allowedHosts).toEqual(["mock", "host.docker.internal"]);
    expect(serveOptions("t", { "allowed-host": ["x"] }, "", env).allowedHosts).toEqual(["x"]);
    expect(serveOptions("t", {}, "", {})).not.toHaveProperty("allowedHosts");
    expect(serveOptions("t", {}, "", { CHAINDATA_MOCK_ALLOWED_HOSTS: "" })).not.toHaveProperty(
      "allowedHosts",
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      expect(() => serveOptions("t", { "allowed-host": ["mock:4010"] }, "usage", {})).toThrow(
        "exit 2",
      );
      expect(() =>
        serveOptions("t", {}, "usage", { CHAINDATA_MOCK_ALLOWED_HOSTS: "http://mock" }),
      ).toThrow("exit 2");
      expect(error.mock.calls.map(([line]) => String(line).split("\n")[0])).toEqual([
        't: --allowed-host: must be a host name with no port or scheme ("mock", "host.docker.internal"; ".example.test" for its subdomains too) (got "mock:4010")',
        't: CHAINDATA_MOCK_ALLOWED_HOSTS: must be a host name with no port or scheme ("mock", "host.docker.internal"; ".example.test" for its subdomains too) (got "http://mock")',
      ]);
    } finally {
      error.mockRestore();
      exit.mockRestore();
    }
  });

  it("takes the host without the spaces or line ends around it (a .env file with CRLF line ends), a blank variable as unset (review 72, F5)", () => {
    // "127.0.0.1\r" was passed to listen as it is: "getaddrinfo ENOTFOUND 127.0.0.1", the \r
    // unseen.
    expect(serveOptions("t", {}, "", { CHAINDATA_MOCK_HOST: "127.0.0.1\r" }).host).toBe(
      "127.0.0.1",
    );
    expect(serveOptions("t", { host: " localhost " }, "", {}).host).toBe("localhost");
    expect(serveOptions("t", {}, "", { CHAINDATA_MOCK_HOST: " \r\n" }).host).toBe("127.0.0.1");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      expect(() => serveOptions("t", { host: " " }, "usage", {})).toThrow("exit 2");
      expect(String(error.mock.calls[0]![0]).split("\n")[0]).toBe(
        't: --host: must name an interface, such as 127.0.0.1 or 0.0.0.0 (got " ")',
      );
    } finally {
      error.mockRestore();
      exit.mockRestore();
    }
  });

  it("takes a port written in decimal digits only: 0x10, 1e3, +80 are refused, not read as 16, 1000, 80 (review 72, F2)", () => {
    expect(serveOptions("t", { port: " 8080 " }, "", {}).port).toBe(8080);
    expect(serveOptions("t", {}, "", { CHAINDATA_MOCK_PORT: "0" }).port).toBe(0);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      for (const port of ["0x10", "1e3", "+80", "0b1", "8080.0", "4_010"])
        expect(() => serveOptions("t", { port }, "usage", {})).toThrow("exit 2");
      expect(() => serveOptions("t", {}, "usage", { CHAINDATA_MOCK_PORT: "0o17" })).toThrow(
        "exit 2",
      );
      expect(error.mock.calls.map(([line]) => String(line).split("\n")[0])).toEqual([
        ...["0x10", "1e3", "+80", "0b1", "8080.0", "4_010"].map(
          (port) =>
            `t: --port: bad port "${port}" (a whole number from 0 to 65535; 0 = any free port)`,
        ),
        't: CHAINDATA_MOCK_PORT: bad port "0o17" (a whole number from 0 to 65535; 0 = any free port)',
      ]);
    } finally {
      error.mockRestore();
      exit.mockRestore();
    }
  });

  it("warns, at every start, when the host is not loopback: the mock and its request log are open to the network (review 74, F2)", () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
        serveOptions("t", { host }, "", {});
      serveOptions("t", {}, "", {});
      expect(warn).not.toHaveBeenCalled();
      serveOptions("t", { host: "0.0.0.0" }, "", {});
      serveOptions("t", {}, "", { CHAINDATA_MOCK_HOST: "::" });
      serveOptions("t", { host: "192.168.1.5" }, "", {});
      expect(warn.mock.calls.map(([line]) => line)).toEqual(
        ["0.0.0.0", "::", "192.168.1.5"].map(
          (host) =>
            `t: warning: listening on ${host}, not loopback: every machine that can reach this one can call the mock, read its request log and set up its scenarios (the default, 127.0.0.1, is this machine only)`,
        ),
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe("hostProblem", () => {
  it("says an IPv6 address in a URL's brackets goes bare: listen() looked `[::1]` up as a name, and the fix it gave was for another mistake", async () => {
    // (The error listen() gives, port 0: no port is held.)
    const error = await new Promise((resolve) => {
      const server = createServer()
        .once("error", resolve)
        .listen(0, "[::1]", () => server.close(() => resolve(undefined)));
    });
    expect(hostProblem(error, "[::1]", { host: "[::1]" }, {})).toBe(
      'host "[::1]" (--host): no such host name (ENOTFOUND): pass --host ::1 (an IPv6 address goes without its brackets), or set CHAINDATA_MOCK_HOST',
    );
    expect(hostProblem({ code: "ENOTFOUND" }, "nosuchhost", {}, {})).toBe(
      'host "nosuchhost" (the default): no such host name (ENOTFOUND): pass --host an address of this machine, such as 127.0.0.1 (the default) or 0.0.0.0 (every interface), or set CHAINDATA_MOCK_HOST',
    );
    expect(hostProblem({ code: "EACCES" }, "127.0.0.1", {}, {})).toBeUndefined();
  });
});
