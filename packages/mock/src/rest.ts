/**
 * A REST request: handed to Prism unchanged (the operations of the OpenAPI bundles). Its
 * violations are added to the spec's (open) 400 body (the first ANSWER_VIOLATIONS_MAX, and how
 * many more) and, like Prism's own server does, sent as the `sl-violations` header. The answer to
 * a valid request follows its paging (paging.ts) and names what it asked (echo.ts).
 */
import { STATUS_CODES } from "node:http";
import { exampleForStatus, type RestRoute } from "./areas.js";
import { agree } from "./agree.js";
import { ECHOES, echoRequest, pathParams, type KnownEntries } from "./echo.js";
import { errorText } from "./generate.js";
import {
  ANSWER_VIOLATIONS_MAX,
  GATEWAY_STATUSES,
  addViolationHeader,
  gatewayPage,
  jsonHeaders,
  normalizeHeaders,
  problem,
  send,
  sendBody,
  sendProblem,
  withRetryAfter,
  type ParsedRequest,
} from "./http.js";
import { isObject, parseJsonBody } from "./json.js";
import {
  HOOK_ERROR_STATUS,
  problemViolation,
  requestErrors,
  toPrismValue,
  undocumentedStatus,
  unknownExample,
  type PrismEngine,
  type PrismPreferences,
  type Violation,
} from "./prism.js";
import { RPC_ERROR_HEADER } from "./json-rpc-errors.js";
import { examplePage, followPaging, pageSeed, walkOf, type WalkShape } from "./paging.js";
import { ABORTED_STATUS, type RequestLogEntry } from "./request-log.js";
import { documentsStatus } from "./scenarios.js";

/** What answering a REST request needs besides the request itself (areas.ts). */
export interface RestDispatch {
  engine: PrismEngine;
  /** The area of each operation, by "VERB /path". */
  areas: Map<string, string>;
  /** The methods the spec serves at a path. */
  allowed: (pathname: string) => string[];
  /** The operation a request goes to, if the spec has one for its method and path. */
  route: (method: string, pathname: string) => RestRoute | undefined;
  /** The mock's mode is `dynamic`. */
  dynamic: boolean;
  /** The mock's seed of generated data. */
  seed?: string;
  /** The mock's shape of a generated page walk. */
  walk: WalkShape;
  /** The entries the spec's examples give a batch's inputs (examples mode), built at first call. */
  known?: () => KnownEntries;
}

/** A violation per query parameter sent empty whose schema refuses the empty text. */
function emptyQueryViolations(
  route: RestRoute | undefined,
  query: Record<string, string | string[]>,
): Violation[] {
  const found: Violation[] = [];
  for (const [name, keyword] of route?.emptyRefused ?? []) {
    const value = query[name];
    if (!(Array.isArray(value) ? value : [value]).includes("")) continue;
    found.push({
      location: ["request", "query", name],
      message:
        `Request query parameter ${name} must not be empty (${keyword}: the empty text breaks ` +
        "its schema; leave the parameter out instead)",
      code: keyword,
      severity: "error",
    });
  }
  return found;
}

