// checkEnumDescriptions (scripts/spec/rules/enum-descriptions.mjs): a description's list of an
// enum's values against the enum. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkEnumDescriptions } from "../../../scripts/spec/rules/enum-descriptions.mjs";
import { area, components, openrpc } from "./fixtures.js";

const STATUS =
  "Which transactions are delivered: `all`, only `success`ful or only `failed` ones (`all` by default).";

describe("spec rules", () => {
  it("enum descriptions: a list that names every value and no other passes", () => {
    const doc = components({
      Status: { type: "string", enum: ["all", "success", "failed"], description: STATUS },
      // The values with a gloss each, joined by ", or"; an ellipsis stands for the values it matches.
      Sort: {
        type: "string",
        enum: ["created", "id", "enhanced", "enhancedDevnet"],
        description:
          "`created` (creation), `id` (asset id, the default; keyset), or `enhanced` (parsed); the `…Devnet` variants watch devnet.",
      },
    });
    expect(checkEnumDescriptions({ area, doc })).toEqual([]);
  });

  it("enum descriptions: a value the list leaves out, and one the enum does not have, are named with the schema's path", () => {
    const doc = components({
      Status: {
        type: "string",
        enum: ["all", "success", "failed", "pending"],
        description: STATUS,
      },
      Model: {
        anyOf: [{ enum: ["single"] }, { type: "string" }],
        description: "An open enum: the known values are `single` and `token`.",
      },
    });
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/components/schemas/Status: description lists the enum's values and disagrees with the enum: missing `pending` (the enum: all, success, failed, pending; edit the description or the enum)",
    ]);
    // (One value of two named is no list of the enum's values: the open enum above says nothing.)
    (doc.components.schemas.Status as { enum: string[] }).enum.pop();
    (doc.components.schemas.Model as { anyOf: Array<{ enum?: string[] }> }).anyOf[0]!.enum = [
      "single",
      "token",
      "fanout",
    ];
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/components/schemas/Model: description lists the enum's values and disagrees with the enum: missing `fanout` (the enum: single, token, fanout; edit the description or the enum)",
    ]);
    doc.components.schemas.Model = {
      anyOf: [{ enum: ["single", "token", "fanout"] }, { type: "string" }],
      description: "An open enum: the known values are `single`, `token` and `burn`.",
    };
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/components/schemas/Model: description lists the enum's values and disagrees with the enum: missing `fanout`; not in the enum: `burn` (the enum: single, token, fanout; edit the description or the enum)",
    ]);
  });

  it("enum descriptions: reads an array's description of its items' enum, open or closed", () => {
    const doc = components({
      // (DAS AssetAuthority's scopes: the rule did not read an array's items.)
      Authority: {
        type: "object",
        properties: {
          scopes: {
            type: "array",
            items: { anyOf: [{ enum: ["full", "royalty", "metadata"] }, { type: "string" }] },
            description:
              "An open enum: the known values are `full`, `royalty`, `metadata` and `extension`.",
          },
        },
      },
      Sides: {
        type: "array",
        items: { type: "string", enum: ["buy", "sell", "hold"] },
        description: "Any of `buy` and `sell`.",
      },
      // A nullable array: its type a list (the rule read `type: "array"` alone).
      MaybeSides: {
        type: ["array", "null"],
        items: { type: "string", enum: ["buy", "sell", "hold"] },
        description: "Any of `buy` and `sell`, or null.",
      },
    });
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/components/schemas/Authority/properties/scopes: description lists the enum's values and disagrees with the enum: not in the enum: `extension` (the enum: full, royalty, metadata; edit the description or the enum)",
      "t #/components/schemas/Sides: description lists the enum's values and disagrees with the enum: missing `hold` (the enum: buy, sell, hold; edit the description or the enum)",
      "t #/components/schemas/MaybeSides: description lists the enum's values and disagrees with the enum: missing `hold` (the enum: buy, sell, hold; edit the description or the enum)",
    ]);
  });

  it("enum descriptions: reads a parameter's description of its $ref'd enum; examples ('such as', 'for example') and a single value are no list", () => {
    const doc = openrpc();
    const method = doc.methods[0]!;
    Object.assign(doc, {
      components: {
        schemas: {
          Side: { type: "string", enum: ["buy", "sell", "hold"] },
          Kind: {
            type: "string",
            enum: ["SWAP", "TRANSFER", "ANY", "UNKNOWN"],
            description:
              "A type, such as `SWAP` or `TRANSFER` (`ANY` matches all; `UNKNOWN` when none).",
          },
        },
      },
    });
    method.params.push(
      {
        name: "side",
        description: "The side: `buy` or `sell`.",
        schema: { $ref: "#/components/schemas/Side" },
      } as never,
      {
        name: "kind",
        description: "For example `SWAP`, `TRANSFER`.",
        schema: { $ref: "#/components/schemas/Kind" },
      } as never,
    );
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/methods/0/params/2: description lists the enum's values and disagrees with the enum: missing `hold` (the enum: buy, sell, hold; edit the description or the enum)",
    ]);
  });

  it("enum descriptions: a list after 'like' gives examples; a value the enum lacks is named though none is missing; a wildcard in a list is no value; a oneOf branch's enum is read; an example is no schema", () => {
    const doc = components({
      Kind: {
        type: "string",
        enum: ["SWAP", "TRANSFER", "ANY"],
        description: "A type like `SWAP` or `TRANSFER`.",
      },
      Side: { type: "string", enum: ["buy", "sell"], description: "`buy`, `sell` or `hold`." },
      Sort: {
        type: "string",
        enum: ["created", "createdDevnet", "id"],
        description: "`created`, `id` or `…Devnet`.",
      },
      Model: {
        oneOf: [{ enum: ["single", "token", "fanout"] }, { type: "string" }],
        description: "`single` or `token`.",
      },
      // (An example's members are data: one named description beside one named enum says nothing.)
      Shown: {
        type: "object",
        examples: [{ description: "`buy` or `sell`", enum: ["buy", "sell", "hold"] }],
      },
    });
    expect(checkEnumDescriptions({ area, doc })).toEqual([
      "t #/components/schemas/Side: description lists the enum's values and disagrees with the enum: not in the enum: `hold` (the enum: buy, sell; edit the description or the enum)",
      "t #/components/schemas/Model: description lists the enum's values and disagrees with the enum: missing `fanout` (the enum: single, token, fanout; edit the description or the enum)",
    ]);
  });
});
