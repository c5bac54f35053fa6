// The TypeScript types of an area's schemas: openapi-typescript's output (for REST and JSON-RPC
// alike: a JSON-RPC area's schemas are wrapped as an OpenAPI document's components), reworked on
// its syntax tree: each named schema its own declaration, inputs' arrays readonly, open enums as
// `Known | (string & {})`, u64 values as bigint, optional members that accept `undefined`, and
// JSDoc an editor shows well (descriptions first, long examples left out, exact integers).
import { createRequire } from "node:module";
import { openEnumParts } from "../../lib/open-enum.mjs";
import { exactValueAt } from "../../spec/bundle.mjs";
import { areaStatusTags, markBigints } from "./emit.mjs";
import { listed, paramRules } from "./param-rules.mjs";
import { isObject } from "./places.mjs";
import { acceptsBigint, isU64 } from "./schema.mjs";

// (Required, not imported: Node reads a CommonJS package imported from ESM twice more, to tell
// its module format and to list its exports; for typescript's 9 MB, and openapi-typescript's CJS
// build with it, that was half a second of every `npm run generate`.)
const require = createRequire(import.meta.url);
const { default: openapiTS, astToString } = require("openapi-typescript");
const ts = require("typescript");

const bigint = ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword);
const bigintOrNull = ts.factory.createUnionTypeNode([
  bigint,
  ts.factory.createLiteralTypeNode(ts.factory.createNull()),
]);
// An integer input marked `x-accepts-bigint` (schema.mjs acceptsBigint).
const numberOrBigint = ts.factory.createUnionTypeNode([
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
  bigint,
]);
const numberOrBigintOrNull = ts.factory.createUnionTypeNode([
  ...numberOrBigint.types,
  ts.factory.createLiteralTypeNode(ts.factory.createNull()),
]);

// An open enum (spec/README.md) is typed `Known… | (string & {})`: `"A" | string` would reduce to
// `string`, and editors would stop offering the known values; `string & {}` is every string too,
// but TypeScript keeps it apart from the literals. forTypes marks the open enums with this key
// (and `type: string`, so that openapi-typescript hands them to `transform` wherever they sit).
const OPEN_ENUM = "x-chaindata-open-enum";
const anyString = ts.factory.createParenthesizedType(
  ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createTypeLiteralNode([]),
  ]),
);
function openEnumType({ ref, values }) {
  const known = ref
    ? [ts.factory.createTypeReferenceNode(ref.split("/").pop())]
    : values.map((v) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(v)));
  return ts.factory.createUnionTypeNode([...known, anyString]);
}

// Another SDK's name for a property (`x-renamed-from: { displayOptions: options }`) is refused by
// the check at run time. Typed as an optional member that takes only `undefined` (as the check
// does: an undefined member is never sent), marked @deprecated with a line naming the property to
// use, the compiler refuses it too, and editors strike it through and say which name to use in
// their hover and completion list (an unknown name would get only "does not exist in type", or a
// "did you mean" guess). (`never` would refuse `undefined` under exactOptionalPropertyTypes, and
// make `Required<…Params>` unbuildable.)
const RENAMED_TO = "x-chaindata-renamed-to";
const renamedMembers = (renamed, properties) =>
  Object.entries(isObject(renamed) ? renamed : {})
    .filter(([from, to]) => !Object.hasOwn(properties, from) && typeof to === "string")
    .map(([from, to]) => [
      from,
      {
        // (A type openapi-typescript hands to `transform`, which makes it `undefined`.)
        type: "string",
        [RENAMED_TO]: to,
        // The @deprecated tag is written into the description, with its text: openapi-typescript
        // writes `deprecated: true` as a bare tag, and an editor's strike-through tooltip then says
        // only "is deprecated", not which name to use.
        description: `Another SDK's name for \`${to}\`: this SDK refuses it; pass \`${to}\` instead.\n@deprecated Use \`${to}\` instead.`,
      },
    ]);
const undefinedOnly = ts.factory.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword);