export async function handleRest(c: ParsedRequest, rest: RestDispatch) {
  const { engine, areas: restAreas, allowed } = rest;
  const { body, logged, parseError } = parseBody(c);
  const routed = rest.route(c.method, c.pathname);
  const before = {
    kind: "rest" as const,
    areas: routed ? [routed.area] : [],
    body: logged,
    ...(routed && { operationId: routed.operationId }),
  };
  const bad =
    c.badHook ??
    (c.headers[RPC_ERROR_HEADER] === undefined
      ? undefined
      : ({
          location: ["request", "header", RPC_ERROR_HEADER],
          // (It quotes the header as sent: masked where the answer and the log are written,
          // secrets.ts.)
          message: `X-Mock-JsonRpc-Error: ${String(c.headers[RPC_ERROR_HEADER])}: the header is for JSON-RPC requests, and ${c.method} ${c.pathname} is a REST path (its errors: Prefer: code=<status>)`,
          code: "bad-hook",
          severity: "error",
        } satisfies Violation));
  if (bad) {
    sendProblem(c.res, problem(HOOK_ERROR_STATUS, "Mock: bad hook", bad.message));
    return c.finish({ ...before, status: HOOK_ERROR_STATUS, violations: [bad] });
  }
  if (!(await c.hold(routed ? [routed.operationId] : [], false)))
    return c.finish({ ...before, status: ABORTED_STATUS, violations: [], aborted: true });
  // A gateway answers its 502, 503 or 504 before the service sees the request.
  const code = c.prefs.code;
  const errorIn200 = c.scenario?.errorIn200;
  if (
    errorIn200 === undefined &&
    routed &&
    code !== undefined &&
    GATEWAY_STATUSES[code] &&
    !documentsStatus(routed.responses, code)
  ) {
    send(
      c.res,
      code,
      withRetryAfter({ "content-type": "text/html" }, c.retryAfter),
      gatewayPage(code),
    );
    return c.finish({ ...before, status: code, violations: [] });
  }
  const input = { method: c.method, path: c.pathname, query: c.query, headers: c.headers, body };
  // A generated page follows the paging asked for, its seed too (paging.ts).
  const paging = (c.prefs.dynamic ?? rest.dynamic) ? routed?.paging : undefined;
  const prefs = { ...c.prefs };
  // `Prefer: code=500` on a `5XX` response: the example of that code, not the range's first (a
  // 503's "Service unavailable." in a 500); a 502, the range's own 500's. Examples mode only:
  // dynamic mode generates the body.
  const fitting =
    code === undefined ||
    !routed ||
    prefs.exampleKey !== undefined ||
    (prefs.dynamic ?? rest.dynamic)
      ? undefined
      : exampleForStatus(routed, code);
  if (fitting) prefs.exampleKey = fitting;
  const seed = paging && pageSeed(paging, c.query, c.prefs.seed ?? rest.seed);
  if (seed !== undefined) prefs.seed = seed;
  let result = await engine.request(input, prefs);
  // (An empty query value the spec refuses, which Prism takes as no value: the operation's 400,
  // with what is wrong, as for any request the spec refuses.)
  const empty = emptyQueryViolations(routed, c.query);
  if (empty.length && result.ok && result.status < 300 && prefs.code === undefined) {
    if (routed && documentsStatus(routed.responses, 400))
      result = await engine.request(input, { ...prefs, code: 400 });
  }
  const operationKey = result.operation
    ? `${String(result.operation.method).toUpperCase()} ${result.operation.path}`
    : undefined;
  const area = operationKey ? restAreas.get(operationKey) : undefined;
  const common = {
    kind: "rest" as const,
    areas: area ? [area] : [],
    body: logged,
    ...(result.operation?.iid && { operationId: result.operation.iid }),
  };
  /** A hook the operation cannot follow: HOOK_ERROR_STATUS, a problem that says why. */
  const answerHookError = (title: string, violation: Violation) => {
    sendProblem(c.res, problem(HOOK_ERROR_STATUS, title, violation.message));
    return c.finish({ ...common, status: HOOK_ERROR_STATUS, violations: [violation] });
  };
  const unknown = unknownExampleOf(c, result.operation, operationKey);
  if (unknown) {
    // Prism answered 404 (no such example), or with `code=` tried the example in the 2xx response
    // and answered that (the code ignored) or a 500. The request is validated first: when Prism
    // did not say it is invalid, ask it again without the example.
    if (!result.ok) {
      const withoutExample: PrismPreferences = { ...prefs };
      delete withoutExample.exampleKey;
      result = await engine.request(input, withoutExample);
    }
    if (result.ok && !requestErrors(result.violations).length)
      return answerHookError("Mock: unknown example", unknown);
  }
  if (!result.ok) {
    const undocumented = undocumentedStatusOf(c, result.operation, operationKey);
    if (undocumented) return answerHookError("Mock: undocumented status", undocumented);
    const allow = result.operation ? [] : allowed(c.pathname);
    if (allow.length) return answerMethodNotAllowed(c, result.problem, allow, common);
    const violations = [problemViolation(result.problem, ["request"])];
    const headers = { "content-type": "application/problem+json", ...result.headers };
    send(c.res, result.problem.status, headers, JSON.stringify(result.problem));
    return c.finish({ ...common, status: result.problem.status, violations });
  }
  // A body that did not parse reached Prism as its text, so what Prism says of the body ("must
  // be object") is about a string: say what is wrong instead.
  const violations = [
    ...(parseError ? replaceBodyViolations(result.violations, parseError) : result.violations),
    ...(result.ok && result.status === 400 ? empty : []),
  ];
  const inputErrors = requestErrors(violations);
  let out = result.body;
  if (inputErrors.length && (result.status === 400 || result.status === 422) && isObject(out)) {
    // The spec's 400 body is open (`additionalProperties: true`): list what was wrong, the first
    // ones only (a body of a million bad addresses has a million violations), as the log does.
    const omitted = inputErrors.length - ANSWER_VIOLATIONS_MAX;
    out = {
      ...out,
      violations: inputErrors.slice(0, ANSWER_VIOLATIONS_MAX),
      ...(omitted > 0 && { violationsOmitted: omitted }),
    };
  }
  if (!paging && routed?.paging && result.status === 200)
    out = examplePage(routed.paging, c.query, out, common.operationId ?? c.pathname);
  if (paging && result.status === 200)
    out = followPaging(
      paging,
      c.query,
      out,
      prefs.seed ?? "",
      common.operationId ?? c.pathname,
      walkOf(prefs, rest.walk),
    );
  if (result.status === 200 && !inputErrors.length && common.operationId) {
    const path = pathParams(String(result.operation?.path ?? ""), c.pathname);
    const request = { path, query: c.query, body: logged };
    const generated = prefs.dynamic ?? rest.dynamic;
    // (Not when `Prefer: example=` asks for an example: the answer is that one, naming the input.)
    const known = generated || c.prefs.exampleKey !== undefined ? undefined : rest.known?.();
    out = echoRequest(common.operationId, request, out, ECHOES, known);
    // generated values agree with each other (agree.ts); the spec's examples do already
    // (With the walk's length: a walk's pages agree with each other where one page cannot alone.)
    if (generated)
      out = agree(common.operationId, { ...request, ...walkOf(prefs, rest.walk) }, out);
  }
  const headers = withRetryAfter(
    normalizeHeaders(result.headers),
    result.status === c.prefs.code ? c.retryAfter : undefined,
  );
  out = withStatusCode(out, result.status);
  // What is sent is checked, the mock's edits included (paging, echo, agreement, the status's
  // code), with Prism's headers. Not what a hook asks for outside the spec: a Retry-After given
  // as an HTTP date (the spec's is seconds), a scenario's errorIn200 (the status's error body,
  // which the service sends in a 200 where the spec has none).
  if (errorIn200 === undefined || result.status !== errorIn200)
    violations.push(...result.checkAnswer(out));
  addViolationHeader(headers, violations);
  // A scenario's `errorIn200`: that status's error, in a 200 as the Wallet API answers some, in its
  // form: `{ error: { code, message } }` alone, the code the status's. (A generated body has a
  // random `code` and other members, which the SDK reads as a plain 200 or as a result.) Without
  // the error status's own headers (its Retry-After).
  if (errorIn200 !== undefined && result.status === errorIn200) {
    delete headers["retry-after"];
    const message = errorText(out)[0] ?? STATUS_CODES[errorIn200];
    sendBody(c.res, 200, headers, { error: { code: errorIn200, message } });
    return c.finish({ ...common, status: 200, violations });
  }
  sendBody(c.res, result.status, headers, out);
  return c.finish({ ...common, status: result.status, violations });
}

