// The errors every call lists (spec/README.md "Errors"): every REST operation lists 400, 401, 403
// and 429, every JSON-RPC method InvalidParams, Unauthorized, Forbidden and a rate-limit error. The
// docs list an operation's errors, and the generated types and the mock its statuses and error
// objects, from what it lists: an error left out is one no page shows. A finding says what to add.
import { listOperations } from "./operations.mjs";
import { deref } from "./schema-walk.mjs";

// The errors any call on the API's hosts can meet (spec/README.md "Errors"): REST statuses, each
// with the shared response that says it; JSON-RPC codes, each with its shared error object.
const REST_ERRORS = [
  ["400", "BadRequest"],
  ["401", "Unauthorized"],
  ["403", "Forbidden"],
  ["429", "TooManyRequests"],
];
const RPC_ERRORS = [
  [-32602, "InvalidParams"],
  [-32001, "Unauthorized"],
  [-32003, "Forbidden"],
];

/**
 * Every REST operation lists 400, 401, 403 and 429, and every JSON-RPC method InvalidParams,
 * Unauthorized, Forbidden and a rate-limit error (a code whose `x-error-info` status is 429): the
 * docs list an operation's errors from these, and the generated types and the mock take its
 * statuses and error objects from them, so one left out is an error no page shows. `plainHttp`: the
 * document is a JSON-RPC area's plain-HTTP side (the sender's GET /ping, without parameters or
 * key), which lists only what its sources document.
 */
export function checkListedErrors({ area, kind, doc }, { plainHttp = false } = {}) {
  const findings = [];
  if (kind === "openapi") {
    if (plainHttp) return findings;
    for (const op of listOperations({ area, kind, doc })) {
      const responses = op.operation.responses ?? {};
      const missing = REST_ERRORS.filter(([status]) => !Object.hasOwn(responses, status));
      if (missing.length)
        findings.push(
          `${area} ${op.wire} (${op.id}): responses: does not list ${either(missing.map(([s]) => s))}: every REST operation lists 400, 401, 403 and 429 (spec/README.md "Errors"); add ${missing.map(([s, name]) => `"${s}": { $ref: "./_shared.yaml#/components/responses/${name}" }`).join(", ")}`,
        );
    }
    return findings;
  }
  const info = doc["x-error-info"] ?? {};
  // (A plan out of credits, -32429, is answered with a 429 too, but is no rate limit: a method that
  // lists it must still list its rate limit, which the client retries and it does not.)
  const limits = (code) => code !== -32429 && info[String(code)]?.httpStatus === 429;
  // (The area's own rate-limit error where another method lists one: DAS's DasRateLimited.)
  const rateLimit =
    Object.entries(doc.components?.errors ?? {}).find(([, e]) => limits(e?.code))?.[0] ??
    "RateLimited";
  (doc.methods ?? []).forEach((m, i) => {
    if (!m.errors?.length) return; // (checkOpenRpc asks for the list)
    const codes = m.errors.map((e) => deref(doc, e)?.code);
    const missing = RPC_ERRORS.filter(([code]) => !codes.includes(code)).map(
      ([code, name]) => `${name} (${code})`,
    );
    const names = missing.map((m) => m.split(" ")[0]);
    if (!codes.some(limits)) {
      missing.push("a rate-limit error");
      names.push(rateLimit);
    }
    if (missing.length)
      findings.push(
        `${area} #/methods/${i} (${m.name})/errors: does not list ${either(missing)}: every JSON-RPC method lists InvalidParams (-32602), Unauthorized (-32001), Forbidden (-32003) and a rate-limit error (one whose x-error-info httpStatus is 429) (spec/README.md "Errors"); add ${names.map((n) => `{ $ref: "./_shared.yaml#/components/errors/${n}" }`).join(", ")}`,
      );
  });
  return findings;
}

/** `a`, `a or b`, `a, b or c`. */
const either = (items) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join("");
