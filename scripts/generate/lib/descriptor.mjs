// What every operation descriptor has, whichever kind of document it comes from, and the
// item type of a paginated operation.
import { literal } from "./emit.mjs";
import { layout } from "./layout.mjs";
import { isIdentifier, withArticle } from "./names.mjs";
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

/**
 * `Asset` for result items (at `path` in the result `schema`) whose schema is `$ref: …/Asset`, or
 * undefined.
 */
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
export const source = (value) =>
  literal(value)
    .replace(/([{,])"([A-Za-z_$][\w$]*)":/g, "$1 $2: ")
    .replace(/\}/g, " }");

/**
 * The source of a descriptor object: `fields` as a JS literal, with `params` (the check
 * expression from lib/validator.mjs) placed after `id`, and `encode` (an expression, JSON-RPC
 * only) last; `keyFree` (an expression, REST only) before it.
 */
export function descriptorSource({ id, ...fields }, paramsCheck, encode, keyFree) {
  const rest = Object.entries(fields).map(([key, value]) => `${key}: ${source(value)}`);
  return `{ ${[`id: ${literal(id)}`, ...(paramsCheck ? [`params: ${paramsCheck}`] : []), ...rest, ...(keyFree ? [`keyFree: ${keyFree}`] : []), ...(encode ? [`encode: ${encode}`] : [])].join(", ")} }`;
}

/**
 * The export of operation `name`'s own u64 shape, `getAssetU64Shape`; with `item`, of one item of
 * its page walk, `getAssetsByOwnerItemU64Shape`.
 */
export const u64ShapeName = (name, item = false) => `${name}${item ? "Item" : ""}U64Shape`;

/**
 * `shape` at the dotted `path`, as core's `reviveU64` reads it (an array's shape is its elements').
 */
const shapeAt = (shape, path) =>
  path.split(".").reduce((s, key) => (typeof s === "object" ? s[key] : undefined), shape);

/**
 * `shape` as JS source, as `source` writes it, with the value at the keys `ref.path` the expression
 * `ref.name`; every object frozen, as the `<operation>Pagination` exports are (each freeze marked
 * pure: a bundle that imports no shape still carries none).
 */
function shapeSource(shape, ref) {
  if (ref && !ref.path.length) return ref.name;
  if (typeof shape !== "object") return literal(shape);
  const entries = Object.entries(shape).map(
    ([key, value]) =>
      `${isIdentifier(key) ? key : literal(key)}: ${shapeSource(value, ref?.path[0] === key ? { path: ref.path.slice(1), name: ref.name } : undefined)}`,
  );
  return `/* @__PURE__ */ Object.freeze({ ${entries.join(", ")} })`;
}

/**
 * The u64 shapes of an area's operations, one export each, for its operations.ts (which imports
 * core's `U64Shape` and `U64ShapeOf` types): `<operation>U64Shape`, where the result holds u64
 * values and floats, and for an operation with a page walk `<operation>ItemU64Shape`, one item's
 * (the page's shape holds it by reference, so the two never differ). A bundle that imports one
 * carries that shape alone; `<area>U64Shape(name)` carries every operation's. Every operation has
 * both it may have, its `undefined` where the result (or item) holds no u64 value nor float, so
 * that code keeping results need not know which do; one equal to an earlier one is that export (the
 * same object). Emitted where `<area>U64Shape` is (lookup `fn`). The descriptors keep their own
 * `u64` literal: named here and referenced there, each shape cost every bundle some bytes (a
 * variable, its reference: 10 to 80 B gz a program); as a copy, a bundle that revives nothing
 * carries none of these, and one that does carries text its descriptor already holds, which gzip
 * stores as a back-reference. `operations`: [{ name, shape, items, revives, itemRevives, tags }]
 * (`items`: the path of a walk's items in a page, for those with one; `revives` and `itemRevives`:
 * the types its shapes revive, `T.GetAssetsByOwnerResult` and `T.Asset`; `tags`: the operation's
 * status tags, `@deprecated` / `@beta`, as its function has them), `walk`: the standalone page
 * walk's name of an operation.
 */
