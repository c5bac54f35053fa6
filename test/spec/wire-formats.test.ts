// Formats and value lists of the wire held to what the service sends, apart from the spec:
//   1. a base64 field (`Base64`: compressed account data, token TLV) takes the text a base64 encoder
//      writes and nothing else (review 72, F1: its pattern took "5=" and "kn9==", which the dynamic
//      mock then answered as account data, and which no encoder writes);
//   2. the webhook enums hold the reference lists of shared/reference (the 572 transaction types of
//      api-facts.md's Appendix A and the 87 sources of Appendix B), copied beside this file, value for
//      value and in their order (review 72, F2: the seed suites checked only the ten types the seed
//      names, so a value dropped or misspelt in the 572 passed every test).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { areas, branches, deref } from "./documents.js";

const docOf = (area: string, kind: string) =>
  areas.find((a) => a.area === area && a.kind === kind)!.doc;

/** Every schema of the bundles named `name`, by the document that holds it. */
const schemasNamed = (name: string) =>
  areas
    .filter((a) => a.doc.components?.schemas?.[name])
    .map((a) => [`${a.area} ${a.kind}`, a.doc.components.schemas[name]] as const);

describe("Base64: the text a base64 encoder writes", () => {
  const holders = schemasNamed("Base64");
  // (Compressed account data and token TLV are the service's base64 fields today.)
  it("is in the compression bundle", () => {
    expect(holders.map(([where]) => where)).toContain("compression openrpc");
  });

  it.each(holders)(
    "%s: takes every encoding of 0 to 40 bytes, random and all-ones",
    (_, schema) => {
      const pattern = new RegExp(schema.pattern, "u");
      const refused: string[] = [];
      for (let n = 0; n <= 40; n++)
        for (const bytes of [randomBytes(n), Buffer.alloc(n, 0xff), Buffer.alloc(n, 0)]) {
          const text = bytes.toString("base64");
          if (!pattern.test(text)) refused.push(text);
        }
      expect(refused).toEqual([]);
    },
  );

  it.each(holders)(
    "%s: refuses text no encoder writes (a length that is no multiple of 4, bits after the last byte, another alphabet)",
    (_, schema) => {
      const pattern = new RegExp(schema.pattern, "u");
      // "5=", "kn9==" and "9DLc/9c3=": the dynamic mock's account data and TLV before the fix.
      const bad = ["5=", "kn9==", "9DLc/9c3=", "AQI", "AQIDB", "AQ=", "AR==", "AQJ=", "AQ-_", "AQ==AQ==", " AQ=="]; // prettier-ignore
      expect(bad.filter((text) => pattern.test(text))).toEqual([]);
    },
  );

  it("each field typed Base64 keeps that rule (no branch beside it takes other text)", () => {
    const doc = docOf("compression", "openrpc");
    const data = deref(doc, doc.components.schemas.CompressedAccountData).properties.data;
    const tlv = deref(doc, doc.components.schemas.CompressedTokenData).properties.tlv;
    for (const field of [data, tlv])
      expect(
        branches(doc, field)
          .filter((b) => b.type !== "null")
          .map((b) => b.pattern),
      ).toEqual([doc.components.schemas.Base64.pattern]);
  });
});

describe("the webhook enums hold the reference lists", () => {
  const list = (file: string) =>
    readFileSync(new URL(`./reference/${file}`, import.meta.url), "utf8")
      .trim()
      .split("\n");
  const webhooks = docOf("webhooks", "openapi");
  const knownOf = (name: string) => {
    const schema = deref(webhooks, webhooks.components.schemas[name]);
    return branches(webhooks, schema).flatMap((b) => b.enum ?? []);
  };

  it("TransactionType: the 572 types of api-facts.md Appendix A, in its order", () => {
    const reference = list("webhook-transaction-types.txt");
    expect(reference).toHaveLength(572);
    expect(knownOf("TransactionType")).toEqual(reference);
  });

  it("TransactionSource: the 87 sources of api-facts.md Appendix B, in its order", () => {
    const reference = list("webhook-transaction-sources.txt");
    expect(reference).toHaveLength(87);
    expect(knownOf("TransactionSource")).toEqual(reference);
  });
});