/**
 * An error answer whose `error.code` is a number, with the status answered as its code, as the
 * service's and `errorIn200`'s: a range's example (`5XX`, 503) answers every status of the range,
 * and dynamic mode generates a random code.
 */
function withStatusCode(out: unknown, status: number): unknown {
  if (status < 400 || !isObject(out) || !isObject(out.error)) return out;
  if (typeof out.error.code !== "number" || out.error.code === status) return out;
  return { ...out, error: { ...out.error, code: status } };
}

/**
 * A path the spec serves, asked with a method it has no operation for: 405 with `Allow` (RFC 9110
 * requires it; Prism sends none). A REST path's in the spec's error body, `{ error: { code,
 * message } }` (http.yaml ErrorBody, every REST error's), naming the method and the path, where
 * Prism answers its own problem (`NO_METHOD_MATCHED_ERROR`); a JSON-RPC endpoint (`GET /`)
 * Prism does not know, and its "no path matched" 404 read as a wrong URL, so the mock says why.
 */
function answerMethodNotAllowed(
  c: ParsedRequest,
  prismProblem: ReturnType<typeof problem>,
  allow: string[],
  common: Pick<RequestLogEntry, "kind" | "areas" | "body">,
) {
  const headers = { allow: allow.join(", ") };
  if (prismProblem.status === 405) {
    const message = `Method not allowed: ${c.method} ${c.pathname}; the path takes ${headers.allow}`;
    sendBody(c.res, 405, { ...jsonHeaders(), ...headers }, { error: { code: 405, message } });
    const violation: Violation = {
      location: ["request", "method"],
      message,
      code: "method-not-allowed",
      severity: "error",
    };
    return c.finish({ ...common, status: 405, violations: [violation] });
  }
  const body = problem(
    405,
    "Method not allowed",
    `${c.method} ${c.pathname} is a JSON-RPC endpoint: POST a JSON-RPC 2.0 request (or a batch) to it`,
  );
  sendProblem(c.res, body, headers);
  const violation: Violation = {
    location: ["request", "method"],
    message: body.detail,
    code: "method-not-allowed",
    severity: "error",
  };
  return c.finish({ ...common, status: 405, violations: [violation] });
}

