/**
 * The mock's own endpoints, under `/__mock/`: the request log (`GET /__mock/requests`, with
 * `?since=`, `?limit=`, `?operation=`; `DELETE` clears it and the scenarios) and the scenarios
 * (`GET`, `POST`, `DELETE /__mock/scenarios`). They are not logged themselves.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  foreignCaller,
  jsonHeaders,
  problem,
  readBody,
  send,
  sendBody,
  sendProblem,
} from "./http.js";
import { notJsonReason } from "./json.js";
import { selectEntries, type RequestLog } from "./request-log.js";
import type { Scenarios } from "./scenarios.js";

export const CONTROL_PREFIX = "/__mock/";

export async function handleControl(
  c: {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    pathname: string;
    query: Record<string, string | string[]>;
  },
  log: RequestLog,
  scenarios: Scenarios,
  allowedHosts: readonly string[],
) {
  const { res, method, pathname } = c;
  const refused = foreignCaller(c.req, allowedHosts);
  if (refused) return sendProblem(res, problem(403, "Forbidden", refused));
  const wrongMethod = (allow: string) =>
    sendProblem(res, problem(405, "Method not allowed", allow.replace(", ", " or ")), { allow });
  if (pathname === `${CONTROL_PREFIX}requests`) {
    if (method === "GET") {
      let requests;
      try {
        requests = selectEntries(log.entries(), c.query);
      } catch (e) {
        const detail = `GET ${CONTROL_PREFIX}requests: ${(e as Error).message}`;
        return sendProblem(res, problem(400, "Bad request", detail));
      }
      return sendBody(res, 200, jsonHeaders(), { requests });
    }
    if (method === "DELETE") {
      log.clear();
      scenarios.clear();
      return send(res, 204, {}, "");
    }
    return wrongMethod("GET, DELETE");
  }
  if (pathname === `${CONTROL_PREFIX}scenarios`) {
    if (method === "GET") return sendBody(res, 200, jsonHeaders(), { scenarios: scenarios.list() });
    if (method === "DELETE") {
      scenarios.clear();
      return send(res, 204, {}, "");
    }
    if (method === "POST") return addScenarios(c.req, res, scenarios);
    return wrongMethod("GET, POST, DELETE");
  }
  return sendProblem(
    res,
    problem(
      404,
      "Not found",
      `${pathname}: the mock's own endpoints are GET/DELETE ${CONTROL_PREFIX}requests and GET/POST/DELETE ${CONTROL_PREFIX}scenarios`,
    ),
  );
}

/** `POST /__mock/scenarios` with one scenario or a list: all of them added, or none (400). */
async function addScenarios(req: IncomingMessage, res: ServerResponse, scenarios: Scenarios) {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString("utf8"));
  } catch (e) {
    return sendProblem(
      res,
      problem(400, "Bad request", `The body is not JSON: ${notJsonReason(e)}`),
    );
  }
  const list = Array.isArray(body) ? body : [body];
  // (Checked on a copy first: a list with one bad scenario adds none.)
  const added = [];
  for (const [i, scenario] of list.entries()) {
    try {
      added.push(scenarios.check(scenario));
    } catch (e) {
      const where = Array.isArray(body) ? `body[${i}]` : "body";
      const message = (e as Error).message.replace(/^scenario/, where);
      return sendProblem(res, problem(400, "Bad request", message));
    }
  }
  return sendBody(res, 201, jsonHeaders(), {
    scenarios: added.map((s) => scenarios.add(s)),
  });
}
