// A call's code in an area's client.ts, the same for a JSON-RPC method (rpc.mjs) and a REST
// operation (rest.mjs): its standalone function, its params check, its page walks (and their
// JSDoc), its member of the client interface and the client's member. The emitters say only what
// differs: the endpoint, the params, the options' type, how the call is sent and its samples.
import { itemType } from "./descriptor.mjs";
import { jsdoc, literal, operationStatusTags, paramDocs } from "./emit.mjs";
import { commaExpression, returnEither } from "./layout.mjs";
import { pascal, propertyAt, refusesSomeString } from "./schema.mjs";

/**
 * The body of a standalone function, `{ return … }`: `send`, the expression that makes call `name`
 * (a `deprecated` one's after its warning). The endpoint is checked first (core's notAnRpc): a
 * client or the params given in its place would otherwise fail with a bare TypeError from
 * `rpc.call`, or `rpc.logger`. `endpoint`: `{ name, factory }` of the function's first parameter.
 */
export function standaloneBody({ endpoint, name, deprecated, send }) {
  // (A REST handle is "the result of" its factory; a JSON-RPC endpoint, in notAnRpc's default
  // words, "an rpc from" it. checkFunction's checkParams says the same.)
  const notAnEndpoint = `notAnRpc(${endpoint.name}, ${literal(endpoint.factory)}, op.${name}${endpoint.name === "rest" ? ', "the result of"' : ""})`;
  const warn = deprecationWarning(endpoint, name);
  return `{\n  ${returnEither("??", [notAnEndpoint, deprecated ? commaExpression([warn, send]) : send], 2)}\n}`;
}

/**
 * `code` on one line, for the client's member: fitLines (lib/layout.mjs) lays it out within the
 * width, as it does the other members, where a line break written here would be left as it is.
 */
const oneLine = (code) => code.replace(/\n\s*/g, " ");

/** The warning a deprecated call `name` logs through its endpoint's logger before it is sent. */
const deprecationWarning = (endpoint, name) =>
  `warnDeprecated(op.${name}.id, op.${name}.deprecated!, ${endpoint.name}.logger)`;

/**
 * Call `name` in client.ts: `standalone`, its function, its params check and (paginated) its page
 * walk; `member`, its member of the client interface; `impl`, the client's member.
 * - `call`: the method or operation (its summary, description, status, `x-pagination`); `doc`: the
 *   area's document; `clientVar`: the client's name in the samples.
 * - `endpoint`: the standalone functions' first parameter, `{ name, factory, type }`.
 * - `params`: the call's params as {@link paramDocs} takes them (`{ params: "GetAssetParams",
 *   optional, positional }`), `{}` for a call that takes none (`(rest, options)`, a REST operation
 *   without input); `checked`: it has a params check, `check<Call>`.
 * - `options`: the type of its call options; `send`: the expression that sends it (over
 *   `params` and `options`, and `extra` for a call without params). The client's member sends it
 *   by `send` itself, not through the standalone function, whose check of its endpoint
 *   (notAnRpc) the client's own never fails: a client program then carries neither notAnRpc nor
 *   one function per call. A REST operation's `send` holds its request's code, so a program
 *   calling both the member and the standalone function carries it twice; one calling either, as
 *   programs do, carries it once.
 * - `example(options)`: its one-line sample (rpc.mjs or rest.mjs `exampleFor`, of `{ firstArg,
 *   clientVar }`); `pageWalk()`, read for a paginated call only: `{ example(options), resultSchema,
 *   paramsSchema }`, its walks' samples (`walkExampleFor`, of `{ walk, clientVar }`) and the
 *   schemas of its result (its items' type) and params (its cursor's check).
 */