/**
 * The violation of a `Prefer: code=<status>` that asks the operation Prism routed to for a status
 * it has no response for, if it does. (Prism answers 404, "not defined in the document", which
 * reads as a path outside the spec or as the operation's own 404.)
 */
function undocumentedStatusOf(
  c: ParsedRequest,
  operation: any,
  operationKey: string | undefined,
): Violation | undefined {
  const status = c.prefs.code;
  if (status === undefined || !operation || responseFor(operation, status)) return undefined;
  // `200`, `404`, a range (`5XX`) or `default`
  const documented: string[] = (operation.responses ?? []).map((r: any) => String(r.code));
  return undocumentedStatus(
    operationName(operation, operationKey),
    status,
    documented,
    c.scenario?.status === undefined && c.scenario?.errorIn200 === undefined
      ? c.hookSource
      : "scenario",
  );
}

/**
 * The violation of a `Prefer: example=<name>` that asks the operation Prism routed to for an
 * example its response (of `Prefer: code=`, else the one Prism answers without) has not, if it
 * does. None for a status the operation has no response for (undocumentedStatusOf says so).
 */
function unknownExampleOf(
  c: ParsedRequest,
  operation: any,
  operationKey: string | undefined,
): Violation | undefined {
  const name = c.prefs.exampleKey;
  if (name === undefined || !operation) return undefined;
  const response = responseFor(operation, c.prefs.code);
  if (!response || exampleNames(response).includes(name)) return undefined;
  const elsewhere = (operation.responses ?? []).find(
    (r: any) => r !== response && r.code !== "default" && exampleNames(r).includes(name),
  );
  return unknownExample(
    operationName(operation, operationKey),
    c.prefs,
    exampleNames(response),
    elsewhere && String(elsewhere.code),
    c.hookSource,
  );
}

/**
 * The response Prism answers for `status`: that code, else its range (`5XX`), else `default`;
 * without a status, the lowest 2xx, else `default`, else the first. Undefined when there is none.
 */
function responseFor(operation: any, status: number | undefined): any {
  const responses: any[] = operation.responses ?? [];
  const code = (r: any) => String(r.code).toUpperCase();
  const byDefault = () => responses.find((r) => code(r) === "DEFAULT");
  if (status !== undefined)
    return (
      responses.find((r) => code(r) === String(status)) ??
      responses.find((r) => code(r) === `${String(status)[0]}XX`) ??
      byDefault()
    );
  const success = responses
    .filter((r) => /^2(\d\d|XX)$/.test(code(r)))
    .sort((a, b) => (code(a) < code(b) ? -1 : 1));
  return success[0] ?? byDefault() ?? responses[0];
}

/** The names (keys) of the examples of a response, over its media types. */
const exampleNames = (response: any): string[] => [
  ...new Set<string>(
    (response.contents ?? []).flatMap((content: any) =>
      (content.examples ?? []).map((e: any) => String(e.key)),
    ),
  ),
];

/** `listWebhooks (GET /v0/webhooks)`. */
const operationName = (operation: any, operationKey: string | undefined) =>
  operation.iid ? `${operation.iid} (${operationKey})` : String(operationKey);

const isBodyViolation = (v: Violation) => v.location[0] === "request" && v.location[1] === "body";

/**
 * `violations` with Prism's violations of the body replaced by `parseError` (none added when
 * Prism found nothing wrong with the body: an operation that takes no body ignores it).
 */
function replaceBodyViolations(violations: Violation[], parseError: Violation): Violation[] {
  const first = violations.findIndex(isBodyViolation);
  if (first < 0) return violations;
  const rest = violations.filter((v) => !isBodyViolation(v));
  return [...rest.slice(0, first), parseError, ...rest.slice(first)];
}

/**
 * The body for Prism (plain JSON values) and for the log (exact big integers): parsed when the
 * content type is JSON, else the text. A JSON body that does not parse, or nests deeper than
 * MAX_BODY_DEPTH (parseJsonBody), stays text for both, with the violation that says why
 * (`parseError`).
 */
function parseBody(c: ParsedRequest): { body: unknown; logged: unknown; parseError?: Violation } {
  const contentType = String(c.headers["content-type"] ?? "");
  if (c.text === undefined || !/json/i.test(contentType)) return { body: c.text, logged: c.text };
  let reason: string;
  try {
    const parsed = parseJsonBody(c.text);
    return { body: toPrismValue(parsed), logged: parsed };
  } catch (e) {
    reason = (e as Error).message;
  }
  const parseError: Violation = {
    location: ["request", "body"],
    message: `Request body is not valid JSON: ${reason}`,
    code: "parse-error",
    severity: "error",
  };
  return { body: c.text, logged: c.text, parseError };
}
