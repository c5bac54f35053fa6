/**
 * What an error keeps of a long body (http.ts `keptOf`: its first 65 KiB redacted, less 1 KiB):
 * no piece of the key shows, in any form the redactor reads, wherever the 65 KiB end cuts it, and
 * however masks before it shortened (earlier keys) or lengthened (`api_key=q` → `api_key=***`)
 * the text. Review 73 tried this: it holds but for HTML references padded with zeros, which the
 * comment at `keptOf` says (review 73, F2).
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { createRestTransport } from "./rest.js";
import { walletHost } from "./generated/environments.js";
import {
  getBalancesOp as getBalances,
  sendRequest,
  settle,
  stubFetch,
  walletRequest as get,
} from "./test-support/testing.js";

const KEY = "0123abcd-4567-89ef-0123-456789abcdef";
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
/** `char` as itself, percent-encoded, JSON-escaped, or an HTML reference (decimal or hex). */
const forms = (char: string, zeros: number) => {
  const code = char.charCodeAt(0);
  const padding = "0".repeat(zeros);
  return [
    char,
    "%" + hex(code, 2).toUpperCase(),
    "\\u" + hex(code, 4),
    `&#${padding}${code};`,
    `&#x${padding}${hex(code, 1)};`,
  ];
};
/** What a reader of the text would see: every escape form decoded. */
const decoded = (text: string) =>
  text
    .replace(/&#x0*([0-9a-f]+);/gi, (_, code) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&#0*(\d+);/g, (_, code) => String.fromCharCode(+code))
    .replace(/\\u([0-9a-f]{4})/gi, (_, code) => String.fromCharCode(parseInt(code, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, code) => String.fromCharCode(parseInt(code, 16)));

it("an error's body and message keep no piece of a key cut by the 65 KiB end, in any form", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        // (How far into the key's text the 66,560-character end falls, and a nudge either way.)
        into: fc.nat(260),
        nudge: fc.integer({ min: -40, max: 40 }),
        shorter: fc.nat(200),
        longer: fc.nat(200),
        form: fc.array(fc.nat(4), { minLength: KEY.length, maxLength: KEY.length }),
        zeros: fc.nat(3),
        before: fc.constantFrom("", " ", "Authorization: Bearer ", "?api-key=", '"authHeader":"'),
      }),
      async ({ into, nudge, shorter, longer, form, zeros, before }) => {
        const start = `${KEY} `.repeat(shorter) + "api_key=q&".repeat(longer) + before;
        const key = [...KEY].map((char, i) => forms(char, zeros)[form[i]!]).join("");
        const fill = Math.max(0, 66560 - start.length - Math.min(into, key.length) + nudge);
        const text = start + "q".repeat(fill) + key + " y".repeat(600);
        const { error } = await settle(
          sendRequest(
            createRestTransport(
              { apiKey: KEY, fetch: stubFetch(new Response(text, { status: 400 })).fetch },
              walletHost,
            ),
            get(),
            { operation: getBalances },
          ),
        );
        const shown = JSON.stringify(error) + error.message;
        expect(decoded(shown)).not.toContain(KEY.slice(0, 3));
        expect(String(error.body).endsWith("…")).toBe(true);
      },
    ),
    { numRuns: 150 },
  );
});
