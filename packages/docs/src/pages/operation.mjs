// One page per JSON-RPC method, REST operation and webhook delivery (`<area>/<id>.html`): its
// callouts, request, result and the page itself. Its other sections have modules of their own:
// facts.mjs, parameters.mjs, errors.mjs, examples.mjs, and webhooks.mjs (a delivery's receiver).
import {
  breakableName,
  codeBlock,
  headingName,
  href,
  layout,
  marker,
  opBadges,
  pageContext,
} from "../html.mjs";
import { inl, md, schemaBlock, typeLabel } from "../schema.mjs";
import { esc } from "../util.mjs";
import { buildTransactionLink } from "./area.mjs";
import { errorsSection, statusBadge } from "./errors.mjs";
import { examplesSection } from "./examples.mjs";
import { facts } from "./facts.mjs";
import { envTable, regionsBlock } from "./hosts.mjs";
import { parametersSection } from "./parameters.mjs";
import { section, toc } from "./shared.mjs";
import { receiverSection } from "./webhooks.mjs";

/** Link plain-text `@chaindata/<area>` mentions (outside tags and code) to the area page. */
function linkPackages(pc, html) {
  return html.replace(
    /(<code>.*?<\/code>|<a [^>]*>.*?<\/a>)|@chaindata\/([\w-]+)/g,
    (m, skip, key) => {
      if (skip) return skip;
      const a = pc.site.areas.find((x) => x.key === key);
      return a ? `<a href="${href(pc, `${a.key}/index.html`)}"><code>${esc(m)}</code></a>` : m;
    },
  );
}

/**
 * Link the operations a replacement names (`getAsset`, a lower-camel-case name, as spec:check
 * reads x-replaced-by: scripts/spec/rules/replacements.mjs) to their pages, in the packages it
 * names where it names some ("Use DAS getAsset / getAssetBatch" linked only the package before).
 */
