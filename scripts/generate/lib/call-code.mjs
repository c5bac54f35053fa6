// A call's code in an area's client.ts, the same for a JSON-RPC method (rpc.mjs) and a REST
// operation (rest.mjs): its standalone function, its params check, its page walks, its member of
// the client interface and the client's member. The emitters say only what differs: the endpoint,
// the params, the options' type, how the call is sent and its samples.
import { itemType } from "./descriptor.mjs";
import {
  checkFunction,
  jsdoc,
  literal,
  operationStatusTags,
  pageWalkCode,
  paramDocs,
} from "./emit.mjs";
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
  const warn = `warnDeprecated(op.${name}.id, op.${name}.deprecated!, ${endpoint.name}.logger)`;
  return `{\n  ${returnEither("??", [notAnEndpoint, deprecated ? commaExpression([warn, send]) : send], 2)}\n}`;
}

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
 *   `params` and `options`, and `extra` for a call without params).
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
  // Its params check without the call (user trial 60, F6): a call without params has none.
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
      impl: `    ${name}: (options, ...extra) => ${name}(${endpoint.name}, options, ...(extra as never[])),`,
    };
  const pagination = call["x-pagination"];
  if (!pagination)
    return {
      standalone,
      member: `${memberDoc}  ${name}(params${optional ? "?" : ""}: ${input}, options?: ${options}): Promise<${R}>;`,
      impl: `    ${name}: (params, options) => ${name}(${endpoint.name}, params, options),`,
    };
  const walk = `paginate${pascal(name)}`;
  const { example: walkExample, resultSchema, paramsSchema } = pageWalk();
  const walks = pageWalkCode(call, {
    name,
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
