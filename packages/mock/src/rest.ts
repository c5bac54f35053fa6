/**
 * A REST request: handed to Prism unchanged (the operations of the OpenAPI bundles). Its
 * violations are added to the spec's (open) 400 body and, like Prism's own server does, sent
 * as the `sl-violations` header.
 */
import {
  addViolationHeader,
  normalizeHeaders,
  send,
  sendBody,
  type ParsedRequest,
} from "./http.js";
import { isObject, parseJson } from "./json.js";
import { problemViolation, requestErrors, toPrismValue, type PrismEngine } from "./prism.js";

/** `restAreas`: the area of each operation, by "VERB /path". */
export async function handleRest(
  c: ParsedRequest,
  engine: PrismEngine,
  restAreas: Map<string, string>,
) {
  const { body, logged } = parseBody(c);
  const result = await engine.request(
    { method: c.method, path: c.pathname, query: c.query, headers: c.headers, body },
    c.prefs,
  );
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
  if (!result.ok) {
    const violations = [problemViolation(result.problem, ["request"])];
    const headers = { "content-type": "application/problem+json", ...result.headers };
    send(c.res, result.problem.status, headers, JSON.stringify(result.problem));
    return c.finish({ ...common, status: result.problem.status, violations });
  }
  const inputErrors = requestErrors(result.violations);
  let out = result.body;
  if (inputErrors.length && (result.status === 400 || result.status === 422) && isObject(out)) {
    // The spec's 400 body is open (`additionalProperties: true`): list what was wrong.
    out = { ...out, violations: inputErrors };
  }
  const headers = normalizeHeaders(result.headers);
  addViolationHeader(headers, result.violations);
  sendBody(c.res, result.status, headers, out);
  return c.finish({ ...common, status: result.status, violations: result.violations });
}

/**
 * The body for Prism (plain JSON values) and for the log (exact big integers): parsed when the
 * content type is JSON, else the text.
 */
function parseBody(c: ParsedRequest): { body: unknown; logged: unknown } {
  const contentType = String(c.headers["content-type"] ?? "");
  let body: unknown = c.text;
  let logged: unknown = c.text;
  if (c.text !== undefined && /json/i.test(contentType)) {
    try {
      logged = parseJson(c.text);
      body = toPrismValue(logged);
    } catch {
      // Prism reports the body as not matching the schema.
    }
  }
  return { body, logged };
}