export function u64ShapeConstants(fn, operations, walk) {
  // (The first line is the text, wrapped; the others an @example's, as they are.)
  const doc = ([text, ...lines]) =>
    `/**\n${wrapped(text)}${lines.map((l) => (l ? ` * ${l}\n` : " *\n")).join("")} */\n`;
  // (A shape written once: another operation's equal one is that export, as a DAS asset's is for
  // getAsset, getAssetBatch and each item of a walk. The bundle of a client carries it once.)
  const written = new Map();
  const canonical = new Map();
  // (Typed by a cast to `U64ShapeOf<type>`, the type it revives, which `reviveU64` reads its
  // result from, so a shape given for the wrong value fails to compile. The cast costs no byte; an
  // equal shape under another name is cast to that operation's type. It goes through `U64Shape`:
  // the object has no mark, and TypeScript refuses a direct cast to a type it does not resemble, as
  // a list's result type, TS2352.)
  const declare = (name, shape, type, ref) => {
    if (shape === undefined) return `export const ${name}: undefined = undefined;`;
    const code = shapeSource(shape, ref && { ...ref, name: canonical.get(ref.name) });
    const first = written.get(code);
    if (!first) written.set(code, name);
    canonical.set(name, first ?? name);
    const head = `export const ${name} =`;
    const body = `${first ?? code} as U64Shape as U64ShapeOf<${type}>;`;
    const laid = layout(`${head} ${body}`);
    // (The frozen object on the next line, indented, where it does not start on the head's: a
    // compression operation's name is long.)
    const fits = (text) => text.split("\n").every((line) => line.length <= 100);
    if (laid.split("\n")[0].length <= 100 && (!first || fits(laid))) return laid;
    const next = `${head}\n  ${layout(body, 2).replace(/\n/g, "\n  ")}`;
    // (An equal shape under a long name, a compression operation's, with a long result type:
    // the type on a line of its own.)
    return !first || fits(next)
      ? next
      : `${head}\n  ${first} as U64Shape as U64ShapeOf<\n    ${type}\n  >;`;
  };
  const example = (name, text) => [
    "",
    "@example",
    "```ts",
    `const ${text} = reviveU64(parseJson(${text === "item" ? "itemText" : "text"}), ${name});`,
    "```",
  ];
  const out = [];
  for (const { name, shape, items, revives, itemRevives, tags = [] } of operations) {
    const result = u64ShapeName(name);
    let ref;
    if (items !== undefined) {
      const item = u64ShapeName(name, true);
      const page = shapeAt(shape, items);
      // (Items that are u64 or i64 values, a page's `3` or `4`: one item is one value, `1` or
      // `2`, which the page's shape cannot hold by reference.)
      const itemShape = page > 2 ? page - 2 : page;
      if (itemShape !== undefined && itemShape === page)
        ref = { path: items.split("."), name: item };
      const call = `${fn}(${literal(name)}, "item")`;
      out.push(
        doc(
          itemShape === undefined
            ? [
                `One item of \`${name}\`'s page walk (\`.all()\`, \`${walk(name)}\`), an element of \`${items}\`, holds no u64 value and no float: \`undefined\`, as \`${call}\` gives, which \`reviveU64\` takes (it then converts nothing).`,
                ...tags,
              ]
            : [
                `Where one item of \`${name}\`'s page walk (\`.all()\`, \`${walk(name)}\`), an element of \`${items}\`, holds u64 values (\`bigint\`) and floats (numbers, however large): for \`reviveU64\`, after the item, kept alone as JSON text (\`stringifyJson\`), is read back with \`parseJson\`. The shape \`${call}\` gives, alone: a bundle that imports it carries no other operation's. Frozen: spread it into an object of your own to change it.`,
                ...tags,
                ...example(item, "item"),
              ],
        ) + declare(item, itemShape, itemRevives),
      );
    }
    const call = `${fn}(${literal(name)})`;
    out.push(
      doc(
        shape === undefined
          ? [
              `The result of \`${name}\` holds no u64 value and no float: \`undefined\`, as \`${call}\` gives, which \`reviveU64\` takes (it then converts nothing).`,
              ...tags,
            ]
          : [
              `Where the result of \`${name}\` holds u64 values (\`bigint\`) and floats (numbers, however large): for \`reviveU64\`, after the result, kept as JSON text (\`stringifyJson\`), is read back with \`parseJson\`. The shape \`${call}\` gives, alone: a bundle that imports it carries no other operation's. Frozen: spread it into an object of your own to change it.`,
              ...tags,
              ...example(result, "cached"),
            ],
      ) + declare(result, shape, revives, ref),
    );
  }
  return out.join("\n\n");
}

/** `text` as JSDoc lines of at most 100 characters (` * ` and words; a longer word alone). */
export function wrapped(text) {
  const lines = [];
  for (const word of text.split(" "))
    if (lines.length && ` * ${lines.at(-1)} ${word}`.length <= 100)
      lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  return lines.map((line) => ` * ${line}\n`).join("");
}