export function callCode({
  call,
  name,
  doc,
  clientVar,
  endpoint,
  params,
  checked,
  options = "RequestOptions",
  send,
  example,
  pageWalk,
}) {
  const input = params.params && `T.${params.params}`;
  const R = `T.${pascal(name)}Result`;
  const { optional = false } = params;
  const areaBeta = Boolean(doc.info["x-beta"]);
  const body = standaloneBody({ endpoint, name, deprecated: call.deprecated, send });
  const warned = call.deprecated ? `(${deprecationWarning(endpoint, name)}, ${send})` : send;
  // (Optional params left out are `{}`, as the standalone function's default makes them.)
  const memberSend = `(params${optional ? " = {}" : ""}, options) => ${oneLine(warned)}`;
  const standaloneExample = example({ firstArg: endpoint.name });
  const standalone = [
    jsdoc(call, {
      indent: "",
      example: standaloneExample,
      areaBeta,
      params: paramDocs({ endpoint, ...params }),
    }) +
      (input
        ? `export function ${name}(${endpoint.name}: ${endpoint.type}, params: ${input}${optional ? " = {}" : ""}, options?: ${options}): Promise<${R}> ${body}`
        : // (`extra`: what a call written as `(rest, params, options)` passes after its options,
          // refused; `never` so that it does not compile either.)
          `export function ${name}(${endpoint.name}: ${endpoint.type}, options?: ${options}, ...extra: never[]): Promise<${R}> ${body}`),
  ];
  // Its params check without the call: a call without params has none.
  if (checked)
    standalone.push(
      checkFunction({
        name,
        endpoint,
        params: input,
        optional,
        tags: operationStatusTags(call, { areaBeta }),
        example: standaloneExample,
      }),
    );
  const memberDoc = jsdoc(call, {
    example: example({ clientVar }),
    areaBeta,
    params: paramDocs(params),
  });
  if (!input)
    return {
      standalone,
      member: `${memberDoc}  ${name}(options?: ${options}): Promise<${R}>;`,
      // (`extra`: what a call written as `(params, options)` passes after its options, refused)
      impl: `    ${name}: (options, ...extra) => ${oneLine(warned)},`,
    };
  const pagination = call["x-pagination"];
  if (!pagination)
    return {
      standalone,
      member: `${memberDoc}  ${name}(params${optional ? "?" : ""}: ${input}, options?: ${options}): Promise<${R}>;`,
      impl: `    ${name}: ${memberSend},`,
    };
  const walk = `paginate${pascal(name)}`;
  const { example: walkExample, resultSchema, paramsSchema } = pageWalk();
  const walks = pageWalkCode(call, {
    name,
    memberCall: memberSend,
    walk,
    endpoint,
    input,
    result: R,
    items: itemType(R, pagination.items, { doc, schema: resultSchema }),
    optional,
    params,
    doc: memberDoc,
    areaBeta,
    examples: { standalone: walkExample({ walk }), member: walkExample({ clientVar }) },
    cursorChecked: refusesSomeString(
      doc,
      propertyAt(doc, paramsSchema, pagination.cursor ?? "cursor"),
    ),
  });
  return { ...walks, standalone: [...standalone, walks.standalone] };
}

/**
 * `check<Operation>(endpoint, params)`: the params check of a call, without the call
 * (docs/decisions/0023-param-checks.md), for a form's values or a tool call's arguments,
 * checked before other work. Verb first, as `paginate<Operation>` (a function), where the data
 * exports are named after the operation (`<operation>Pagination`). It takes the call's endpoint so
 * that a refused value is quoted with the endpoint's key masked, as the call quotes it; `params`
 * of any type, typed as the call's once checked (`asserts`). `name`: the operation; `endpoint`:
 * `{ name, factory, type }` as the call's; `params`: the params type (`T.GetAssetParams`);
 * `optional`: the call's params may be left out (checked as `{}`, as the call sends them);
 * `tags`: its status tags; `example`: the call's one-line @example (`const x = await op(rpc, …);`).
 */
function checkFunction({ name, endpoint, params, optional = false, tags = [], example }) {
  const check = `check${pascal(name)}`;
  const call = example && /^const (\w+) = await (\w+)\((\w+), ([\s\S]*)\);$/.exec(example);
  const sample = call
    ? `\n * @example\n * \`\`\`ts\n * ${[
        `// As a form or a tool call gives them: not yet typed.`,
        `const params: unknown = ${call[4]};`,
        `${check}(${call[3]}, params); // a ValidationError here: nothing is sent`,
        `const ${call[1]} = await ${call[2]}(${call[3]}, params); // typed ${params.replace(/^T\./, "")} from here`,
      ]
        .join("\n")
        .replace(/\n/g, "\n * ")}\n * \`\`\``
    : "";
  const type = `${params}${optional ? " | undefined" : ""}`;
  return (
    `/**\n * Checks \`params\` as {@link ${name}} checks them before it sends anything, and sends nothing: the\n` +
    ` * same refusals, in the same ValidationError (\`operation\` ${literal(name)}, every refusal in \`issues\`,\n` +
    ` * the first three in the message), thrown at once; a refused value is quoted with the endpoint's API\n` +
    ` * key masked, as the call quotes it. For params that come untyped (a form's values, a tool call's\n` +
    ` * arguments), checked before other work: once checked, they are typed as the call takes them.\n` +
    ` * @param ${endpoint.name} - The endpoint the call would use, made by {@link ${endpoint.factory}}: its key is masked in the message.\n` +
    ` * @param params - What to check, of any type${optional ? " (may be left out, as the call's: checked as `{}`)" : ""}.\n` +
    ` * @throws ValidationError naming each refused field and its rule\n` +
    ` * @throws ConfigurationError when \`${endpoint.name}\` is not made by ${endpoint.factory}()` +
    sample +
    tags.map((tag) => `\n * ${tag}`).join("") +
    `\n */\n` +
    `export function ${check}(${endpoint.name}: ${endpoint.type}, params: unknown): asserts params is ${type} {\n` +
    `  checkParams(${endpoint.name}, ${literal(endpoint.factory)}, op.${name}, ${optional ? "params === undefined ? {} : params" : "params"}${endpoint.name === "rest" ? ', "the result of"' : ""});\n}`
  );
}