// A member a rule between params leaves out (`paramsWithRules`): typed `?: <Rule> | undefined`,
// the rule's type (RULE below) that no value has, as the check treats an undefined member as
// absent (not `never`, which `exactOptionalPropertyTypes` would make refuse `{ cursor: undefined
// }`). Not `undefined` alone, so that the compiler's error names the rule's type
// (`not assignable to type 'PageExcludesBeforeAfterAndCursor'`), not `'undefined'`. The price:
// `if (p.page !== undefined)` no longer narrows `p.cursor` to `undefined` (the rule's type is a
// value TypeScript cannot rule out there); an error a user reads was chosen over a narrowing.
const ABSENT = "x-chaindata-absent";

// The type of such a member: an object type whose one member, the rule in words, is `never`.
const RULE = "x-chaindata-rule";
const ruleType = (words) =>
  ts.factory.createTypeLiteralNode([
    ts.factory.createPropertySignature(
      [ts.factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)],
      ts.factory.createStringLiteral(words),
      undefined,
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword),
    ),
  ]);

/** The node a local `$ref` (`#/a/b`) points to in `root`; `undefined` for any other ref. */
const localRef = (root, ref) =>
  ref.startsWith("#/")
    ? ref
        .slice(2)
        .split("/")
        .reduce((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], root)
    : undefined;

/**
 * Prepare a schema tree for type generation: a `properties` object that also says
 * `additionalProperties: true` is typed by its known properties only (the runtime
 * keeps unknown fields; an index signature would hide typos from the compiler), and an
 * open enum becomes a string marked with its known values (see OPEN_ENUM).
 */
function forTypes(root) {
  const resolve = (ref) => localRef(root, ref);
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    // A `$ref` marked `x-accepts-bigint` (the sender's `minContextSlot: { $ref: Slot }`) is typed
    // `Slot | bigint`: its type, or a bigint.
    if (typeof node.$ref === "string" && node["x-accepts-bigint"] === true) {
      const { $ref, "x-accepts-bigint": _, ...annotations } = node;
      return visit({ ...annotations, anyOf: [{ $ref }, { type: "integer", format: "int64" }] });
    }
    const open = openEnumParts(node, resolve);
    if (open) {
      const { anyOf, ...annotations } = node;
      return {
        ...annotations,
        type: "string",
        [OPEN_ENUM]: { ref: open.ref, values: open.values },
      };
    }
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "additionalProperties" && v === true && node.properties) continue;
      if (k === "properties" && isObject(v)) {
        out[k] = Object.fromEntries([
          ...Object.entries(v).map(([name, p]) => [name, visit(withTargetDescription(p))]),
          ...renamedMembers(node["x-renamed-from"], v),
        ]);
        continue;
      }
      out[k] =
        k === "examples" || k === "example"
          ? exampleForJsDoc(root, node, k)
          : k === "default"
            ? defaultForJsDoc(node)
            : PRINTED_VALUES.has(k)
              ? exactForJsDoc(node, k)
              : TYPE_VALUES.has(k)
                ? v
                : visit(v);
    }
    // openapi-typescript writes the JSDoc of a parameter (`in: query`) from the parameter object,
    // so its schema's `default` would not show as `@default`: copy it up (and the schema's
    // description, when the parameter has none).
    if (typeof node.in === "string" && node.schema) {
      if (node.schema.default !== undefined) out.default = defaultForJsDoc(node.schema);
      if (node.description === undefined) {
        const description = describedBy(node.schema);
        if (description !== undefined) out.description = description;
      }
    }
    return out;
  };
  // openapi-typescript documents a property from the keywords beside it only, so a bare
  // `{ $ref }` property (webhookURL: WebhookUrl) would have no hover docs at all, and a `limit`
  // whose `CompressionLimit` has `default: 1000` no `@default`: it gets the description and the
  // default of the schema it points to (following a chain of references), unless it has its own.
  const fromTarget = (schema, key) => {
    for (let s = schema, hops = 0; s && typeof s === "object" && hops < 32; hops++) {
      if (s[key] !== undefined) return key === "default" ? exactForJsDoc(s, key) : s[key];
      if (typeof s.$ref !== "string") return undefined;
      s = resolve(s.$ref);
    }
    return undefined;
  };
  const describedBy = (schema) => {
    const description = fromTarget(schema, "description");
    return typeof description === "string" ? description : undefined;
  };
  const withTargetDescription = (property) => {
    if (!property || typeof property !== "object" || typeof property.$ref !== "string")
      return property;
    const description = describedBy(property);
    const value = fromTarget(property, "default");
    return {
      ...property,
      ...(description !== undefined && { description }),
      ...(value !== undefined && { default: value }),
    };
  };
  return visit(root);
}

