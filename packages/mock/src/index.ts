/**
 * `@chaindata/mock`: a local mock of every chaindata host (JSON-RPC and REST) on one port,
 * served by Prism from the spec bundles.
 *
 * ```ts
 * import { startMock } from '@chaindata/mock';
 * const mock = await startMock({ port: 0, quiet: true });
 * // … point the SDK at mock.url (environment: 'local' uses http://127.0.0.1:4010) …
 * expect(mock.requests().flatMap((r) => r.violations)).toEqual([]);
 * await mock.stop();
 * ```
 */
export { startMock } from "./server.js";
export { RPC_ERROR_HEADER } from "./json-rpc-errors.js";
export type { MockOptions, MockServer, MockMode } from "./server.js";
export type { RequestLogEntry, RequestFilter } from "./request-log.js";
export type { BodyFault, MockScenario, PendingScenario } from "./scenarios.js";
export type { AreaUrl } from "./areas.js";
export type { Severity, Violation } from "./prism.js";
export { parseJson, stringifyJson } from "./json.js";
