// Reading one declaration out of generated source, for tests that compare it with what they expect.

/**
 * The declaration of `source` whose first line starts with `head`: the JSDoc just above it, the
 * line, and for a block the lines down to its closing brace. `undefined` when there is none.
 */
export function declaration(source: string | undefined, head: string): string | undefined {
  const lines = (source ?? "").split("\n");
  const at = lines.findIndex((line) => line.startsWith(head));
  if (at < 0) return undefined;
  let start = at;
  if (lines[at - 1]?.trimEnd().endsWith("*/"))
    do start--;
    while (start > 0 && !lines[start]!.trimStart().startsWith("/**"));
  // (A statement the generator broke across lines, scripts/generate/lib/layout.mjs: the lines
  // indented further after one that ends open, and the one that closes it, `): R {`, `> = {`.)
  const indent = /^\s*/.exec(lines[at]!)![0].length;
  const depth = (line: string) => line.length - line.trimStart().length;
  let end = at;
  while (/[([<=]$/.test(lines[end]!.trimEnd())) {
    while (end < lines.length - 1 && lines[end + 1]!.trim() && depth(lines[end + 1]!) > indent)
      end++;
    const next = lines[end + 1] ?? "";
    if (depth(next) === indent && /^[)\]}>]/.test(next.trim())) end++;
    else break;
  }
  if (lines[end]!.trimEnd().endsWith("{")) {
    const close = new RegExp(`^${" ".repeat(indent)}\\}[;,]?$`);
    while (end < lines.length - 1 && !close.test(lines[end]!)) end++;
  }
  return lines.slice(start, end + 1).join("\n");
}

/**
 * Generated code the generator broke across lines (scripts/generate/lib/layout.mjs), on one line
 * again, as a test writes what it expects: `{ a, b }`, `f(x, y)`, `[x, y]`, `T<A, B>`,
 * `type T = "a" | "b"`. (Generated string literals hold no line break, so only the layout's own
 * are taken out; a whole file comes out as one line, its JSDoc with it.)
 */
export const oneLine = (code: string | undefined): string | undefined =>
  code
    ?.replace(/\n\s*/g, " ")
    .replace(/([([<]) /g, "$1")
    .replace(/ ([)\]>])/g, "$1")
    // (A union broken one member a line: `type T =` / `| "a"` / `| "b";`.)
    .replace(/([=:]) \| /g, "$1 ");
