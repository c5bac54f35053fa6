// An area's constants (src/generated/constants.ts), from the facts its documents state outside
// any operation: `info.x-tip-accounts` → `<area>TipAccounts`, `info.x-minimum-tip-lamports` →
// `<area>MinimumTipLamports`, and the host's regional endpoints (spec/hosts.yaml `x-regions`,
// the server's `x-regions` in the bundle) → `<host>Regions`. Each is its own top-level `const`
// with no side effects, so a bundle that does not import it does not carry it.
// scripts/spec/rules.mjs (checkAreaConstants) has checked their shape.
// Their JSDoc holds the value's meaning and date, not its `x-source`: where a value was found is
// for the spec's readers (and the docs site), and filled a caller's hover with notes on pull
// requests and file names.
import { banner, literal } from "./lib/emit.mjs";
import { GLOBAL_REGION, regionalServer, regionNames, regionUrls } from "./lib/areas.mjs";
import { camel, pascal } from "./lib/schema.mjs";

const clean = (text) => String(text).replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();

/** A JSDoc block of paragraphs (each one line; empty ones dropped). */
const block = (paragraphs, indent = "") =>
  `${indent}/**\n${paragraphs
    .filter(Boolean)
    .map((p) => `${indent} * ${p}`)
    .join(`\n${indent} *\n`)}\n${indent} */\n`;

/** `1000000` → `1_000_000n` (digits grouped, as a bigint literal: lamports are u64). */
const lamports = (n) => `${String(n).replace(/\B(?=(\d{3})+$)/g, "_")}n`;

/** `{ "packages/<area>/src/generated/constants.ts": … }`, or `{}` when the area states none. */
export function emitAreaConstants(a) {
  const { area, doc, file } = a;
  const info = doc.info ?? {};
  const name = camel(area);
  const parts = [];
  const tips = info["x-tip-accounts"];
  if (tips)
    parts.push(
      block([
        clean(tips.description),
        `@see {@link ${name}MinimumTipLamports} for the smallest tip.`,
      ]) +
        `export const ${name}TipAccounts = [\n${tips.accounts.map((a) => `  ${literal(a)},`).join("\n")}\n] as const;\n`,
    );
  const tip = info["x-minimum-tip-lamports"];
  if (tip)
    parts.push(
      block([
        clean(tip.description),
        `**As of ${tip.asOf}** (when these values were last checked against the public docs); in lamports, as \`bigint\` like every u64 amount of the SDK. The type is \`bigint\`, not the literal values, because they change.`,
      ]) +
        `export const ${name}MinimumTipLamports: Readonly<{\n` +
        `  /** The default route ("Sender Max", dual routing). */\n  default: bigint;\n` +
        `  /** With \`swqosOnly: true\` (the \`swqos_only=true\` query parameter). */\n  swqosOnly: bigint;\n` +
        `}> = { default: ${lamports(tip.default)}, swqosOnly: ${lamports(tip.swqosOnly)} };\n`,
    );
  const regions = regionUrls(a);
  if (regions) {
    const server = regionalServer(a);
    const host = server["x-host"];
    // (The first regional endpoint, for the sample: `global` is the host's own URL.)
    const regional = regions.find(([code]) => code !== GLOBAL_REGION)[0];
    parts.push(
      block([
        `The ${host} host's endpoints, for \`baseUrls.${host}\`: \`global\` is the mainnet host (https, routed to the nearest region; the one for browsers), the others are regional endpoints (plain http, for servers): pick the one nearest to you. A key travels in cleartext over http, so a client given an \`apiKey\` (a custom rate limit's) refuses them: use \`global\` then.`,
        `\`baseUrls\` takes URLs only, not region names: \`create${pascal(area)}Client({ baseUrls: { ${host}: ${host}Regions.${regional} } })\`.`,
      ]) +
        `export const ${host}Regions = {\n` +
        regions.map(([code, url]) => `  ${code}: ${literal(url)},`).join("\n") +
        `\n} as const;\n\n` +
        `/** A region of {@link ${host}Regions}: \`"global"\` or a regional endpoint's code. */\n` +
        `export type ${pascal(host)}Region = keyof typeof ${host}Regions;\n`,
    );
  }
  if (!parts.length) return {};
  return {
    [`packages/${area}/src/generated/constants.ts`]:
      banner(`spec/dist/${file} (info, and spec/hosts.yaml x-regions)`, import.meta.url) +
      `// Constants a caller needs to build a transaction for this area, from the spec.\n\n` +
      parts.join("\n"),
  };
}

/** The package README's section on the area's constants (below the first call), or "". */
export function readmeConstants(a) {
  const { area, doc } = a;
  const info = doc.info ?? {};
  const name = camel(area);
  const server = regionalServer(a);
  const tips = info["x-tip-accounts"];
  const tip = info["x-minimum-tip-lamports"];
  if (!server && !tips && !tip) return "";
  const host = server?.["x-host"];
  // (The first regional endpoint, for the sample: `global` is the host's own URL.)
  const region = server && regionNames(a).find((code) => code !== GLOBAL_REGION);
  const imports = [
    ...(server ? [`create${pascal(area)}Client`] : []),
    ...(tip ? [`${name}MinimumTipLamports`] : []),
    ...(server ? [`${host}Regions`] : []),
    ...(tips ? [`${name}TipAccounts`] : []),
  ];
  const lines = [
    `import { ${imports.join(", ")} } from "@chaindata/${area}";`,
    "",
    ...(server
      ? [
          `// The regional endpoint nearest you (plain http, for servers, so with no apiKey; \`${host}Regions.global\` is https).`,
          `const regional = create${pascal(area)}Client({ baseUrls: { ${host}: ${host}Regions.${region} } });`,
        ]
      : []),
    ...(tips || tip
      ? [
          "// What the transaction must pay, to build into it with your Solana library:",
          "const tip = {",
          ...(tips
            ? [`  to: ${name}TipAccounts[Math.floor(Math.random() * ${name}TipAccounts.length)]!,`]
            : []),
          ...(tip
            ? [
                `  lamports: ${name}MinimumTipLamports.default, // a bigint; .swqosOnly with swqosOnly: true`,
              ]
            : []),
          "};",
        ]
      : []),
    ...(server && doc.methods?.[0]
      ? [
          `// …then, with the signed transaction: await regional.${doc.methods[0].name}({ … }) as above.`,
        ]
      : []),
  ];
  const facts = [
    tips
      ? `\`${name}TipAccounts\`: the ${tips.accounts.length} tip accounts; every transaction must transfer a tip to one of them.`
      : "",
    tip
      ? `\`${name}MinimumTipLamports\`: the smallest tip per route, as of ${tip.asOf} (it has changed over time: check the current docs; the JSDoc has the history).`
      : "",
    server
      ? `\`${host}Regions\`: the host's URLs (${regionNames(a)
          .map((c) => `\`${c}\``)
          .join(
            ", ",
          )}). \`baseUrls.${host}\` takes a URL, not a region name: \`${host}Regions.${region}\`, not \`"${region}"\`, which throws a \`ConfigurationError\` that names \`${host}Regions.${region}\`. One shape for every host's \`baseUrls\`, and the URL in use is explicit.`
      : "",
  ].filter(Boolean);
  return (
    `\n\n## Constants\n\n${facts.map((f) => `- ${f}`).join("\n")}\n\n` +
    "```ts\n" +
    lines.join("\n") +
    "\n```"
  );
}