/**
 * Keywords holding values, not schemas: printed in the JSDoc (`@example`, `@default`), or made
 * types.
 */
const PRINTED_VALUES = new Set(["examples", "example", "default"]);
const TYPE_VALUES = new Set(["enum", "const"]);

// openapi-typescript prints an example or default with JSON.stringify, which would write an
// integer beyond 2^53 as the double JSON.parse rounded it to (a rentEpoch of u64::MAX as
// 18446744073709552000, above u64::MAX). Such an integer goes through it as this marked string
// (exactly as the spec gives it, see scripts/spec/bundle.mjs `exactValueAt`), and
// `exactIntegersPrinted` puts the digits back in the printed source.
const EXACT_INTEGER = "__chaindata_exact_integer__";
const exactForJsDoc = (container, key) => {
  const mark = (value) => {
    if (typeof value === "bigint") return `${EXACT_INTEGER}${value}`;
    if (Array.isArray(value)) return value.map(mark);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v)]));
    return value;
  };
  return mark(exactValueAt(container, key));
};
// A `default` as its JSDoc prints it: a string quoted, as code writes it (`@default "id"`, where
// openapi-typescript's bare `@default id` reads as a name; an object's strings are quoted already).
const defaultForJsDoc = (container) => {
  const value = exactForJsDoc(container, "default");
  return typeof value === "string" ? JSON.stringify(value) : value;
};
const exactIntegersPrinted = (source) =>
  source
    .replace(
      new RegExp(`"${EXACT_INTEGER}(-?\\d+)"|${EXACT_INTEGER}(-?\\d+)`, "g"),
      (_match, quoted, bare) => quoted ?? bare,
    )
    // (An example's u64 values, marked by `exampleForJsDoc`, quoted in an object's JSON.)
    .replace(
      new RegExp(`"${EXAMPLE_U64}(-?\\d+)"|${EXAMPLE_U64}(-?\\d+)`, "g"),
      (_match, quoted, bare) => `${quoted ?? bare}n`,
    );

/**
 * The `examples` (or `example`) of `schema` in `root`, each as a value of the schema's type: a u64
 * value (an integer where the schema, its references and branches followed, has a uint64/int64, or
 * one beyond 2^53) is typed `bigint`, so it prints as a bigint literal, `"supply": 1n`, not as the
 * number the wire carries. (The JSON stays valid TypeScript: an object literal with quoted keys.)
 */
const EXAMPLE_U64 = "__chaindata_example_u64__";
const exampleForJsDoc = (root, schema, key) => {
  const value = exactValueAt(schema, key);
  // (Not markBigints's own mark: it starts with a NUL, which a scalar example would print as is.)
  const marked = (example) => markBigints(root, example, [schema], EXAMPLE_U64);
  return key === "examples" && Array.isArray(value) ? value.map(marked) : marked(value);
};

/**
 * TypeScript source for an OpenAPI 3.1 document (REST areas, or JSON-RPC schemas wrapped as
 * components). `inputSchemas`: names of component schemas that are inputs besides the ones the
 * document's operations reach through their parameters and request bodies (a JSON-RPC method's
 * `<Method>Params`).
 */
export async function typesFor(openapiDoc, options) {
  const { roots, schemas } = await typeSources(openapiDoc, options);
  return roots + schemas;
}

/**
 * typesFor's source in two parts: `schemas`, a declaration per named schema (what a package
 * exports), and `roots`, openapi-typescript's root types (`paths`, `webhooks`, `components`,
 * `operations`), which refer to the schemas by name; `schemaNames` lists them. The roots serve the
 * generated code (openapi-fetch's typed `paths`, the `<Op>Result` aliases' `operations[…]`), not
 * users: a REST package keeps them in a module of their own that its index does not re-export.
 *
 * `shared` (the whole spec's run, index.mjs): `{ names, declared }`, the schemas another area has
 * too, which @chaindata/core declares once (an app's `export *` of two packages each declaring its
 * own `Address` is TypeScript's TS2308). Their declarations are left out of `schemas`, which
 * re-exports them instead (`export type { Address };`, `fromCore` lists them for the module's
 * import from core), and each is added to `declared` (name → `[{ area, plain, tagged }]`) as this
 * area would declare it, without and with its status tags, for core-files.mjs to compare and write.
 */
