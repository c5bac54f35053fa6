// @chaindata/sdk's type namespaces, one per area (packages/sdk/src/generated/namespaces/<area>.ts):
// the area package's types, with the types it re-exports from @chaindata/core declared as aliases.
import { banner } from "./lib/emit.mjs";
import { ERROR_CLASSES, runtimeExports, TYPE_PARAMETERS } from "./lib/names.mjs";
import { pascal } from "./lib/schema.mjs";

/**
 * packages/sdk/src/generated/namespaces/<area>.ts: the sdk's type namespace of one area (`Das`,
 * `Wallet`…): the area package's exports, and the types it re-exports from core (the runtime's, and
 * the schemas of two or more areas) as aliases of this module (a name declared here takes the place
 * of the same name from `export *`). An editor names a type by the first import of the file it
 * finds it under, namespaces included: with core's own names re-exported under every namespace, a
 * wallet call's options showed as `Mint.RequestOptions`; as aliases per namespace they show as
 * `RequestOptions`.
 */
export function emitSdkNamespace(area, { rpc, batch }, shared = []) {
  // (`shared`: the schemas core declares for two or more areas, which the package re-exports too:
  // aliased here for the same reason: else a file importing `Wallet` and `Webhooks` showed a
  // `Webhooks.ErrorBody` as `Wallet.ErrorBody`.)
  const types = [...runtimeExports({ rpc, batch }).types, ...shared];
  const alias = (name) => {
    const declared = TYPE_PARAMETERS[name];
    const used = declared?.split(",").map((p) => p.trim().split(" ")[0]);
    return declared
      ? `export type ${name}<${declared}> = core.${name}<${used.join(", ")}>;`
      : `export type ${name} = core.${name};`;
  };
  return {
    [`packages/sdk/src/generated/namespaces/${area}.ts`]:
      banner("spec/dist/index.json") +
      `// The sdk's \`${pascal(area)}\` namespace: @chaindata/${area}'s exports, with the types it re-exports\n` +
      `// from @chaindata/core declared here as aliases, so that hovers name them \`RequestOptions\`, never\n` +
      `// another namespace's (scripts/generate/sdk-namespaces.mjs says why).\n` +
      `import type * as core from "@chaindata/core";\n\n` +
      `export type * from "@chaindata/${area}";\n` +
      // (An error class is a value too: `typeof Das.ValidationError` names its constructor.)
      [...ERROR_CLASSES, ...types].map(alias).join("\n") +
      "\n" +
      ERROR_CLASSES.map((c) => `export declare const ${c}: typeof core.${c};`).join("\n") +
      "\n",
  };
}
