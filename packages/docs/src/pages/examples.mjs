// An operation page's Examples: TypeScript (with your key, and against the local mock), curl and
// the raw request per example, and the responses. `requestExamples` gives the TypeScript calls
// typescript-snippets.mjs collects.
import { codeBlock } from "../html.mjs";
import {
  curlDelivery,
  curlRest,
  curlRpc,
  fillPath,
  localMockSnippet,
  restRequest,
  restSdkArgs,
  RPC_ID,
  rpcBody,
  rpcQueryPairs,
  rpcSdkArgs,
  tsSnippet,
} from "../snippets.mjs";
import { esc } from "../util.mjs";
import { json } from "./shared.mjs";

function exampleBox(title, summary, description, blocks, open) {
  return `<details class="example"${open ? " open" : ""}><summary><code>${esc(title)}</code>${summary ? ` — ${esc(summary)}` : ""}</summary>${description ? `<p>${esc(description)}</p>` : ""}<div class="ex-grid">${blocks.join("")}</div></details>`;
}

/**
 * The request examples of a JSON-RPC method or REST operation, each with the TypeScript call its
 * page shows: one per OpenRPC example pairing (`example`), one per request-body example, else
 * one from the parameters' examples (`req`). A delivery has none: the service sends it.
 */
export function requestExamples(op) {
  if (op.transport === "rpc")
    return op.rpc.examples.map((example, i) => {
      const curlOf = (env) =>
        curlRpc(op, rpcBody(op, example.params), { env, query: rpcQueryPairs(op, example.params) });
      return {
        name: example.name ?? `example ${i + 1}`,
        summary: example.summary,
        description: example.description,
        example,
        ...programs(op, tsSnippet(op, rpcSdkArgs(op, example.params))),
        curl: curlOf("mainnet"),
        localCurl: curlOf("local"),
      };
    });
  if (op.transport === "delivery") return [];
  const bodyExamples = op.rest.body?.examples ?? [];
  const requests = bodyExamples.length
    ? bodyExamples.map((ex) => ({
        name: ex.name,
        summary: ex.summary,
        description: ex.description,
        req: restRequest(op, { body: ex.value }),
      }))
    : [
        {
          name: "request",
          summary: "Path and required parameters from their examples",
          req: restRequest(op),
        },
      ];
  return requests.map((r) => ({
    ...r,
    ...programs(op, tsSnippet(op, restSdkArgs(op, r.req))),
    curl: curlRest(op, r.req),
    localCurl: curlRest(op, r.req, { env: "local" }),
  }));
}

/**
 * Each request example's curl against the local mock (the URL the site was built with), as its
 * operation page shows it: test/docs/curl-snippets.test.ts runs each against a mock. (The curl
 * with your key goes to the service: not run.)
 */
export function localCurlSnippetsOf(site) {
  return site.areas.flatMap((area) =>
    area.ops.flatMap((op) =>
      requestExamples(op).map((ex) => ({
        page: op.href,
        area: area.key,
        operation: op.id,
        example: `${ex.name} (local mock)`,
        code: ex.localCurl,
      })),
    ),
  );
}

/**
 * An example's program as shown for the key's environment (`ts`), and the same against the
 * local mock (`localTs`), which runs as it stands once `npm start` serves the mock.
 */
const programs = (op, ts) => ({ ts, localTs: localMockSnippet(ts, op.area) });

/**
 * The programs of an example: TypeScript and curl, each with your API key and against the local
 * mock (as Getting started's step 3 shows them).
 */
const programBlocks = ({ ts, localTs, curl, localCurl }) => [
  codeBlock(ts, { label: "TypeScript", lang: "ts" }),
  codeBlock(localTs, { label: "TypeScript (local mock)", lang: "ts" }),
  codeBlock(curl, { label: "curl", lang: "sh" }),
  codeBlock(localCurl, { label: "curl (local mock)", lang: "sh" }),
];

export function examplesSection(pc, op) {
  const out = [];
  if (op.transport === "rpc") {
    const exs = requestExamples(op);
    if (!exs.length) return '<p class="muted">No examples.</p>';
    exs.forEach((r, i) => {
      const { example: ex, name } = r;
      const body = rpcBody(op, ex.params);
      const blocks = [
        ...programBlocks(r),
        codeBlock(json(body), { label: "Request body", lang: "json" }),
      ];
      if (ex.result !== undefined)
        blocks.push(
          codeBlock(json({ jsonrpc: "2.0", id: RPC_ID, result: ex.result.value }), {
            label: `Response${ex.result.name ? ` (${ex.result.name})` : ""}`,
            lang: "json",
          }),
        );
      if (ex.error !== undefined)
        blocks.push(
          codeBlock(json({ jsonrpc: "2.0", id: RPC_ID, error: ex.error }), {
            label: "Error response",
            lang: "json",
          }),
        );
      out.push(exampleBox(name, ex.summary, ex.description, blocks, i === 0));
    });
    return out.join("\n");
  }
  if (op.transport === "delivery") {
    // A delivery without an Authorization header (discord) goes to Discord, not to your
    // receiver, which would answer 401: no curl for it.
    const toReceiver = op.rest.auth.ways.some((w) => w.in === "header");
    for (const [i, ex] of (op.rest.body?.examples ?? []).entries()) {
      const blocks = [codeBlock(json(ex.value), { label: "Delivery body", lang: "json" })];
      if (toReceiver)
        blocks.push(
          codeBlock(curlDelivery(op, ex.value), {
            label: "curl: simulate a delivery to a local receiver",
            lang: "sh",
          }),
        );
      out.push(exampleBox(ex.name, ex.summary, ex.description, blocks, i === 0));
    }
    return out.join("\n") || '<p class="muted">No examples.</p>';
  }
  requestExamples(op).forEach((r, i) => {
    const url = `${fillPath(op.path, r.req.path)}${Object.keys(r.req.query).length ? `?${new URLSearchParams(Object.entries(r.req.query).map(([k, v]) => [k, String(v)]))}` : ""}`;
    const blocks = [
      ...programBlocks(r),
      codeBlock(
        `${op.method} ${url}${r.req.body !== undefined ? `\nContent-Type: ${op.rest.body.contentType}\n\n${json(r.req.body)}` : ""}`,
        { label: "HTTP request", lang: "http" },
      ),
    ];
    out.push(exampleBox(r.name, r.summary, r.description, blocks, i === 0));
  });
  const responses = op.rest.responses.filter((r) => /^2\d\d$/.test(r.status) && r.examples.length);
  if (responses.length) {
    out.push(`<h3 id="response-examples">Response examples</h3>`);
    for (const r of responses)
      for (const [i, ex] of r.examples.entries())
        out.push(
          exampleBox(
            ex.name,
            `${r.status}${ex.summary ? ` · ${ex.summary}` : ""}`,
            ex.description,
            [codeBlock(json(ex.value), { label: `Response ${r.status}`, lang: "json" })],
            i === 0,
          ),
        );
  }
  return out.join("\n");
}