/**
 * `<area>U64Shape(name)`, for a client file that imports the descriptors as `op`: where the result
 * of an operation holds u64 values, for core's `reviveU64`, by the operation's name. Emitted only
 * for an area with some (a result kept as JSON text and read back has its small u64 values as
 * numbers: this makes them `bigint` again), beside each operation's own shape (u64ShapeConstants,
 * in operations.ts), which the client file re-exports and its example shows: the bundle-friendly
 * form. `names`: the TypeScript type of an operation's name. `itemPaths`: the items' path in a
 * page, by the name of each operation with a page walk, for `(name, "item")`: one item of `.all()`
 * kept alone. `tags`: the area's status tags (`@beta`, `@deprecated`), as its client factory has
 * them.
 */
/**
 * An overload of `<area>U64Shape` typed by the name given: the type of that name's shape export,
 * `{ getAsset: typeof op.getAssetU64Shape; … }[K]`, laid out here (the layout breaks the last
 * bracket group only, and a long list of names is the first): `names`, the type of `K`, a type or
 * a list of literals, one a line where the head would pass the width; `operations`, the names.
 */
function byName(fn, names, params, operations, item) {
  const union = typeof names === "string" ? names : names.join(" | ");
  let head = `export function ${fn}<K extends ${union}>(${params}): {`;
  if (head.length > 100 && typeof names !== "string")
    head = `export function ${fn}<\n  K extends\n${names.map((n) => `    | ${n}\n`).join("")}>(${params}): {`;
  const types = operations.map((name) => `  ${name}: typeof op.${u64ShapeName(name, item)};\n`);
  return `${head}\n${types.join("")}}[K];\n`;
}

export function u64ShapeFunction(area, names, example, operations, itemPaths, tags = []) {
  const fn = `${camel(area)}U64Shape`;
  const walked = Object.keys(itemPaths);
  const own = [
    ...operations.flatMap((name) => [
      u64ShapeName(name),
      ...(walked.includes(name) ? [u64ShapeName(name, true)] : []),
    ]),
  ];
  return (
    `export { ${own.join(", ")} } from "./operations.js";\n\n` +
    `/**\n` +
    ` * Where the result of ${withArticle(area)} operation holds u64 values (\`bigint\`) and floats (numbers, however\n` +
    ` * large), as the call gives them: for \`reviveU64\` (this package exports it), after a result kept as\n` +
    ` * JSON text (\`stringifyJson\`) is read back with \`parseJson\`, which gives \`bigint\` for every integer\n` +
    ` * past 2^53 - 1 and for no other. \`undefined\` when the result holds neither.\n` +
    (walked.length
      ? ` * With \`"item"\`, an operation with a page walk gives the shape of one item of its \`.all()\`.\n`
      : "") +
    ` *\n` +
    wrapped(
      `By name, this carries every operation's shape into a bundle. Each is also exported on its own, as the same object: \`${u64ShapeName(example)}\`${walked.length ? ` and, for one item of a page walk, \`${u64ShapeName(walked[0], true)}\`` : ""} (\`<operation>U64Shape\`${walked.length ? `, \`<operation>ItemU64Shape\`` : ""}). Import those where the operation is known, as in the example: a bundle then carries only the shapes it imports. This function is for a name known only at run time.`,
    ) +
    tags.map((tag) => ` * ${tag}\n`).join("") +
    ` *\n * @example\n * \`\`\`ts\n` +
    ` * const cached = reviveU64(parseJson(text), ${u64ShapeName(example)});\n` +
    (walked.length
      ? ` * const item = reviveU64(parseJson(itemText), ${u64ShapeName(walked[0], true)});\n`
      : "") +
    ` * // By name: the same shape, with every other operation's in the bundle.\n` +
    ` * const shape = ${fn}(${literal(example)});\n` +
    ` * \`\`\`\n */\n` +
    // (Typed by the name: the export of that name's type, a `U64ShapeOf` of what it revives, so
    // that `reviveU64` types its result from a shape got by name as from one imported; a name
    // known only at run time, a union, gives the union of their types, which types nothing.)
    byName(fn, names, "operation: K", operations, false) +
    (walked.length
      ? byName(fn, walked.map(literal), 'operation: K, part: "item"', walked, true) +
        `export function ${fn}(operation: ${names}, part?: "item"): U64Shape | undefined {\n`
      : `export function ${fn}(operation: ${names}): U64Shape | undefined {\n`) +
    // (Each shape named, not \`op[operation]\`: a computed read of the namespace keeps everything
    // operations.ts exports in every bundle of the package, whether the function is used or not.
    // The shapes, not the descriptors: a bundle with this function carries no params checks.)
    `  const shapes: Record<string, U64Shape | undefined> = { ${operations.map((name) => `${name}: op.${u64ShapeName(name)}`).join(", ")} };\n` +
    (walked.length
      ? `  if (part === undefined) return shapes[operation];\n` +
        // (JavaScript: a misspelt part, "items", would otherwise give the page's shape.)
        `  if (part !== "item") throw new TypeError(\`part: must be "item" or left out (got \${JSON.stringify(part)})\`);\n` +
        `  const items: Record<string, U64Shape | undefined> = { ${walked.map((name) => `${name}: op.${u64ShapeName(name, true)}`).join(", ")} };\n` +
        // (The types refuse it too; JavaScript callers get a message, not a wrong \`undefined\`.)
        `  if (!Object.hasOwn(items, operation)) throw new TypeError(\`operation: \${String(operation)} has no page walk, so no item shape (those with one: ${walked.join(", ")})\`);\n` +
        `  return items[operation];\n}\n\n`
      : `  return shapes[operation];\n}\n\n`)
  );
}

