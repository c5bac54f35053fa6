// What every operation descriptor has, whichever kind of document it comes from, and the
// item type of a paginated operation.
import { literal } from "./emit.mjs";
import { camel, deref, u64Shape } from "./schema.mjs";

/**
 * The fields @chaindata/core reads from every descriptor besides `id` and `params`:
 * retry safety, u64 shape of the result, deprecation, beta, pagination.
 */
export function commonDescriptorFields(doc, operation, resultSchema) {
  const d = { idempotent: operation["x-idempotent"] !== false };
  const u64 = resultSchema && u64Shape(doc, resultSchema);
  if (u64 !== undefined) d.u64 = u64;
  if (operation.deprecated)
    d.deprecated = operation["x-replaced-by"]
      ? `use ${operation["x-replaced-by"]} instead`
      : "no replacement is documented";
  if (operation["x-beta"] || doc.info["x-beta"]) d.beta = true;
  if (operation["x-pagination"]) {
    const { "x-source": _provenance, ...pagination } = operation["x-pagination"];
    d.pagination = pagination;
  }
  return d;
}

/**
 * The type of a paginated result's items, for the generated signatures: the items' schema by its
 * name when it is a named one (`T.Asset`), else `value.items` of the result type R as an indexed
 * type, `NonNullable<NonNullable<R["value"]>["items"]>[number]` (editors show that expression, not
 * the type it stands for, in the hover of a declaration).
 */
export const itemType = (resultType, path, { doc, schema } = {}) => {
  const named = doc && itemSchemaRef(doc, schema, path);
  return named
    ? `T.${named}`
    : `${path.split(".").reduce((acc, key) => `NonNullable<${acc}[${literal(key)}]>`, resultType)}[number]`;
};

/** `Asset` for result items (at `path` in the result `schema`) whose schema is `$ref: …/Asset`, or undefined. */
function itemSchemaRef(doc, schema, path) {
  let s = deref(doc, schema);
  for (const key of path.split(".")) s = deref(doc, s?.properties?.[key]);
  const ref = s?.items?.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/")
    ? ref.slice(ref.lastIndexOf("/") + 1)
    : undefined;
}

/** `asset` for result items whose schema is `$ref: …/Asset`, or undefined. */
export function itemSchemaName(doc, schema, path) {
  const name = itemSchemaRef(doc, schema, path);
  return name && name.charAt(0).toLowerCase() + name.slice(1);
}

/** `value` as JS source: JSON with identifier keys unquoted (descriptor values hold no quotes). */
const source = (value) =>
  literal(value)
    .replace(/([{,])"([A-Za-z_$][\w$]*)":/g, "$1 $2: ")
    .replace(/\}/g, " }");

/**
 * The source of a descriptor object: `fields` as a JS literal, with `params` (the check
 * expression from lib/validator.mjs) placed after `id`, and `encode` (an expression, JSON-RPC
 * only) last.
 */
export function descriptorSource({ id, ...fields }, paramsCheck, encode) {
  const rest = Object.entries(fields).map(([key, value]) => `${key}: ${source(value)}`);
  return `{ ${[`id: ${literal(id)}`, ...(paramsCheck ? [`params: ${paramsCheck}`] : []), ...rest, ...(encode ? [`encode: ${encode}`] : [])].join(", ")} }`;
}

/**
 * `<area>U64Shape(name)`, for a client file that imports the descriptors as `op`: where the result
 * of an operation holds u64 values, for core's `reviveU64`. Emitted only for an area with some (a
 * result kept as JSON text and read back has its small u64 values as numbers: this makes them
 * `bigint` again). `names`: the TypeScript type of an operation's name. `itemPaths`: the items'
 * path in a page, by the name of each operation with a page walk, for `(name, "item")`: one item
 * of `.all()` kept alone.
 */
export function u64ShapeFunction(area, names, example, operations, itemPaths) {
  const fn = `${camel(area)}U64Shape`;
  const walked = Object.keys(itemPaths);
  return (
    `/**\n` +
    ` * Where the result of a ${area} operation holds u64 values (\`bigint\`) and floats (numbers, however\n` +
    ` * large), as the call gives them: for \`reviveU64\` (this package exports it), after a result kept as\n` +
    ` * JSON text (\`stringifyJson\`) is read back with \`parseJson\`, which gives \`bigint\` for every integer\n` +
    ` * past 2^53 - 1 and for no other. \`undefined\` when the result holds neither.\n` +
    (walked.length
      ? ` * With \`"item"\`, an operation with a page walk gives the shape of one item of its \`.all()\`.\n`
      : "") +
    ` *\n * @example\n * \`\`\`ts\n` +
    ` * const cached = reviveU64(parseJson(text), ${fn}(${literal(example)}));\n` +
    (walked.length
      ? ` * const item = reviveU64(parseJson(itemText), ${fn}(${literal(walked[0])}, "item"));\n`
      : "") +
    ` * \`\`\`\n */\n` +
    (walked.length
      ? `export function ${fn}(operation: ${names}): U64Shape | undefined;\n` +
        `export function ${fn}(operation: ${walked.map(literal).join(" | ")}, part: "item"): U64Shape | undefined;\n` +
        `export function ${fn}(operation: ${names}, part?: "item"): U64Shape | undefined {\n`
      : `export function ${fn}(operation: ${names}): U64Shape | undefined {\n`) +
    // (Each descriptor named, not \`op[operation]\`: a computed read of the namespace keeps every
    // descriptor in every bundle of the package, whether the function is used or not.)
    `  const shapes: Record<string, U64Shape | undefined> = { ${operations.map((name) => `${name}: op.${name}.u64`).join(", ")} };\n` +
    (walked.length
      ? `  let shape = shapes[operation];\n` +
        `  if (part === undefined) return shape;\n` +
        `  const itemPaths: Record<string, string> = { ${walked.map((name) => `${name}: ${literal(itemPaths[name])}`).join(", ")} };\n` +
        // (JavaScript: a misspelt part, "items", would otherwise give the page's shape.)
        `  if (part !== "item") throw new TypeError(\`part: must be "item" or left out (got \${JSON.stringify(part)})\`);\n` +
        `  const path = itemPaths[operation];\n` +
        // (The types refuse it too; JavaScript callers get a message, not a wrong \`undefined\`.)
        `  if (!path) throw new TypeError(\`operation: \${String(operation)} has no page walk, so no item shape (those with one: ${walked.join(", ")})\`);\n` +
        // (An array's shape is its elements': the shape at the items' path is one item's.)
        `  for (const key of path.split(".")) shape = typeof shape === "object" ? shape[key] : undefined;\n` +
        `  return shape;\n}\n\n`
      : `  return shapes[operation];\n}\n\n`)
  );
}
