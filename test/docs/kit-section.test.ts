// The core README's "Using chaindata with `@solana/kit`" section says what a Kit app meets, and
// this holds it to the built packages. Its blocks (```ts) import `@solana/kit` (and the sending one
// `@solana-program/system` and `@solana-program/compute-budget`), devDependencies of this
// repository pinned in docs/decisions/0011-dependency-pins.md: test/types/readme.test.ts
// type-checks them with the README's other blocks, and the docs site's page of the section shows
// them, so test/docs/snippets.test.ts runs them against the mock. Here every name they import from
// a chaindata package must be an export of it; the refusals the section quotes must be the SDK's
// own, with nothing sent, for Kit's own values too (a signed `Transaction`, its wire bytes, one
// compiled unsigned); neither package's errors may pass for the other's; and the claims about JSON (no `BigInt.prototype.toJSON` patch,
// `stringifyJson` writing a bigint) must hold with every package it names loaded.
import { readFileSync } from "node:fs";
import * as compression from "@chaindata/compression";
import * as das from "@chaindata/das";
import * as sender from "@chaindata/sender";
import {
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  isSolanaError,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__ADDRESSES__STRING_LENGTH_OUT_OF_RANGE,
  SolanaError,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import ts from "typescript";
import { toBase58 } from "../../packages/mock/src/echo.js";
import { describe, expect, it, vi } from "vitest";

const HEADING = "## Using chaindata with `@solana/kit`";
const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const start = readme.indexOf(`\n${HEADING}\n`);
if (start < 0) throw new Error(`packages/core/README.md has no "${HEADING}" section`);
const after = readme.slice(start + HEADING.length + 2);
const section = after.slice(0, after.search(/^## /m));
/** The section's prose as one line, so a quote wrapped across lines reads whole. */
const prose = section.replace(/\s+/g, " ");
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** The block that builds, signs and sends a transaction with Kit. */
const sendBlock = blocks.find((code) => code.includes(".sendTransaction("));

const packages: Record<string, object> = {
  "@chaindata/compression": compression,
  "@chaindata/das": das,
  "@chaindata/sender": sender,
};

/** A sender whose fetch records every request: none may be made for a refused call. */
function recordingSender() {
  const fetch = vi.fn(async () => new Response('{"jsonrpc":"2.0","id":"1","result":"x"}'));
  return { client: sender.createSenderClient({ fetch, maxRetries: 0 }), fetch };
}
// A signed base64 transaction (the sender README's), so only the part under test is wrong.
const TRANSACTION =
  "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9GU3f2pYVA/f8SrN0ySqw+K7/ZMs4oJ4l3Dsse4Ug8BAAIE+dCUhLhDr+MiUbGM9HY82w67DVWdbvaDBp1iQFDnFqcu7nuJKk74pEqr+XDMDjfq9yZ2dRcMHWmc0xJ0SWxUPwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwZGb+UhFzL/7K26csOb57yM5bvF9xJrLEObOkAAAAC1mWaqQqnxp+/GVr22qds7K3UnRDfYIPwTG3kS53nq7gMDAAUCeAUAAAMACQOghgEAAAAAAAICAAEMAgAAAEBCDwAAAAAA";

// The same transaction as Kit's compileTransaction leaves it unsigned: its one signature 64 zero bytes.
const unsignedBytes = Buffer.from(TRANSACTION, "base64").fill(0, 1, 65);
const UNSIGNED_BASE64 = unsignedBytes.toString("base64");
const UNSIGNED_BASE58 = toBase58(unsignedBytes);

// A transaction as Kit builds it (the section's send block, less its RPC): a fresh signer, a fake
// blockhash, a transfer; signed, and compiled without signing.
const payer = await generateKeyPairSigner();
const kitMessage = pipe(
  createTransactionMessage({ version: 0 }),
  (m) => setTransactionMessageFeePayerSigner(payer, m),
  (m) =>
    setTransactionMessageLifetimeUsingBlockhash(
      {
        blockhash: blockhash("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"),
        lastValidBlockHeight: 100n,
      },
      m,
    ),
  (m) =>
    appendTransactionMessageInstructions(
      [
        getTransferSolInstruction({
          source: payer,
          destination: payer.address,
          amount: sender.senderMinimumTipLamports.default,
        }),
      ],
      m,
    ),
);
const kitSigned = await signTransactionMessageWithSigners(kitMessage);
const kitUnsigned = compileTransaction(kitMessage);

describe("the core README's section on using chaindata with @solana/kit", () => {
  it("has two blocks, both importing Kit, and imports from chaindata only names its packages export", () => {
    expect(blocks).toHaveLength(2);
    expect(sendBlock, "a block sends a transaction").toBeDefined();
    const imported: string[] = [];
    for (const [i, code] of blocks.entries()) {
      const source = ts.createSourceFile(`kit${i}.ts`, code, ts.ScriptTarget.ES2022, true);
      const from = source.statements
        .filter(ts.isImportDeclaration)
        .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
      expect(from, `block ${i}`).toContain("@solana/kit");
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement)) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (!from.startsWith("@chaindata/")) continue;
        const bindings = statement.importClause?.namedBindings;
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          expect(packages[from], `${from} is loaded by this test`).toBeDefined();
          expect(Object.keys(packages[from]!), `${name} from ${from}`).toContain(name);
          imported.push(name);
        }
      }
    }
    expect(imported).toContain("createSenderClient");
  });

  it.each([
    [
      "a negative bigint maxRetries (a bigint is taken, its range checked)",
      "params.config.maxRetries: must be >= 0 (got -1n)",
      { transaction: TRANSACTION, config: { encoding: "base64", maxRetries: -1n } },
    ],
    [
      "a transaction's wire bytes instead of its text",
      "params.transaction: must be string (got Uint8Array)",
      { transaction: new Uint8Array(8), config: { encoding: "base64" } },
      { transaction: getTransactionEncoder().encode(kitSigned), config: { encoding: "base64" } },
    ],
    [
      "a Kit Transaction object (a frozen plain object) instead of its text",
      "(got object)",
      {
        transaction: Object.freeze({ messageBytes: new Uint8Array(8), signatures: {} }),
        config: { encoding: "base64" },
      },
      { transaction: kitSigned, config: { encoding: "base64" } },
    ],
    [
      "a transaction compiled without signing (its signature 64 zero bytes)",
      // Whole, with the encoding the message ends with: a quote that stopped before it read as
      // the whole message, which no refusal is.
      'params.transaction: must be signed (signature 1 of 1 is 64 zero bytes: its signer has not signed; sign with every signer before sending) when params.config.encoding is "base64"',
      { transaction: UNSIGNED_BASE64, config: { encoding: "base64" } },
      {
        transaction: getBase64EncodedWireTransaction(kitUnsigned),
        config: { encoding: "base64" },
      },
    ],
  ])("quotes the refusal of %s as the SDK words it, nothing sent", async (_, quoted, ...inputs) => {
    for (const params of inputs) {
      expect(prose).toContain(`\`${quoted}\``);
      const { client, fetch } = recordingSender();
      const error = await client.sendTransaction(params as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(sender.ValidationError);
      expect((error as Error).message).toContain(quoted);
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it("says the unsigned refusal ends with the encoding, and it is the whole message in both", async () => {
    const quoted = /`(params\.transaction: must be signed \(signature 1 of 1 [^`]*)`/.exec(prose);
    expect(quoted, "the section quotes the refusal").not.toBeNull();
    expect(prose).toContain('`"base58"` for base58 text');
    expect(prose).toContain("`x-solana-transaction`");
    for (const [transaction, encoding] of [
      [UNSIGNED_BASE64, "base64"],
      [UNSIGNED_BASE58, "base58"],
    ] as const) {
      const { client, fetch } = recordingSender();
      const error = await client
        .sendTransaction({ transaction, config: { encoding } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(sender.ValidationError);
      expect((error as Error).message).toBe(quoted![1]!.replace('"base64"', `"${encoding}"`));
      expect((error as InstanceType<typeof sender.ValidationError>).issues[0]?.rule).toBe(
        "x-solana-transaction",
      );
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it("quotes the refusal of Kit's abortSignal call option as the SDK words it, nothing sent", async () => {
    const quoted = /`(abortSignal: is not a request option \(signal, timeout), …\)`/.exec(prose);
    expect(quoted, "the section quotes the refusal").not.toBeNull();
    const { client, fetch } = recordingSender();
    const error = await client
      .sendTransaction({ transaction: TRANSACTION, config: { encoding: "base64" } }, {
        abortSignal: new AbortController().signal,
      } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sender.ConfigurationError);
    expect((error as Error).message.startsWith(`${quoted![1]}, `)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the config the Kit block writes, maxRetries a number, as it is", async () => {
    expect(sendBlock).toContain(
      'config: { encoding: "base64", skipPreflight: true, maxRetries: 0 }',
    );
    const { client, fetch } = recordingSender();
    await client.sendTransaction({
      transaction: TRANSACTION,
      config: { encoding: "base64", skipPreflight: true, maxRetries: 0 },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body)).params).toEqual([
      TRANSACTION,
      { encoding: "base64", skipPreflight: true, maxRetries: 0 },
    ]);
  });

  it("sends Kit's bigint maxRetries and minContextSlot as bare JSON integers, as the section says", async () => {
    expect(prose).toContain("`maxRetries: 0n` is sent as `0`");
    const { client, fetch } = recordingSender();
    await client.sendTransaction({
      transaction: TRANSACTION,
      config: { encoding: "base64", maxRetries: 0n, minContextSlot: 18446744073709551615n },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body);
    expect(body).toContain(
      '{"encoding":"base64","maxRetries":0,"minContextSlot":18446744073709551615,"skipPreflight":true}',
    );
  });

  it("holds its claim that neither package's errors are the other's", async () => {
    expect(prose).toContain("neither is the other");
    const { client } = recordingSender();
    const ours = await client
      .sendTransaction({ transaction: kitSigned as never, config: { encoding: "base64" } })
      .catch((e: unknown) => e);
    expect(sender.isChainDataError(ours)).toBe(true);
    expect(isSolanaError(ours)).toBe(false);
    const kits = new SolanaError(SOLANA_ERROR__ADDRESSES__STRING_LENGTH_OUT_OF_RANGE, {
      actualLength: 3,
    });
    expect(isSolanaError(kits)).toBe(true);
    expect(sender.isChainDataError(kits)).toBe(false);
  });

  // The send block's resend loop, run as shown on a stub: the sends it makes and the waits it takes.
  // (The docs said three times to resend "in a loop of your own" and showed none; a bot written
  // from them resent after a failed simulation and ignored a 429's Retry-After: user trial 82, F1.)
  async function resendLoop(answers: ((id: unknown) => Response)[]) {
    const start = sendBlock!.indexOf("const blockhashValid");
    const end = sendBlock!.indexOf("console.log(sent");
    expect(start, "the send block's resend loop").toBeGreaterThan(0);
    const loop = ts.transpileModule(sendBlock!.slice(start, end), {
      compilerOptions: { target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      answers.shift()!((JSON.parse(String(init.body)) as { id: unknown }).id),
    );
    const waits: number[] = [];
    const sleep = async (ms: number, _: unknown, { signal }: { signal: AbortSignal }) => {
      expect(signal.aborted).toBe(false);
      waits.push(ms);
    };
    // A module of the loop alone, what it names from outside given as its function's arguments.
    const module = `export default async (sender, wire, APIError, isRetryable, sleep) => { ${loop}; return sent; };`;
    const { default: run } = (await import(
      `data:text/javascript,${encodeURIComponent(module)}`
    )) as { default: (...args: unknown[]) => Promise<string> };
    const client = sender.createSenderClient({ fetch });
    const result = await run(client, TRANSACTION, sender.APIError, sender.isRetryable, sleep).catch(
      (e: unknown) => e,
    );
    return { result, sends: fetch.mock.calls.length, waits };
  }
  const rpc =
    (body: object, status = 200, headers: Record<string, string> = {}) =>
    (id: unknown) =>
      new Response(JSON.stringify({ jsonrpc: "2.0", id, ...body }), {
        status,
        headers: { "content-type": "application/json", ...headers },
      });

  it("shows a resend loop that resends after a 503 and a 429, waiting what the 429 asks", async () => {
    const { result, sends, waits } = await resendLoop([
      rpc({ error: { code: -32002, message: "Service unavailable" } }, 503),
      rpc({ error: { code: -32005, message: "Rate limit exceeded" } }, 429, { "retry-after": "3" }),
      rpc({
        result:
          "2N7CjeQa8bnyjBePfb62Ak3wjMUCCQwckvHGt9tkHGYaE6McJe9bks7gggrS8tbnh5K1KQ4AfPs37orYvfQcdBsc",
      }),
    ]);
    expect(result).toBe(
      "2N7CjeQa8bnyjBePfb62Ak3wjMUCCQwckvHGt9tkHGYaE6McJe9bks7gggrS8tbnh5K1KQ4AfPs37orYvfQcdBsc",
    );
    expect(sends, "one request a send: the SDK's own retries are off").toBe(3);
    expect(waits).toEqual([500, 3000]);
  });

  it("shows a resend loop that stops at a failed simulation and at a missing tip, after one send", async () => {
    const simulation = await resendLoop([
      rpc({
        error: { code: -32002, message: "Transaction simulation failed", data: { logs: [] } },
      }),
    ]);
    expect(simulation.result).toBeInstanceOf(sender.JsonRpcError);
    expect([simulation.sends, simulation.waits]).toEqual([1, []]);
    const noTip = await resendLoop([
      rpc({ error: { code: -32602, message: "Invalid params" } }, 400),
    ]);
    expect(noTip.result).toBeInstanceOf(sender.BadRequestError);
    expect([noTip.sends, noTip.waits]).toEqual([1, []]);
  });

  it("holds its JSON claims: no package patches BigInt.prototype.toJSON, and stringifyJson writes a bigint", () => {
    expect(prose).toContain("Neither package patches `BigInt.prototype.toJSON`");
    expect(Object.keys(packages)).toHaveLength(3); // every chaindata package the section names, loaded
    expect(Object.prototype.hasOwnProperty.call(BigInt.prototype, "toJSON")).toBe(false);
    expect(das.stringifyJson({ lamports: 18446744073709551615n })).toBe(
      '{"lamports":18446744073709551615}',
    );
  });
});