/**
 * Where a walk of `pagination` (an `x-pagination`) starts and how it goes on, the end of "The walk
 * starts …" in {@link pageWalkDoc}.
 */
function walkStart({
  style,
  page = "page",
  cursor = "cursor",
  nextCursor = cursor,
  keyset,
  keysetWhen,
  limit,
}) {
  const others = keyset?.filter((k) => k !== cursor) ?? [];
  const quoted = (names) => names.map((k) => `\`${k}\``);
  if (style !== "page")
    // (A cursor-style walk never goes on from a keyset param, with the cursor or without: the
    // order it asks for is not the cursor's. packages/core/src/paginate.ts.)
    return `from \`params\` as given (a \`${cursor}\` there starts mid-way), each result's cursor naming the next page.${
      others.length
        ? ` With ${quoted(others).join(" or ")} in \`params\` it is refused (a \`ConfigurationError\` when the loop starts, nothing sent) unless \`maxPages: 1\`: the results name no next page in that order.`
        : ""
    }`;
  const refused = others.length
    ? `${quoted(others).join(" or ")} without \`${cursor}\` is refused (a \`ConfigurationError\` when the loop starts, nothing sent) unless \`maxPages: 1\``
    : "";
  const keysetRule = keyset?.length
    ? ` With ${quoted(keyset).join(", ")} in \`params\` it walks by each result's \`${cursor}\` instead${refused ? `, and ${refused}` : ""}.`
    : "";
  // (A page-style operation's walk by cursor ends on a short page too:
  // packages/core/src/paginate.ts.) ("`page`, `a` or `b`")
  const startParams = quoted([page, ...(keyset ?? [])])
    .join(", ")
    .replace(/, ([^,]+)$/, " or $1");
  const fromStart = keysetWhen
    ? ` With \`${keysetWhen.param}: ${JSON.stringify(keysetWhen.equals)}\` and no ${startParams}, it walks by keyset from the start: the first request carries no \`${page}\`, each next one the previous result's \`${nextCursor}\`. A walk by \`${cursor}\` ends on a page that is empty${limit ? `, shorter than \`${limit}\`` : ""} or without \`${nextCursor}\`.`
    : "";
  return `from \`${page}\` (1 when absent), page after page.${keysetRule}${fromStart}`;
}

/**
 * The breaks of the paging protocol that a walk of `pagination` (an `x-pagination`) can meet
 * (packages/core/src/paginate.ts), each ending it with an InvalidResponseError. `cursorChecked`:
 * as {@link pageWalkDoc}'s.
 */
function protocolBreaks(
  { style, cursor = "cursor", nextCursor = cursor, keyset, hasMore, echoedPage },
  cursorChecked,
) {
  const byCursor = style === "cursor" || keyset?.length;
  return [
    style === "page" && echoedPage && "a page that names another page than the one asked for",
    byCursor && `a \`${nextCursor}\` the walk has already sent`,
    style === "cursor" && hasMore && `\`${hasMore}: true\` with no \`${nextCursor}\``,
    // (By page number, an empty page said to have more: the JSDoc says so, as the docs site does.)
    style === "page" && hasMore && `\`${hasMore}: true\` of a page with no items`,
    // (The walk runs the call's params check on each next cursor: a server's value it refuses is
    // the answer's fault, not the caller's.)
    byCursor &&
      cursorChecked &&
      `a \`${nextCursor}\` that the call's params check refuses as \`${cursor}\`, which is not sent`,
  ].filter(Boolean);
}

/**
 * The JSDoc of a walk over every page of the paginated operation `op` (a JSON-RPC method or a REST
 * operation, `name` its name): the operation's summary, what the walk does (from its
 * `x-pagination`), the cost per page, its status tags and `example`. `standalone`: the walk is
 * `paginate<Method>(rpc, …)`, the client's `.all()` without the client; otherwise it is `.all()`.
 * `params`: the `@param` lines ({@link paramDocs}). `cursorChecked`: the call's check of its cursor
 * param can refuse a server's cursor (schema.mjs refusesSomeString), which breaks the walk.
 */
