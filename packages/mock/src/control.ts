/**
 * The mock's own endpoints, under `/__mock/`: `GET /__mock/requests` (the request log) and
 * `DELETE /__mock/requests` (clears it). They are not logged themselves.
 */
import type { ServerResponse } from "node:http";
import { jsonHeaders, problem, send, sendBody, sendProblem } from "./http.js";
import type { RequestLog } from "./request-log.js";

export const CONTROL_PREFIX = "/__mock/";

export function handleControl(
  method: string,
  pathname: string,
  res: ServerResponse,
  log: RequestLog,
) {
  if (pathname === `${CONTROL_PREFIX}requests`) {
    if (method === "GET") return sendBody(res, 200, jsonHeaders(), { requests: log.entries() });
    if (method === "DELETE") {
      log.clear();
      return send(res, 204, {}, "");
    }
    return sendProblem(res, problem(405, "Method not allowed", "GET or DELETE"), {
      allow: "GET, DELETE",
    });
  }
  return sendProblem(
    res,
    problem(
      404,
      "Not found",
      `${pathname}: the mock's own endpoints are GET/DELETE ${CONTROL_PREFIX}requests`,
    ),
  );
}