/** The export of paged operation `name`'s pagination descriptor, `getAssetsByOwnerPagination`. */
export const paginationName = (name) => `${name}Pagination`;

/**
 * `value` as JS source, each object and list in it frozen (`/* @__PURE__ *\/`: unused, it is
 * dropped).
 */
const frozenSource = (value) =>
  value && typeof value === "object"
    ? `/* @__PURE__ */ Object.freeze(${
        Array.isArray(value)
          ? `[${value.map(frozenSource).join(", ")}]`
          : `{ ${Object.entries(value)
              .map(([key, v]) => `${isIdentifier(key) ? key : literal(key)}: ${frozenSource(v)}`)
              .join(", ")} }`
      })`
    : literal(value);

/**
 * Each paged operation's pagination descriptor (the spec's `x-pagination`, as its descriptor's
 * `pagination` holds it) as an export of its own, `<operation>Pagination`, for an operations.ts
 * that imports core's `PaginationDescriptor` type: for core's `paginate`, walking a method the
 * package does not cover that pages as one it does (DAS getAssetsByGroup as getAssetsByOwner),
 * without copying nine fields from a README. Frozen, deeply: a caller who changed a field of a
 * shared export would change every other walk that imports it. A copy, as the u64 shapes are
 * (u64ShapeConstants says why): the descriptors keep their own literal, so a bundle that imports
 * none of these carries none. `operations`: [{ name, pagination, tags }] (`tags`: the operation's
 * status tags, as its function has them); `walk`: the standalone page walk's name of an operation;
 * `fetchPage`: the example's `fetchPage` source. Undefined for no paged operation.
 */
export function paginationConstants(operations, walk, fetchPage) {
  if (!operations.length) return undefined;
  return operations
    .map(({ name, pagination, tags = [] }) => {
      const text = `How \`${name}\` pages, as its page walk (\`.all()\`, \`${walk(name)}\`) reads it: for \`paginate\` (exported here), to walk a method this package does not cover that pages as \`${name}\` does, and whose answer puts its items and next position where \`${name}\`'s does. Frozen: spread it into an object of your own to change a field. A bundle that does not import it carries none of it.`;
      return (
        `/**\n${wrapped(text)}${tags.map((tag) => ` * ${tag}\n`).join("")} *\n * @example\n * \`\`\`ts\n` +
        ` * const walk = paginate(\n *   ${fetchPage},\n *   ${paginationName(name)},\n *   params,\n *   { operation: "myMethod" },\n * );\n` +
        ` * for await (const item of walk) console.log(item);\n * \`\`\`\n */\n` +
        frozenDeclaration(
          `export const ${paginationName(name)}: Readonly<PaginationDescriptor> =`,
          pagination,
        )
      );
    })
    .join("\n\n");
}

/**
 * `head` and the frozen object `value`, one member a line, within 100 columns: the object on the
 * line of `head` where it fits, else on the next, indented (a compression operation's name is
 * long).
 */
function frozenDeclaration(head, value) {
  const open = `${head} /* @__PURE__ */ Object.freeze({`;
  const indent = open.length <= 100 ? "" : "  ";
  const members = Object.entries(value).map(
    ([key, v]) => `${indent}  ${isIdentifier(key) ? key : literal(key)}: ${frozenSource(v)}`,
  );
  return `${indent ? `${head}\n${indent}/* @__PURE__ */ Object.freeze({` : open}\n${members.join(",\n")}\n${indent}});`;
}

/** client.ts's re-export of the pagination descriptors (`names`: the paged operations). */
export const paginationReexport = (names) =>
  names.length
    ? `export { ${names.map(paginationName).join(", ")} } from "./operations.js";\n\n`
    : "";