function pageWalkDoc(
  op,
  {
    name,
    standalone = false,
    example,
    areaBeta = false,
    indent,
    params = [],
    cursorChecked = false,
  },
) {
  const pagination = op["x-pagination"];
  const breaks = protocolBreaks(pagination, cursorChecked);
  const broken = breaks.length
    ? `An answer that breaks the paging protocol (${breaks.join(", or ")}) ends the walk with an \`InvalidResponseError\`, after the pages before it. `
    : "";
  const description =
    `Every page of ${standalone ? `{@link ${name}}` : `\`${name}\``}, fetched lazily: \`for await\` yields the items (\`${pagination.items}\` of each result) and fetches a page only once the previous one is used up; \`.pages()\` yields each page's whole result, and \`.checkpoints()\` each result with \`next\`, the params of the page after it (\`undefined\` where the data ends, not where \`maxPages\` stops), to save and resume from. The walk starts ${walkStart(pagination)} ${broken}` +
    `\`options\` are ${name}'s, for every page, plus \`maxPages\` (stop after that many pages; no limit by default). ` +
    // (Its cost: the "Cost:" line below, as the call's own JSDoc words it.)
    `Each page is one ${name} call.` +
    (standalone
      ? " The same walk as the client's `.all()`, without the client: a bundle carries only the functions it imports."
      : "");
  return jsdoc(
    {
      summary: op.summary && `${op.summary.replace(/\.$/, "")}, every page.`,
      description,
      "x-cost": op["x-cost"],
      "x-beta": op["x-beta"],
      deprecated: op.deprecated,
      "x-replaced-by": op["x-replaced-by"],
    },
    { indent, example, areaBeta, params },
  );
}

/**
 * A paginated operation's member of a client interface: a call signature for one page, with the
 * operation's JSDoc (`doc`, indented for a member), and `.all()` for every page, with `walkDoc`.
 * (Typed `Paginated<P, R, I>`, the member showed its JSDoc on hover only: signature help reads
 * the call signature's, which `Paginated` leaves blank, and `.all()`'s was the same generic text
 * for every operation, without its cost or status.) `param`: the first parameter's name;
 * `optional`: no member of it is required, so it may be left out.
 */
function paginatedMember(name, { doc, param = "params", optional, input, result, items, walkDoc }) {
  const first = `${param}${optional ? "?" : ""}: ${input}`;
  return (
    `${doc}  ${name}: {\n` +
    `${doc.replace(/^ {2}/gm, "    ")}    (${first}, options?: RequestOptions): Promise<${result}>;\n` +
    `${walkDoc}    all(${first}, options?: PageWalkOptions): PageIterable<${items}, ${result}, ${input}>;\n  };`
  );
}

/**
 * A paginated call's page walks in client.ts: `standalone`, the walk `walk` for standalone callers
 * (AWS SDK v3's `paginate<Command>`: the client's `.all()` over the standalone function `name`, so
 * that a bundle that does not import the walk carries none of it); `member`, the call's member of
 * the client interface, with `.all()`; `impl`, the client's member. `op`: the method or operation;
 * `endpoint`: the standalone functions' first parameter, `{ name, factory, type }`; `memberCall`:
 * the client member's call of one page (it sends the page itself, as callCode's members do);
 * `input`, `result`, `items`: types; `params`: the call's {@link paramDocs} params; `doc`: the
 * one-page call's JSDoc as a member; `examples`: the walks' @example, `{ standalone, member }`;
 * `cursorChecked`: the call's check of its cursor param can refuse a server's cursor.
 */
function pageWalkCode(
  op,
  {
    name,
    memberCall,
    walk,
    endpoint,
    input,
    result,
    items,
    optional,
    params,
    doc,
    areaBeta,
    examples,
    cursorChecked,
  },
) {
  // (The standalone walk calls the standalone function, which checks the endpoint it is given.)
  const call = `(params, options) => ${name}(${endpoint.name}, params, options)`;
  return {
    standalone:
      pageWalkDoc(op, {
        name,
        standalone: true,
        indent: "",
        example: examples.standalone,
        areaBeta,
        cursorChecked,
        params: paramDocs({ endpoint, ...params, walk: true }),
      }) +
      `export function ${walk}(${endpoint.name}: ${endpoint.type}, params: ${input}${optional ? " = {}" : ""}, options?: PageWalkOptions): PageIterable<${items}, ${result}, ${input}> {\n` +
      `  return withPagination<${input}, ${result}, ${items}>(${call}, op.${name}).all(params, options);\n}`,
    member: paginatedMember(name, {
      doc,
      input,
      optional,
      result,
      items,
      walkDoc: pageWalkDoc(op, {
        name,
        indent: "    ",
        example: examples.member,
        areaBeta,
        cursorChecked,
        params: paramDocs({ ...params, walk: true }),
      }),
    }),
    impl: `    ${name}: withPagination<${input}, ${result}, ${items}>(${memberCall}, op.${name}),`,
  };
}