function linkOperations(pc, html, replacedBy) {
  const packages = [...replacedBy.matchAll(/@chaindata\/([\w-]+)/g)].map((m) => m[1]);
  return html.replace(
    /(<code>.*?<\/code>|<a [^>]*>.*?<\/a>|<[^>]*>)|(?<![\w@/.-])[a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+(?![\w-])/g,
    (m, skip) => {
      if (skip) return skip;
      const area = pc.site.areas.find(
        (a) => (!packages.length || packages.includes(a.key)) && a.ops.some((o) => o.id === m),
      );
      const target = area?.ops.find((o) => o.id === m);
      return target ? `<a href="${href(pc, target.href)}"><code>${esc(m)}</code></a>` : m;
    },
  );
}

function callouts(pc, op) {
  const out = [];
  if (op.deprecated)
    out.push(
      `<div class="callout callout-deprecated" role="note"><strong>Deprecated.</strong> ${op.replacedBy ? `Use ${linkOperations(pc, linkPackages(pc, inl(pc, op.replacedBy)), op.replacedBy)} instead.` : "No replacement is documented; it may be removed."} The SDK logs a warning once per process when it is called (in Node a <code>DeprecationWarning</code> with the code <code>CHAINDATA_DEPRECATED</code>, which <code>node --disable-warning=CHAINDATA_DEPRECATED</code> silences; the client's <code>logger.warn</code> instead when it has one).</div>`,
    );
  if (op.beta)
    out.push(
      `<div class="callout callout-beta" role="note"><strong>Beta.</strong> Routes and response formats may change; response objects may gain fields.</div>`,
    );
  return out.join("\n");
}

// ---------------------------------------------------------------- JSON-RPC request shape
function rpcShape(pc, op) {
  const { structure, params } = op.rpc;
  const k = (s) => `<span class="k">${esc(JSON.stringify(s))}</span>`;
  const c = (s) => `<span class="c">// ${esc(s)}</span>`;
  let p;
  if (structure === "array") {
    const only = params[0];
    const item = only?.schema?.items
      ? typeLabel(pc, only.schema.items, { prim: false })
      : typeLabel(pc, only?.schema, { prim: false });
    p = `[ ${item}, … ]  ${c(`the ${only?.name ?? "params"} array itself`)}`;
  } else if (structure === "positional") {
    p = `[\n${params.map((x, i) => `    ${typeLabel(pc, x.schema, { prim: false })}${i < params.length - 1 ? "," : ""}  ${c(`${i}: ${x.name}${x.required ? "" : " (optional)"}`)}`).join("\n")}\n  ]`;
  } else if (!params.length) p = "{}";
  else
    p = `{\n${params.map((x, i) => `    ${k(x.name)}${x.required ? "" : "?"}: ${typeLabel(pc, x.schema, { prim: false })}${i < params.length - 1 ? "," : ""}`).join("\n")}\n  }`;
  const body = `{\n  ${k("jsonrpc")}: <span class="s">"2.0"</span>,\n  ${k("id")}: <span class="s">"1"</span>,\n  ${k("method")}: <span class="s">${esc(JSON.stringify(op.id))}</span>,\n  ${k("params")}: ${p}\n}`;
  const how =
    structure === "array"
      ? `<code>params</code> is the <code>${esc(params[0]?.name)}</code> array itself (<code>x-params: array</code>), not an object.`
      : structure === "positional"
        ? "<code>params</code> is a positional array (<code>paramStructure: by-position</code>), in the order below; the SDK takes an object keyed by parameter name."
        : "<code>params</code> is an object keyed by parameter name (<code>paramStructure: by-name</code>); a key marked <code>?</code> is optional.";
  const resultShape = `{ <span class="k">"jsonrpc"</span>: <span class="s">"2.0"</span>, <span class="k">"id"</span>: <span class="s">"1"</span>, <span class="k">"result"</span>: ${typeLabel(pc, op.rpc.result?.schema)} }\n{ <span class="k">"jsonrpc"</span>: <span class="s">"2.0"</span>, <span class="k">"id"</span>: <span class="s">"1"</span>, <span class="k">"error"</span>: { <span class="k">"code"</span>: integer, <span class="k">"message"</span>: string, <span class="k">"data"</span>?: any } }`;
  return `<p>${how}</p>${codeBlock(body, { label: "Request body shape", html: true })}${codeBlock(resultShape, { label: "Response body shape (result or error)", html: true })}`;
}

// ---------------------------------------------------------------- request
function requestSection(pc, op) {
  const area = op.area;
  if (op.transport === "delivery") {
    const auth = op.rest.auth.ways.find((w) => w.in === "header");
    return `<p class="endpoint"><span class="badge badge-http http-post">${esc(op.method)}</span> <code class="url">&lt;your webhookURL&gt;</code></p>
<p>The service sends this request to the <code>webhookURL</code> of a webhook (delivery kind <code>${esc(op.deliveryName)}</code>), with <code>Content-Type: ${esc(op.rest.body?.contentType ?? "application/json")}</code>${auth ? ` and the webhook's <code>authHeader</code> as the <code>${esc(auth.name)}</code> header${marker(pc, auth.source)}` : ""}.${auth?.description ? ` ${inl(pc, auth.description)}` : ""}</p>`;
  }
  const main = area.servers.urls.mainnet ?? Object.values(area.servers.urls).find(Boolean) ?? "";
  const auth = op.rest?.auth ?? area.auth;
  const q = auth.ways[0]?.in === "query" ? `?${auth.ways[0].name}=&lt;API_KEY&gt;` : "";
  const optionalKey =
    auth.ways.length && !auth.required
      ? ' <span class="muted small">(API key optional)</span>'
      : "";
  let line;
  if (op.transport === "rpc")
    line = `<span class="badge badge-http http-post">POST</span> <code class="url">${esc(main)}${esc(area.rpcPath ?? "/")}${q}</code>`;
  else
    line = `<span class="badge badge-http http-${op.method.toLowerCase()}">${esc(op.method)}</span> <code class="url">${esc(main)}${esc(op.path).replace(/\{([^}]+)\}/g, '<span class="pp">{$1}</span>')}${q}</code>`;
  const hdr =
    auth.ways[0]?.in === "header"
      ? `<p class="small">Header: <code>${esc(auth.ways[0].name)}: &lt;API_KEY&gt;</code></p>`
      : "";
  const parts = [`<p class="endpoint">${line}${optionalKey}</p>`, hdr];
  parts.push(
    `<p class="small">Host <code>${esc(area.hostKey)}</code>${marker(pc, area.servers.source)}${area.host?.description ? ` — ${inl(pc, area.host.description)}` : ""}</p>`,
  );
  parts.push(envTable(pc, area, op));
  parts.push(regionsBlock(pc, area, op));
  if (op.transport === "rpc") parts.push(rpcShape(pc, op));
  else if (op.rest.body)
    parts.push(
      `<p>Body: <code>${esc(op.rest.body.contentType)}</code>, ${typeLabel(pc, op.rest.body.schema)}${op.rest.body.required ? " (required)" : " (optional)"}${marker(pc, op.rest.body.source)}. ${op.rest.body.description ? inl(pc, op.rest.body.description) : ""}</p>`,
    );
  return parts.join("\n");
}

// ---------------------------------------------------------------- result
function resultSection(pc, op) {
  if (op.transport === "rpc") {
    const r = op.rpc.result;
    if (!r) return '<p class="muted">No result.</p>';
    return `<p><code>result</code> (<code>${esc(r.name ?? "result")}</code>)${r.description ? `: ${inl(pc, r.description)}` : ""}${marker(pc, r["x-source"])}</p>${schemaBlock(pc, r.schema, { showDescription: false, anchor: "result" })}`;
  }
  const ok = op.rest.responses.filter((r) => /^2\d\d$/.test(r.status));
  if (!ok.length) return '<p class="muted">No success response is documented.</p>';
  return ok
    .map((r) => {
      const headers = r.headers.length
        ? `<p class="small">Headers: ${r.headers.map((h) => `<code>${esc(h.name)}</code>${h.description ? ` — ${inl(pc, h.description)}` : ""}`).join("; ")}</p>`
        : "";
      return `<div class="response"><h3 id="response-${esc(r.status)}">${statusBadge(r.status)} ${inl(pc, r.description)}${marker(pc, r.source)}</h3>${headers}${r.schema ? schemaBlock(pc, r.schema, { anchor: `response-${r.status}` }) : '<p class="muted small">No body.</p>'}</div>`;
    })
    .join("\n");
}

// ---------------------------------------------------------------- the page
export function operationPage(site, op) {
  const pc = pageContext(site, { path: op.href, area: op.area });
  const area = op.area;
  const isRpc = op.transport === "rpc";
  const isDelivery = op.transport === "delivery";
  // Render in reading order so the footnote numbers of x-source markers ascend down the page.
  const head = `${callouts(pc, op)}\n${facts(pc, op)}`;
  const sections = [
    [
      "description",
      "Description",
      op.description
        ? `${md(pc, op.description)}${isRpc ? buildTransactionLink(pc, area.info) : ""}${op.source ? `<p class="small">Source ${marker(pc, op.source)}</p>` : ""}`
        : op.source
          ? `<p class="small">Source ${marker(pc, op.source)}</p>`
          : "",
    ],
    ["request", isDelivery ? "Delivery request" : "Request", requestSection(pc, op)],
    [
      isDelivery ? "headers" : "parameters",
      isDelivery ? "Headers and parameters" : "Parameters",
      isDelivery && !op.rest.params.length
        ? ""
        : parametersSection(pc, op, isDelivery ? "headers" : "parameters"),
    ],
    [
      isDelivery ? "payload" : "result",
      isDelivery ? "Payload" : isRpc ? "Result" : "Response",
      isDelivery
        ? op.rest.body?.schema
          ? schemaBlock(pc, op.rest.body.schema, { anchor: "payload" })
          : ""
        : resultSection(pc, op),
    ],
    [
      isDelivery ? "answer" : "errors",
      isDelivery ? "Receiver answer" : "Errors",
      errorsSection(pc, op),
    ],
    ["receiver", "Receive with the SDK", isDelivery ? receiverSection(pc, op) : ""],
    ["examples", "Examples", examplesSection(pc, op)],
  ].filter(([, , b]) => b);
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › ${area.deprecated ? "Deprecated › " : ""}<a href="${href(pc, `${area.key}/index.html`)}">${esc(area.label)}</a>${isDelivery ? " › Deliveries" : ""} › <span class="name">${breakableName(op.id)}</span></nav>
<header class="op-head"><h1>${headingName(op.id)}</h1><div class="badges">${opBadges(op)}</div></header>
${op.summary ? `<p class="lead">${inl(pc, op.summary)}</p>` : ""}
${head}
${toc(sections.map(([id, t]) => [id, t]))}
${sections.map(([id, t, b]) => section(id, t, b)).join("\n")}`;
  return layout(pc, { title: `${op.id} · ${area.label}`, body, description: op.summary });
}
