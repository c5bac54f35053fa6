/**
 * The run of a call's params check without the call: for the generated `check<Operation>`
 * functions (docs/decisions/0023-param-checks.md). A module of its own, reached only through
 * them: a program that imports no check carries none of it.
 */
import { messageValue, type OperationDescriptor } from "./config.js";
import { ConfigurationError, ofOperation, type ValidationIssue } from "./errors.js";
import { madeCalls, type JsonRpcClient } from "./json-rpc.js";
import { credentialsIn } from "./redact.js";
import { errorOfIssues, runCheck, type Check } from "./validate.js";

/**
 * Checks `params` the way a call of `operation` over `endpoint` (the first argument of the
 * standalone calls) checks them before it sends anything, and sends nothing: the same refusals, a
 * refused value quoted with the same redaction (the endpoint's API key and credentials masked: a
 * key pasted into a field is quoted `"***"`), and the same ValidationError, `operation` set, thrown
 * at once. A REST endpoint runs its own `check`; a JSON-RPC endpoint, which has none (a member on
 * every endpoint would be bytes in every program, decision 0023), runs its `call` as far as the
 * check: `call` checks synchronously, before its first `await`, and is stopped inside the check, so
 * that nothing after it (batcher, coalescer, key, `fetch`) is reached. A `call` of the caller's own
 * making (a test's double, a wrapper) is never run: the check runs alone, every refused value of
 * 16 characters or more quoted `"***"` (its key, if it wraps an endpoint, is unknown here), and
 * every one holding a credential the params carry (a webhook's `authHeader`).
 * @param factory - the endpoint's factory, named when `endpoint` is none (`createDasRpc`)
 * @param what - what the first argument must be, before the factory's name (notAnRpc's words)
 * @throws ConfigurationError when `endpoint` is no endpoint
 * @throws ValidationError listing every issue, as the call's
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const checkParams = (
  endpoint: unknown,
  factory: string,
  operation: OperationDescriptor,
  params: unknown,
  what = "an rpc from",
): void => {
  const given = endpoint as Partial<JsonRpcClient> & {
    check?: (operation: OperationDescriptor, params: unknown) => void;
  };
  // (Worded as the call's own refusal, json-rpc.ts's notAnRpc: check-params.test.ts holds the two
  // to the same words, as one function for both cost every standalone call 12 B gzipped. Never
  // quoted: a string there may be the key.)
  if (!(given && typeof given === "object" && typeof given.call === "function")) {
    // (The sdk's composed client holds the calls one level down, each area under its name: the
    // factory's middle word, `tokenMetadata` of createTokenMetadataRest. A getter, not enumerable,
    // that `in` sees without making the area: before, it read "(got object)".)
    const area = factory.slice("create".length).replace(/R(pc|est)$/, "");
    const isClient =
      operation.id in Object(endpoint) ||
      area[0]!.toLowerCase() + area.slice(1) in Object(endpoint);
    throw new ConfigurationError(
      `${operation.id}: the first argument must be ${what} ${factory}() (got ${
        isClient
          ? `a client: its calls check their own params; pass ${factory}()'s result`
          : messageValue(endpoint)
      })`,
      { operation: operation.id },
    );
  }
  if (given.check) return given.check(operation, params);
  let issues: ValidationIssue[] | undefined;
  const own: Check = (value, path, found) => {
    operation.params?.(value, path, found);
    issues = found;
    // (Stops the call here, valid params too: it is caught by the call, which then rejects.)
    throw new Error("checked");
  };
  // Only a `call` this package made: one of the caller's own making (a test's double, a wrapper)
  // may count, answer or send what it is given, and runs no check of ours. (`call` read once: a
  // getter read again may hand another `call` than the one found ours.)
  const { call } = given;
  if (madeCalls.has(call)) call({ ...operation, params: own }, params).catch(() => {});
  // An endpoint of the caller's own making: the check, every refused value of 16 characters or
  // more quoted `"***"`. Its key, if it wraps an endpoint of ours, is unknown here, and may be what
  // was pasted into a field; a shorter value (a typo of an enum value, `"0OIl"` for an address,
  // a number) is no key (the service's is a UUID, 36), and shown, as the redactor takes a base
  // URL's path segment of 16 or more for a token (http.ts). Before, every one was masked.
  // A credential the params carry (a webhook's `authHeader`) is masked however short, as the
  // endpoint's own check masks it: a secret read from a file with its line break is refused, and
  // before, it was shown in the refusal.
  // (Found as JSON writes it, as the value is quoted: a secret's tab is `\t` there.)
  if (!issues) {
    const secrets = credentialsIn(params).map((secret) => JSON.stringify(secret).slice(1, -1));
    return runCheck(operation.params ?? (() => {}), params, undefined, (text) => {
      const shown = String(text);
      return shown.replace(/^"|"$/g, "").length < 16 && !secrets.some((s) => shown.includes(s))
        ? shown
        : shown[0] == '"'
          ? '"***"'
          : "***";
    });
  }
  if (issues.length) throw ofOperation(errorOfIssues(issues), operation.id);
};