export async function typeSources(openapiDoc, { inputSchemas = [], shared, area } = {}) {
  const ast = await openapiTS(forTypes(openapiDoc), {
    emptyObjectsUnknown: true,
    // A `default` is what the server assumes when a field is absent: the field stays optional.
    defaultNonNullable: false,
    transform(schema) {
      if (schema[OPEN_ENUM]) return openEnumType(schema[OPEN_ENUM]);
      if (schema[RENAMED_TO]) return undefinedOnly;
      if (schema[ABSENT] === true) return undefinedOnly;
      if (schema[ABSENT]) return ts.factory.createTypeReferenceNode(schema[ABSENT]);
      if (schema[RULE]) return ruleType(schema[RULE]);
      // (As the runtime revives them: a `type: string, format: uint64`, digits, too. The
      // transform replaces the whole type, so a nullable one says `null` itself.)
      if (isU64(schema)) return [schema.type].flat().includes("null") ? bigintOrNull : bigint;
      if (acceptsBigint(schema))
        return [schema.type].flat().includes("null") ? numberOrBigintOrNull : numberOrBigint;
      return undefined;
    },
  });
  const inputs = inputsOf(openapiDoc, inputSchemas);
  const { roots, declarations } = namedSchemas(ast);
  const print = (nodes, tags = []) =>
    exactIntegersPrinted(
      astToString(
        descriptionFirst(
          nodes.map((node) => optionalAcceptsUndefined(readonlyInputs(node, inputs))),
        ).map((node) => withTags(node, tags)),
      ),
    )
      // (openapi-typescript declares every top-level part; an empty one is noise.)
      .replace(/^export type (paths|webhooks|\$defs|operations) = Record<string, never>;\n/gm, "")
      // (The named declarations.)
      .replace(/components\["schemas"\]\["([A-Za-z_$][\w$]*)"\]/g, "$1");
  const tags = schemaStatusTags(openapiDoc.info ?? {});
  const isShared = (d) => Boolean(shared?.names.has(d.name.text));
  const fromCore = declarations.filter(isShared).map((d) => d.name.text);
  for (const d of declarations.filter(isShared)) {
    const plain = print([d]);
    const copies = shared.declared.get(d.name.text) ?? [];
    shared.declared.set(d.name.text, [
      ...copies,
      { area, plain, tagged: tags.length ? print([d], tags) : plain },
    ]);
  }
  return {
    roots: print(roots),
    schemas:
      (fromCore.length
        ? `// Declared once by @chaindata/core, as other areas have them too (one type, not one per package).\n` +
          `export type { ${fromCore.join(", ")} };\n`
        : "") +
      print(
        declarations.filter((d) => !isShared(d)),
        tags,
      ),
    schemaNames: declarations.map((d) => d.name.text),
    fromCore,
  };
}

/**
 * The status tags every named schema of an area carries: a beta area's `@beta`, as its functions,
 * client and `<Op>Input` / `<Op>Result` types have it (emit.mjs `areaStatusTags`). Its data types
 * are the "response formats" that may change, and the names a wrapper library's declarations print
 * and re-export. (Not a deprecated area's `@deprecated`: its client and calls say so, and its data
 * types are what those calls still return.)
 */
const schemaStatusTags = (info) => areaStatusTags(info).filter((tag) => tag.startsWith("@beta "));

/**
 * `node` with `tags` added to its JSDoc (one made when it has none); a tag it has is not repeated.
 */
function withTags(node, tags) {
  const comments = ts.getSyntheticLeadingComments(node) ?? [];
  const at = comments.findLastIndex(
    (c) => c.kind === ts.SyntaxKind.MultiLineCommentTrivia && c.text.startsWith("*"),
  );
  const lines =
    at < 0
      ? []
      : comments[at].text.startsWith("*\n")
        ? comments[at].text
            .slice("*\n".length)
            .replace(/\n $/, "")
            .split("\n")
            .map((line) => line.replace(/^ \*(?: |$)/, ""))
        : [comments[at].text.slice(1).trim()];
  const added = tags.filter((tag) => !lines.some((line) => line.startsWith(tag.split(" ")[0])));
  if (!added.length) return node;
  const text = `*\n${[...lines, ...added].map((line) => ` * ${line}`.trimEnd()).join("\n")}\n `;
  const comment = {
    kind: ts.SyntaxKind.MultiLineCommentTrivia,
    text,
    hasTrailingNewLine: true,
    pos: -1,
    end: -1,
  };
  ts.setSyntheticLeadingComments(
    node,
    at < 0 ? [...comments, comment] : comments.map((c, i) => (i === at ? comment : c)),
  );
  return node;
}

