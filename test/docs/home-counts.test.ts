// The home page's area cards count an area's calls as its page lists them: JSON-RPC methods and
// REST operations apart. The sender has one of each (sendTransaction, GET /ping): its card read
// "2 methods" while its page lists one method.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
import { specDir } from "../contract/spec.js";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-home-counts-"));
let home = "";
beforeAll(() => {
  buildDocs({ spec: specDir, out: join(tmp, "site") });
  home = readFileSync(join(tmp, "site/index.html"), "utf8");
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Each card's count line: package → what follows it ("5 methods", "1 method · 1 operation"). */
function cards() {
  return Object.fromEntries(
    [...home.matchAll(/<code>(@chaindata\/[a-z-]+)<\/code> · ([^<]*)<\/p>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

/** The calls the spec gives an area: its OpenRPC methods and its OpenAPI operations. */
function specCounts(area: string) {
  const index = JSON.parse(readFileSync(join(specDir, "index.json"), "utf8")) as {
    areas: { area: string; kind: "openrpc" | "openapi"; file: string }[];
  };
  const counts = { methods: 0, operations: 0 };
  for (const doc of index.areas.filter((a) => a.area === area)) {
    const spec = JSON.parse(readFileSync(join(specDir, doc.file), "utf8")) as {
      methods?: unknown[];
      paths?: Record<string, Record<string, { operationId?: string }>>;
    };
    if (doc.kind === "openrpc") counts.methods += spec.methods?.length ?? 0;
    else
      for (const item of Object.values(spec.paths ?? {}))
        counts.operations += Object.values(item).filter((o) => o?.operationId).length;
  }
  return counts;
}

it("counts the sender's one method and one operation apart", () => {
  const { methods, operations } = specCounts("sender");
  expect({ methods, operations }).toEqual({ methods: 1, operations: 1 });
  expect(cards()["@chaindata/sender"]).toBe("1 method · 1 operation");
});

it("keeps one kind's count as it was", () => {
  const counts = cards();
  expect(counts["@chaindata/das"]).toMatch(/^\d+ methods$/);
  expect(counts["@chaindata/wallet"]).toMatch(/^\d+ operations$/);
  expect(counts["@chaindata/webhooks"]).toMatch(/^\d+ operations · \d+ deliveries$/);
});
