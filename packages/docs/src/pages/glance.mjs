// Operations at a glance (operations.html): every operation's cost, rate limit, SDK retries and
// marks in one table, in the words of the operation pages' fact rows (facts.mjs).
import { badge, GLANCE_PAGE, href, layout, pageContext } from "../html.mjs";
import { esc, plural, tableWrap } from "../util.mjs";
import { costCredits, costUnit, rateLimitText, sdkRetries } from "./facts.mjs";
import { INDEX_KINDS } from "./search-index.mjs";
import { section } from "./shared.mjs";

/**
 * One row per operation: its link with its beta / deprecated marks, area, transport, cost, rate
 * limit and the SDK's retries, in the words of the operation page's fact rows (the same
 * functions), so that the table cannot drift from the pages. A delivery has no SDK call: no rate
 * limit, no retries, and its cost is per event.
 */
function glanceTable(pc, ops, { name, caption }) {
  const cols = [
    ["Area", (op) => esc(op.area.label)],
    ["Transport", (op) => INDEX_KINDS[op.transport]],
    [`Cost per ${costUnit(ops[0])}`, (op) => esc(costCredits(op) ?? "not documented")],
    ...(ops[0].transport !== "delivery"
      ? [
          [
            "Rate limit",
            (op) =>
              op.rateLimit
                ? esc(rateLimitText(op))
                : '<span aria-hidden="true">—</span><span class="visually-hidden">none documented</span>',
          ],
          ["SDK retries", (op) => esc(sdkRetries(op))],
        ]
      : []),
  ];
  const marks = (op) =>
    `${op.beta ? ` ${badge("beta", "beta")}` : ""}${op.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}`;
  const rows = ops
    .map(
      (op) =>
        `<tr${op.deprecated ? ' class="is-deprecated"' : ""}><th scope="row"><a href="${href(pc, op.href)}"><code>${esc(op.id)}</code></a>${marks(op)}</th>${cols.map(([label, cell]) => `<td data-label="${esc(label)}">${cell(op)}</td>`).join("")}</tr>`,
    )
    .join("");
  return tableWrap(
    `<table class="glance"><caption>${caption}</caption><thead><tr>${[name, ...cols.map(([h]) => h)].map((h) => `<th scope="col">${h}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/**
 * Every operation on one page, for what no single operation page answers: which calls cost what,
 * which are paced, which the SDK retries, which are beta or deprecated.
 */
export function glancePage(site) {
  const pc = pageContext(site, { path: GLANCE_PAGE });
  const ops = site.areas.flatMap((a) => a.ops);
  const deliveries = site.areas.flatMap((a) => a.deliveries);
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Operations at a glance</span></nav>
<h1>Operations at a glance</h1>
<p class="lead">What each call costs, how fast it may be called, whether the SDK retries it, and whether it is beta or deprecated: each operation page's facts, side by side.</p>
${
  ops.length
    ? section(
        "operations",
        "Operations",
        `<p class="small">Cost and rate limit as each operation's page gives them (its Sources say where from); a dash: none documented. The SDK retries an idempotent call after a 408, 429, 5xx, connection error or timeout; a call that is not idempotent after a 429 only (refused before it was processed), unless with <code>{ retryNonIdempotent: true }</code> (<a href="${href(pc, "getting-started.html#options")}">options</a>).</p>${glanceTable(
          pc,
          ops,
          {
            name: "Operation",
            caption: `The ${plural(ops.length, "operation")} by area`,
          },
        )}`,
      )
    : ""
}
${deliveries.length ? section("deliveries", "Webhook deliveries", `<p class="small">Sent by the service to your URL: no SDK call, so no rate limit or retries.</p>${glanceTable(pc, deliveries, { name: "Delivery", caption: `The ${plural(deliveries.length, "delivery", "deliveries")}` })}`) : ""}`;
  return layout(pc, {
    title: "Operations at a glance",
    body,
    description: `Cost, rate limit, SDK retries and status of the ${ops.length} chaindata operations.`,
  });
}