/**
 * Each named schema as its own declaration (`export interface Asset { … }`, `export type Slot =
 * number`), which `components.schemas` refers to, rather than openapi-typescript's anonymous
 * members of `components` with `export type Asset = components["schemas"]["Asset"]` aliases:
 * editors then show `Asset` in hovers and errors, and go to its definition.
 */
function namedSchemas(nodes) {
  const declarations = [];
  const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];
  const withSchemasNamed = (components) =>
    ts.factory.updateInterfaceDeclaration(
      components,
      components.modifiers,
      components.name,
      components.typeParameters,
      components.heritageClauses,
      components.members.map((section) => {
        if (
          !ts.isPropertySignature(section) ||
          section.name.text !== "schemas" ||
          !section.type ||
          !ts.isTypeLiteralNode(section.type)
        )
          return section;
        // (Each name is an identifier: the schema-name rule of refusals.mjs, applied before.)
        const members = section.type.members.map((schema) => {
          const name = schema.name.text;
          const declaration = ts.isTypeLiteralNode(schema.type)
            ? ts.factory.createInterfaceDeclaration(
                exported,
                name,
                undefined,
                undefined,
                schema.type.members,
              )
            : ts.factory.createTypeAliasDeclaration(exported, name, undefined, schema.type);
          ts.setSyntheticLeadingComments(declaration, ts.getSyntheticLeadingComments(schema));
          declarations.push(declaration);
          const reference = ts.factory.updatePropertySignature(
            schema,
            schema.modifiers,
            schema.name,
            schema.questionToken,
            ts.factory.createTypeReferenceNode(name),
          );
          ts.setSyntheticLeadingComments(reference, undefined);
          return reference;
        });
        return ts.factory.updatePropertySignature(
          section,
          section.modifiers,
          section.name,
          section.questionToken,
          ts.factory.createTypeLiteralNode(members),
        );
      }),
    );
  const roots = nodes.map((node) =>
    ts.isInterfaceDeclaration(node) && node.name.text === "components"
      ? withSchemasNamed(node)
      : node,
  );
  return { roots, declarations };
}

/**
 * What the callers send: the component schemas reached from the operations' parameters and request
 * bodies (and from `extra`, names of component schemas), and the operation ids of `paths`
 * (deliveries under `webhooks` are what the service sends, so they are not inputs).
 */
function inputsOf(doc, extra) {
  const resolve = (ref) => localRef(doc, ref);
  const schemas = new Set();
  const seen = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === "string") {
      const name = /^#\/components\/schemas\/([^/]+)$/.exec(node.$ref)?.[1];
      if (name) schemas.add(name);
      visit(resolve(node.$ref));
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "examples" && key !== "example") visit(value);
  };
  const operations = new Set();
  for (const item of Object.values(doc.paths ?? {})) {
    visit(item.parameters);
    for (const [method, operation] of Object.entries(item)) {
      if (method === "parameters" || !operation || typeof operation !== "object") continue;
      if (operation.operationId) operations.add(operation.operationId);
      visit(operation.parameters);
      visit(operation.requestBody);
    }
  }
  for (const name of extra) visit({ $ref: `#/components/schemas/${name}` });
  return { schemas, operations };
}

/**
 * Arrays a caller sends are typed `readonly T[]`, so that `as const` and `readonly string[]`
 * values pass (the SDK never changes the params it is given); a `readonly T[]` parameter takes a
 * mutable array too. Results keep mutable arrays. The input parts: the named schemas in
 * `inputs.schemas`, the `parameters` and `requestBody` of the operations in `inputs.operations`,
 * the path-level `parameters` of `paths`, and `components.parameters`. (A named schema that is both
 * sent and returned is typed readonly in both places: one type cannot be both.)
 */
