/**
 * What happens to one HTTP request: CORS, the mock's own endpoints (`/__mock/`, control.ts),
 * reading the body, starting its log entry, then the route:
 *
 * - `POST <x-path>` (`/` for rpc, `/fast` for sender) with a JSON-RPC body (or a batch): each
 *   request is routed by its `method` to the synthetic operation `POST /__rpc/<area>/<method>`
 *   (see convert.ts) and answered by Prism, then the id is put back (json-rpc.ts).
 * - `/__rpc/…` itself, or a target that is no path (`*`): 404.
 * - Anything else goes to Prism unchanged (the REST operations of the OpenAPI bundles, rest.ts),
 *   the sender's `GET /ping` among them (spec/openapi/sender.yaml: `ok`, text/plain); a method a
 *   path has no operation for (`GET /` too) is a 405 with `Allow`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import {
  allowedMethods,
  exampleExchanges,
  prismDocuments,
  restAreaByOperation,
  restRoutes,
} from "./areas.js";
import { knownEntries, type KnownEntries } from "./echo.js";
import { CONTROL_PREFIX, handleControl } from "./control.js";
import {
  breakBody,
  cors,
  maskAnswer,
  parseTarget,
  problem,
  readBody,
  searchParamsToObject,
  sendPreflight,
  sendProblem,
  type ParsedRequest,
} from "./http.js";
import { handleJsonRpc } from "./json-rpc.js";
import { readHooks } from "./hooks.js";
import { createPrismEngine } from "./prism.js";
import { beginEntry, type RequestLog } from "./request-log.js";
import { handleRest } from "./rest.js";
import { MOST_SECRET_CHARACTERS, MOST_SECRETS, requestMasks } from "./secrets.js";
import type { WalkShape } from "./paging.js";
import { createScenarios, type PendingScenario, type Scenarios } from "./scenarios.js";
import type { LoadedSpec } from "./spec.js";

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Loads the spec's operations into Prism and returns the handler of every request, and the
 * scenarios it follows; each answered request is recorded in `log`. `defaults`: the mode (and
 * seed) of the mock, and the shape of its generated page walks.
 */
