// An operation page's Pagination fact: every item with `.all()`, the cap and whole pages, the
// standalone page walk (`paginate<Method>`), the wire's paging, and the walk's edge rules
// (packages/core/src/paginate.ts).
import { breakableName, href, pageContext } from "../html.mjs";
import { standaloneOf } from "../snippets.mjs";
import { esc, pascal } from "../util.mjs";
import { RESUMING_A_WALK } from "./page-walks.mjs";
import { code, orList } from "./shared.mjs";

/**
 * An operation's Pagination fact: what most readers want first (every item, with `.all()`), then
 * the rest as a list, one point an item: the cap and whole pages, the standalone walk, the wire's
 * paging, and the walk's edge rules.
 */
export function paginationText(op) {
  const p = op.pagination;
  if (!p) return "";
  const call = `for await (const item of ${op.area.clientVar}.${op.id}.all(params))`;
  const wire = [`${esc(p.style)} style`];
  if (p.style === "page")
    wire.push(`request ${code(p.page ?? "page")}${p.limit ? ` and ${code(p.limit)}` : ""}`);
  else
    wire.push(
      `pass ${p.nextCursor ? code(p.nextCursor) : "the next cursor"} as ${code(p.cursor ?? "cursor")}${p.limit ? `, page size ${code(p.limit)}` : ""}`,
    );
  if (p.items)
    wire.push(
      `items at ${code(p.items)}${p.skipped ? ` (entries at ${code(p.skipped)}, which failed to load, count toward the page size)` : ""}`,
    );
  wire.push(
    p.hasMore
      ? `more while ${code(p.hasMore)} is true`
      : p.style === "page"
        ? "ends on a short or empty page"
        : "ends when there is no next cursor",
  );
  // A page-style operation that also takes a cursor pages by keyset too (DAS `cursor`).
  const keysetPaging =
    p.style === "page" && p.cursor
      ? ` Keyset paging instead: pass ${code(p.cursor)}, the next one at ${code(p.nextCursor ?? p.cursor)}.`
      : "";
  const items = [
    ...walkOptionsText(op),
    `On the wire: ${wire.join("; ")}.${keysetPaging}`,
    ...allText(p),
  ];
  return `<p><strong>Every item:</strong> <code>${breakableName(call)}</code> walks every page.</p><ul class="walk">${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
}

/**
 * The standalone page walk a package exports beside its client (scripts/generate emits
 * `paginate<Operation>` for each paginated method or operation).
 */
export const standaloneWalk = (op) =>
  (op.transport === "rpc" || op.transport === "rest") && op.pagination
    ? `paginate${pascal(op.id)}`
    : undefined;

/** A relative href from the operation's page, which shows its Pagination fact, to a site path. */
const fromPage = (op, target) => href(pageContext(null, { path: op.href }), target);

/**
 * The rest of the page walk (packages/core/src/paginate.ts): without it a reader knows only that
 * `.all()` yields items, not how to cap the walk or get whole pages.
 */
function walkOptionsText(op) {
  const fn = standaloneWalk(op);
  return [
    `<code>{ maxPages: n }</code> as <code>.all()</code>'s second argument stops after n pages; <code>.all(…).pages()</code> yields each page's whole result instead of its items.`,
    `<code>.all(…).checkpoints()</code> yields <code>{ result, next }</code>: <code>next</code> is the params of the page after it, to save and resume from with <code>.all(next)</code>; it is <code>undefined</code> only where the data ends, never where <code>maxPages</code> stops the walk (<a href="${esc(fromPage(op, RESUMING_A_WALK))}">Resuming a walk</a>).`,
    ...(fn
      ? [
          `Without a client: <code>${breakableName(`${fn}(${standaloneOf(op.area).factory}(), params, { maxPages })`)}</code>, both from <code>${breakableName(op.area.pkg)}</code>, the same walk.`,
        ]
      : []),
  ];
}

/**
 * What the SDK's `.all()` does at the edges (packages/core/src/paginate.ts), one point an item:
 * an answer that breaks the paging protocol, such as one whose `echoedPage` names another page,
 * ends it with an `InvalidResponseError`; first params that hold a `keyset` param make a page-style
 * walk go on by cursor if they hold the cursor too, and otherwise (and always by cursor) refuse to
 * start, unless `maxPages` is 1 (spec/README.md, `x-pagination`).
 */
function allText(p) {
  const breaks = [
    p.style === "page" &&
      p.echoedPage &&
      `a result whose ${code(p.echoedPage)} is not the page it asked for, as from a server or mock that ignores ${code(p.page ?? "page")}`,
    (p.style === "cursor" || p.keyset?.length) && "a next cursor it has already sent",
    p.style === "cursor" && p.hasMore && `${code(`${p.hasMore}: true`)} with no next cursor`,
    p.style === "page" && p.hasMore && `${code(`${p.hasMore}: true`)} of a page with no items`,
  ].filter(Boolean);
  const out = breaks.length
    ? [
        `<code>.all()</code> stops with an <code>InvalidResponseError</code>, after the pages before, at ${breaks.join(", or at ")}.`,
      ]
    : [];
  if (!Array.isArray(p.keyset) || !p.keyset.length) return out;
  const cursor = p.cursor ?? "cursor";
  const next = p.nextCursor ?? cursor;
  const also = p.keyset.includes(cursor) ? "" : " too";
  // (A walk by cursor never goes on from a keyset param, with its cursor or without: wallet
  // history's `after` pages in an order its `before` does not.)
  out.push(
    p.style === "cursor"
      ? `Given ${orList(p.keyset)}, <code>.all()</code> refuses to start, with ${code(cursor)} too (the results name no next page in that order; <code>maxPages: 1</code> makes that one request).`
      : `Given ${orList(p.keyset)}, <code>.all()</code> goes on by ${code(cursor)} (each result's ${code(next)}) when the params hold ${code(cursor)}${also}, and otherwise refuses to start (the result names no next page; <code>maxPages: 1</code> makes that one request).`,
  );
  if (p.keysetWhen)
    out.push(
      `With ${code(`${p.keysetWhen.param}: ${JSON.stringify(p.keysetWhen.equals)}`)} and no ${code(p.page ?? "page")}, it pages by keyset from the first request: no ${code(p.page ?? "page")} and no ${code(cursor)} at first, then each result's ${code(next)}.`,
    );
  return out;
}