function readonlyInputs(node, inputs) {
  const readonlyArrays = (n) => {
    if (ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.ReadonlyKeyword)
      return ts.factory.updateTypeOperatorNode(
        n,
        ts.visitEachChild(n.type, readonlyArrays, undefined),
      );
    const visited = ts.visitEachChild(n, readonlyArrays, undefined);
    return ts.isArrayTypeNode(visited) || ts.isTupleTypeNode(visited)
      ? ts.factory.createTypeOperatorNode(ts.SyntaxKind.ReadonlyKeyword, visited)
      : visited;
  };
  const name = (member) =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
      ? member.name.text
      : undefined;
  // Rewrites the type of each member of a type literal (`members` picks which, and how).
  const mapMembers = (type, rewrite) =>
    type && ts.isTypeLiteralNode(type)
      ? ts.factory.updateTypeLiteralNode(
          type,
          ts.factory.createNodeArray(
            type.members.map((member) => {
              if (!ts.isPropertySignature(member) || !member.type) return member;
              const next = rewrite(name(member), member.type);
              return next === member.type
                ? member
                : ts.factory.updatePropertySignature(
                    member,
                    member.modifiers,
                    member.name,
                    member.questionToken,
                    next,
                  );
            }),
          ),
        )
      : type;
  const updateInterface = (decl, rewrite) =>
    ts.factory.updateInterfaceDeclaration(
      decl,
      decl.modifiers,
      decl.name,
      decl.typeParameters,
      decl.heritageClauses,
      mapMembers(ts.factory.createTypeLiteralNode(decl.members), rewrite).members,
    );
  const isInput = (key) => key === "parameters" || key === "requestBody";
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
    const declared = node.name.text;
    if (inputs.schemas.has(declared)) return readonlyArrays(node);
    if (ts.isInterfaceDeclaration(node) && declared === "operations")
      return updateInterface(node, (id, type) =>
        inputs.operations.has(id)
          ? mapMembers(type, (key, part) => (isInput(key) ? readonlyArrays(part) : part))
          : type,
      );
    if (ts.isInterfaceDeclaration(node) && declared === "paths")
      return updateInterface(node, (_path, type) =>
        mapMembers(type, (key, part) => (key === "parameters" ? readonlyArrays(part) : part)),
      );
    if (ts.isInterfaceDeclaration(node) && declared === "components")
      return updateInterface(node, (section, type) =>
        section === "parameters" ? readonlyArrays(type) : type,
      );
  }
  return node;
}

/**
 * openapi-typescript writes a schema's description as a `@description` tag; editors show a
 * JSDoc's leading text as the documentation, so hovers, completions and signature help showed
 * nothing. The description becomes the leading text (after a title or summary that says more than
 * the declaration's own name); `@default`, `@example`, `@deprecated`… stay as tags, as editors
 * can read them (see `descriptionAsText`).
 */
function descriptionFirst(nodes) {
  const seen = new Set();
  const walk = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    const comments = ts.getSyntheticLeadingComments(node);
    if (comments?.length) {
      const own =
        node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
          ? node.name.text
          : undefined;
      ts.setSyntheticLeadingComments(
        node,
        comments.flatMap((c) => {
          if (c.kind !== ts.SyntaxKind.MultiLineCommentTrivia || !c.text.startsWith("*"))
            return [c];
          const text = descriptionAsText(c.text, own);
          return text === undefined ? [] : [{ ...c, text }];
        }),
      );
    }
    ts.forEachChild(node, walk);
  };
  nodes.forEach(walk);
  return nodes;
}

/**
 * The most lines a multi-line @example of a type or member (an object's or array's JSON) may have
 * to stay in its JSDoc. A longer one is left out: it made the hover of a data type mostly example
 * (`Asset`'s 105 lines, `RawDelivery`'s 126), while its members' own docs say what each field is,
 * and the docs site shows every example whole. The @example of a call (client.ts, `jsdoc`) is
 * kept whatever its length: it shows how to call it.
 */
export const MAX_TYPE_EXAMPLE_LINES = 10;