export async function createHandler(
  spec: LoadedSpec,
  defaults: { dynamic: boolean; seed?: string; walk: WalkShape; allowedHosts?: readonly string[] },
  log: RequestLog,
): Promise<{ handle: Handler; scenarios: Scenarios }> {
  const { documents, endpoints } = prismDocuments(spec);
  const engine = await createPrismEngine(documents, defaults);
  const route = restRoutes(spec);
  // (Examples mode: a batch's input that an example answers gets that answer, echo.ts.) Built when
  // first needed: a dynamic mock needs them only for a request that asks for examples
  // (`Prefer: dynamic=false`); an examples-mode mock builds them now, before its first answer.
  let entries: KnownEntries | undefined;
  const known = () => (entries ??= knownEntries(exampleExchanges(documents)));
  if (!defaults.dynamic) known();
  const rest = {
    engine,
    known,
    areas: restAreaByOperation(spec),
    allowed: allowedMethods(spec, endpoints),
    route,
    ...defaults,
  };
  const dispatch = { engine, endpoints, known, ...defaults };
  const rpcMethods = new Set([...endpoints.values()].flatMap((byName) => [...byName.keys()]));
  // Each operation's documented responses, by JSON-RPC method or REST operationId: a scenario's
  // status is checked against them when it is set up.
  const statuses = new Map<string, string[]>(
    spec.areas.flatMap((a) =>
      a.kind === "openapi"
        ? Object.values<any>(a.doc.paths ?? {}).flatMap((item) =>
            Object.values<any>(item)
              .filter((op) => typeof op?.operationId === "string")
              .map((op): [string, string[]] => [op.operationId, Object.keys(op.responses ?? {})]),
          )
        : [],
    ),
  );
  for (const byName of endpoints.values())
    for (const [name, method] of byName) statuses.set(name, method.statuses.map(String));
  const scenarios = createScenarios(
    (name) => statuses.get(name),
    (name) => rpcMethods.has(name),
  );

  // Each answer's `x-request-id` (not the control API's), as the service sends one: a client's
  // `onResponse`, its errors' `requestId` and a log pipeline see one locally too.
  let answered = 0;
  const handle: Handler = async (req, res) => {
    const started = Date.now();
    const { pathname, searchParams } = parseTarget(req.url ?? "/");
    const query = searchParamsToObject(searchParams);
    const method = (req.method ?? "GET").toUpperCase();
    // Everything written about the request is masked of the secrets it carries: its answer here,
    // its log entry in beginEntry.
    const masks = requestMasks({ pathname, query, headers: req.headers });
    maskAnswer(res, masks);
    cors(req, res);

    if (method === "OPTIONS" && req.headers["access-control-request-method"])
      return sendPreflight(res);
    // (Not logged, as a 413 is not: its answer says why.)
    if (masks?.refused)
      return sendProblem(
        res,
        problem(
          400,
          "Too many credentials",
          `Mock: the request carries ${masks.refused[0]} credentials of ${masks.refused[1]} characters (key values, credential headers); the mock masks at most ${MOST_SECRETS}, of ${MOST_SECRET_CHARACTERS} characters in all, in what it writes about a request`,
        ),
      );
    if (pathname.startsWith(CONTROL_PREFIX))
      return handleControl(
        { req, res, method, pathname, query },
        log,
        scenarios,
        defaults.allowedHosts ?? [],
      );
    res.setHeader("x-request-id", `mock-${++answered}`);

    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (e) {
      return sendProblem(res, problem(413, "Payload too large", String((e as Error).message)));
    }
    const text = raw.length ? raw.toString("utf8") : undefined;
    const headers = { ...req.headers };
    const begun = beginEntry(
      { started, method, path: pathname, query, headers, text, mask: masks?.text },
      log.record,
    );
    // A scenario's `body` shows in the entry as `bodyFault`: the status alone reads as a good
    // answer.
    let bodyFault: PendingScenario["body"];
    const finish: typeof begun = (outcome) =>
      begun(bodyFault && !outcome.aborted ? { ...outcome, bodyFault } : outcome);
    const hooks = readHooks(headers, query);
    // A client that gives up (or the mock stopping) ends a delay: nothing waits for an answer.
    const left = new AbortController();
    res.once("close", () => {
      if (!res.writableEnded) left.abort();
    });
    const request: ParsedRequest = {
      res,
      method,
      pathname,
      text,
      query,
      headers,
      prefs: "bad" in hooks ? {} : hooks.prefs,
      hookSource: "bad" in hooks ? "header" : hooks.source,
      ...("bad" in hooks ? { badHook: hooks.bad } : { retryAfter: hooks.retryAfter }),
      // (On `this`: the JSON-RPC and REST handlers get a copy of the request.)
      async hold(operations, rpc) {
        const scenario = scenarios.take(operations, rpc);
        if (scenario) {
          this.scenario = scenario;
          if (scenario.status !== undefined) {
            this.prefs = { ...this.prefs, code: scenario.status };
            this.retryAfter = scenario.retryAfter;
          }
          // (Its status's error body, which rest.ts then answers in a 200.)
          if (scenario.errorIn200 !== undefined)
            this.prefs = { ...this.prefs, code: scenario.errorIn200 };
          if (scenario.body !== undefined) {
            bodyFault = scenario.body;
            breakBody(res, scenario.body);
          }
        }
        const delay = scenario?.delay ?? ("bad" in hooks ? undefined : hooks.delay);
        if (!delay) return true;
        return sleep(delay, true, { signal: left.signal }).catch(() => false);
      },
      finish,
    };

    const rpcMethods = method === "POST" ? endpoints.get(pathname) : undefined;
    if (rpcMethods) return handleJsonRpc({ ...request, methods: rpcMethods }, dispatch);
    // The synthetic operations are internal: clients use the real JSON-RPC wire format.
    if (pathname.startsWith("/__rpc/"))
      return rejectPath(
        request,
        `${pathname} is internal to the mock; POST JSON-RPC to ${[...endpoints.keys()].join(" or ")}`,
      );
    // `*` or a broken URL (parseTarget): no route has it, and Prism answers a 500 to a path without
    // `/`.
    if (!pathname.startsWith("/"))
      return rejectPath(request, `The request target ${pathname} is not a path`);
    return handleRest(request, rest);
  };
  return { handle, scenarios };
}

/** A path no route of the mock has, and Prism cannot be asked about: 404, `no-route`. */
function rejectPath(c: ParsedRequest, detail: string) {
  const body = problem(404, "Not found", detail);
  sendProblem(c.res, body);
  return c.finish({
    kind: "other",
    areas: [],
    status: 404,
    violations: [
      {
        location: ["request", "path"],
        message: body.detail,
        code: "no-route",
        severity: "error",
      },
    ],
    body: c.text,
  });
}