/**
 * The tags of one comment as editors can show them. A multi-line @example (an object's JSON)
 * starts on the line after the tag: TypeScript reads a tag's continued lines against the column
 * its text starts at, so JSON begun on the tag's line (`@example {`) lost the indent of its first
 * two levels in every hover; only the first such example of at most {@link MAX_TYPE_EXAMPLE_LINES}
 * lines is kept (a second one doubled the hover of `Asset`, to 177 lines; a longer one is left
 * out; the docs site shows every example). openapi-typescript's `@enum {string}` and `@constant`
 * describe a JavaScript value to Closure: on a type, editors show a bare "@enum" line.
 */
function readableTags(tags) {
  let multiLineExample = false;
  return tags.flatMap((tag) => {
    if (/^@enum\b|^@constant\b/.test(tag)) return [];
    if (!tag.startsWith("@example ") || !tag.includes("\n")) return [tag];
    if (multiLineExample) return [];
    const example = tag.slice("@example ".length).replace(/\n {4}/g, "\n");
    if (example.split("\n").length > MAX_TYPE_EXAMPLE_LINES) return [];
    multiLineExample = true;
    return [`@example\n${example}`];
  });
}

/**
 * The text of one openapi-typescript JSDoc comment (`* @description d ` or
 * `*\n * Title\n * @description d\n *     more\n * @example x\n `) with the description as its
 * leading text and its tags as `readableTags` has them, or undefined when nothing is left to say.
 * `name`: the documented declaration's, a title equal to it is dropped.
 */
export function descriptionAsText(text, name) {
  // The items, each as plain text: a tag's continued lines keep their four-space indent (an
  // @example's JSON), the description's lose it (in the leading text it would read as a Markdown
  // code block).
  const items = (
    text.startsWith("*\n * ")
      ? text
          .slice("*\n * ".length)
          .replace(/\n $/, "")
          .split(/\n \* (?! {4})/)
      : [text.slice(1).trim()]
  ).map((item) => item.replace(/\n \*(?: |$)/gm, "\n"));
  const index = items.findIndex((item) => item.startsWith("@description "));
  const others = items.filter((_, i) => i !== index);
  const given = others.filter((i) => i.startsWith("@"));
  const tags = readableTags(given);
  if (index < 0 && tags.length === given.length && tags.every((tag, i) => tag === given[i]))
    return text;
  const description =
    index < 0 ? [] : [items[index].slice("@description ".length).replace(/\n {4}/g, "\n")];
  const heading = others.filter(
    (i) => !i.startsWith("@") && !i.startsWith("Format: ") && (index < 0 || i !== name),
  );
  const format = others.filter((i) => i.startsWith("Format: "));
  const leading = [...heading, ...description, ...format].join("\n\n");
  const lines = [...(leading ? [leading] : []), ...tags].join("\n").split("\n");
  if (!lines.join("")) return undefined;
  if (lines.length === 1) return `* ${lines[0]} `;
  return `*\n${lines.map((l) => ` * ${l}`.trimEnd()).join("\n")}\n `;
}

/**
 * `a?: T` → `a?: T | undefined`, so that callers compiling with `exactOptionalPropertyTypes` can
 * pass a value that may be undefined (`{ page: maybePage }`): the runtime treats an undefined
 * member as absent, as JSON does. (`?: never` members, openapi-typescript's "no such part", stay.)
 */
function optionalAcceptsUndefined(node) {
  const undefinedType = ts.factory.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword);
  const visit = (n) => {
    const visited = ts.visitEachChild(n, visit, undefined);
    if (!ts.isPropertySignature(visited) || !visited.questionToken || !visited.type) return visited;
    const { type } = visited;
    const kinds = ts.isUnionTypeNode(type) ? type.types.map((t) => t.kind) : [type.kind];
    if (
      kinds.includes(ts.SyntaxKind.NeverKeyword) ||
      kinds.includes(ts.SyntaxKind.UndefinedKeyword)
    )
      return visited;
    const union = ts.factory.createUnionTypeNode([
      ...(ts.isUnionTypeNode(type) ? type.types : [type]),
      undefinedType,
    ]);
    return ts.factory.updatePropertySignature(
      visited,
      visited.modifiers,
      visited.name,
      visited.questionToken,
      union,
    );
  };
  return ts.visitNode(node, visit);
}

/**
 * The schemas that type a method's params with the rules between them (`x-dependent-schemas`,
 * JSON Schema `dependentSchemas` over the params object), so that the compiler refuses what the
 * check refuses before sending: `{ [Name]: …, [`${Name}Base`]: … }`, where `params` (the object
 * schema of every param, lib/operations.mjs `paramsSchema`) becomes `<Name>Base` and `<Name>` is
 * `<Name>Base & (variant | …)`, one variant per group of params that may be given together: the
 * members of the other groups absent, and the group's own rule (a schema the params also pass)
 * narrowing them. DAS `getAssetsByOwner`: `page` excludes `before`, `after` and `cursor`, which
 * each need `sortBy.sortBy: id`, so `GetAssetsByOwnerParamsBase & (A | B)` with
 * `A = { before?: undefined; … }` and `B = { page?: undefined; sortBy?: { sortBy?: "id" } }`.
 *
 * Exact only where the exclusions split the params they name into groups, every member of a group
 * excluding every member of another and none of its own, and a group's members share one rule (or
 * have none): other rules leave the params typed `{ [Name]: params }` as before (the check still
 * refuses them). Of a rule's schema only what a type says is kept (`properties`, `required`,
 * `enum`, `type`, `$ref`); a `pattern` or a bound stays the check's.
 */
export function paramsWithRules(Name, params, description) {
  const plain = { [Name]: { description, ...params } };
  const { dependentSchemas: _rules, ...base } = params;
  const rules = paramRules(params);
  if (!rules) return plain;
  const { nodes, groups, requirement, ruleWords, Rule } = rules;
  const absent = (names, because) =>
    Object.fromEntries(
      names.map((n) => [
        n,
        {
          type: "string",
          [ABSENT]: Rule || true,
          ...(because && { description: `Not with ${because}.` }),
        },
      ]),
    );
  const variants = groups.map((group) => {
    const others = groups.filter((g) => g !== group).flat();
    const rule = requirement.get(group[0]);
    const narrowed = rule?.properties ?? {};
    if (others.some((n) => Object.hasOwn(narrowed, n))) return undefined;
    return {
      type: "object",
      properties: { ...absent(others, listed(group, "or")), ...narrowed },
      ...(rule?.required ? { required: rule.required } : {}),
    };
  });
  if (variants.includes(undefined)) return plain;
  // (Every group narrowing what it allows, params giving none of the members are a variant too.)
  if (groups.every((g) => requirement.has(g[0])))
    variants.push({ type: "object", properties: absent([...nodes]) });
  const Base = `${Name}Base`;
  const said = groups.flatMap((g, i) => [
    ...(i < groups.length - 1 && groups.length > 1
      ? [
          `${listed(g, "and")} ${g.length > 1 ? "exclude" : "excludes"} ${listed(groups.slice(i + 1).flat(), "and")}`,
        ]
      : []),
    ...(requirement.has(g[0])
      ? [`with ${listed(g, "or")}, ${ruleInWords(requirement.get(g[0]))}`]
      : []),
  ]);
  return {
    [Base]: {
      ...base,
      description: `The members of \`${Name}\` without the rules between them (\`${Name}\` is what a call takes).`,
    },
    [Name]: {
      // (The status tags, which end the description, stay last.)
      description: description.replace(
        /^[^\n]*/,
        (first) => `${first} Rules between them: ${said.join("; ")}.`,
      ),
      allOf: [{ $ref: `#/components/schemas/${Base}` }, { anyOf: variants }],
    },
    ...(Rule && {
      [Rule]: {
        description: `The type of a param that a rule between params leaves out where another is given: ${groups.map((g) => listed(g, "and")).join(" excludes ")}. No value has it, so that the compiler's error names the rule: leave the param out (or give \`undefined\`).`,
        [RULE]: ruleWords,
      },
    }),
  };
}

/**
 * A rule's typed schema in words: `sortBy.sortBy must be "id"`, for its members that have an
 * `enum`.
 */
function ruleInWords(schema, path = []) {
  if (!isObject(schema)) return "";
  if (Array.isArray(schema.enum) && path.length)
    return `\`${path.join(".")}\` must be ${schema.enum.map((v) => JSON.stringify(v)).join(" or ")}`;
  const parts = Object.entries(schema.properties ?? {})
    .map(([k, v]) => ruleInWords(v, [...path, k]))
    .filter(Boolean);
  return parts.length ? parts.join(", ") : path.length ? "" : "the params pass its rule";
}
