// A YAML syntax error in words a spec editor acts on: the `yaml` parser says "All mapping items
// must start at the same column" or "Nested mappings are not allowed in compact mappings", at
// column 1 of the line after the mistake or at the key before it. This reads the lines around the
// error and says which line is wrong, at its key's column, and what probably went wrong: a key
// indented deeper than a key that already has a value, a key whose indentation lines up with no key
// above it, a tab, a key twice, a string or a `{ … }` left open. An error it cannot explain keeps
// the parser's words, with the line's text.

/** The indentation (spaces) of a line, and whether it holds a tab there. */
const indentOf = (line) => /^[ ]*/.exec(line)[0].length;
/** Whether a line is blank or a comment. */
const empty = (line) => /^\s*(#.*)?$/.test(line);
/** The key a line starts with (`supply:`, `- name:` → `name`), or undefined. */
const keyOf = (line) =>
  /^\s*(?:-\s+)*("[^"]*"|'[^']*'|[^\s#'"{[][^:#]*?)\s*:(?:\s|$)/.exec(line)?.[1];
/**
 * Whether a line's key opens a block (nothing after `key:` but a comment, `|`, `>` or an anchor).
 */
const opensBlock = (line) =>
  /:\s*(?:[|>][-+0-9]*\s*)?(?:&\S+\s*)?(#.*)?$/.test(line) || /^\s*-\s*$/.test(line);
/** Whether a line begins a block scalar (`key: >-`, `key: |`): the lines under it are its text. */
const blockScalar = (line) => /:\s*(?:&\S+\s+)?[|>][-+0-9]*\s*(#.*)?$/.test(line);

/**
 * `{ line, col, message }` for a YAML parse error (`error`, one of the `yaml` package's, with its
 * `code`, `message` and `linePos`) of `text`: the line and column to fix (1-based) and what is
 * wrong there.
 */
export function describeYamlError(text, error) {
  const lines = text.split("\n");
  const [start, end] = error.linePos ?? [{ line: 1, col: 1 }];
  const raw = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  const quote = (n) => `\`${lines[n - 1]?.trim()}\``;
  const fallback = {
    line: start.line,
    col: start.col,
    message: `${raw} (the YAML parser's words, at ${quote(start.line)})`,
  };
  switch (error.code) {
    case "DUPLICATE_KEY": {
      const key = keyOf(lines[start.line - 1] ?? "");
      const first = key && earlierSibling(lines, start.line, key);
      return {
        line: start.line,
        col: indentOf(lines[start.line - 1]) + 1,
        message: `\`${key}:\` is a key twice in one mapping${first ? ` (first at line ${first})` : ""}: remove or rename one (YAML keeps one value of a key)`,
      };
    }
    case "TAB_AS_INDENT":
      return {
        line: start.line,
        col: 1,
        message: `a tab in the indentation of ${quote(start.line)}: YAML indents with spaces only; indent it with spaces as the lines around it`,
      };
    case "MISSING_CHAR":
      if (/quote/.test(raw)) {
        const open = openQuote(lines, start.line);
        if (open)
          return {
            line: open.line,
            col: open.col,
            message: `the string opened with ${open.char} here is not closed${open.line === start.line ? " on its line" : `: the parser read on to line ${start.line}`}; close it with ${open.char} on this line`,
          };
      }
      break;
    case "BAD_INDENT":
      if (/Flow (map|sequence)/.test(raw)) {
        const open = openFlow(lines, start.line);
        if (open)
          return {
            line: open.line,
            col: open.col,
            message: `the ${open.char} … opened here is not closed with ${open.char === "{" ? "}" : "]"} (or its next line is not indented deeper than its key): close it on this line`,
          };
      }
      break;
    case "BLOCK_IN_FLOW":
      return {
        line: start.line,
        col: start.col,
        message: `a value inside { … } or [ … ] holds ": " (a colon and a space), which YAML reads as a key: quote the value ("…") on ${quote(start.line)}`,
      };
    default:
  }
  if (
    /^(BAD_INDENT|BLOCK_AS_IMPLICIT_KEY|MULTILINE_IMPLICIT_KEY|MISSING_CHAR|UNEXPECTED_TOKEN)$/.test(
      error.code,
    )
  ) {
    const found = misindented(lines, Math.max(start.line, end?.line ?? start.line) + 1);
    if (found) return found;
    // (`summary: Note: a value` reads as a key `summary` whose value is a key `Note`.)
    const line = lines[start.line - 1] ?? "";
    const key = keyOf(line);
    const value = key === undefined ? "" : line.slice(line.indexOf(":") + 1).trim();
    if (/^[^"'{[|>].*:\s/.test(value))
      return {
        line: start.line,
        col: line.indexOf(value) + 1,
        message: `the value of \`${key}:\` holds ": " (a colon and a space), which YAML reads as one more key: quote the value ("…")`,
      };
  }
  return fallback;
}

/** The line (1-based) of the key `key` above line `at` in the same mapping (same indentation). */
function earlierSibling(lines, at, key) {
  const indent = indentOf(lines[at - 1]);
  for (let n = at - 1; n >= 1; n--) {
    const line = lines[n - 1];
    if (empty(line)) continue;
    if (indentOf(line) < indent) return undefined;
    if (indentOf(line) === indent && keyOf(line) === key) return n;
  }
  return undefined;
}

/** The last quote opened and not closed on a line at or above `at`: { line, col, char }. */
function openQuote(lines, at) {
  for (let n = at; n >= 1 && n > at - 40; n--) {
    const line = lines[n - 1] ?? "";
    for (const char of ['"', "'"]) {
      const body = line.replace(/#.*$/, "");
      const count =
        char === '"' ? (body.match(/(?<!\\)"/g) ?? []).length : (body.match(/'/g) ?? []).length;
      if (count % 2 === 1) return { line: n, col: line.lastIndexOf(char) + 1, char };
    }
  }
  return undefined;
}

/**
 * The last `{` or `[` on a line at or above `at` that its line does not close: { line, col, char }.
 */
function openFlow(lines, at) {
  for (let n = at; n >= 1 && n > at - 40; n--) {
    const line = (lines[n - 1] ?? "").replace(/"[^"]*"|'[^']*'/g, (s) => " ".repeat(s.length));
    for (const [open, close] of [
      ["{", "}"],
      ["[", "]"],
    ]) {
      const opened = line.split(open).length - line.split(close).length;
      if (opened > 0) return { line: n, col: line.lastIndexOf(open) + 1, char: open };
    }
  }
  return undefined;
}

/**
 * The first line, up to line `until`, whose indentation the lines above it do not allow, read as a
 * block of keys (block scalars, multi-line strings and flow collections, and the text of multi-line
 * plain values skipped): one deeper than a key that already has a value, or one that lines up with
 * no key above it. `{ line, col, message }` or undefined. (Exported for the tests, which hold it to
 * every YAML file of the spec: it finds nothing there.)
 */
export function misindented(lines, until = lines.length) {
  /** The keys and items that enclose the line being read: [{ indent, line, key, opens }]. */
  const stack = [];
  let previous; // the last key read: { indent, line, key, opens }
  let scalarIndent; // inside a block scalar: the indentation of its key
  let closing; // inside a multi-line string or flow collection: what ends it
  for (let n = 1; n <= Math.min(until, lines.length); n++) {
    const line = lines[n - 1];
    if (closing) {
      if (closing(line)) closing = undefined;
      continue;
    }
    if (empty(line)) continue;
    const indent = indentOf(line);
    if (scalarIndent !== undefined) {
      if (indent > scalarIndent) continue;
      scalarIndent = undefined;
    }
    // (`- name: x`: an item at the dash, and its first key two columns on; `- - a:` two items.)
    const dash = /^\s*(?:-\s+)+(?=\S)/.exec(line);
    const keyIndent = dash ? dash[0].length : indent;
    const key = keyOf(line);
    if (key === undefined && !dash) continue; // the text of a multi-line value
    const name = key === undefined ? "the item" : `\`${key}:\``;
    if (previous && indent > previous.indent && !previous.opens)
      return {
        line: n,
        col: indent + 1,
        message: `${name} is indented ${indent} spaces, deeper than \`${previous.key}:\` on line ${previous.line} (${previous.indent}), which already has a value: a key cannot go under it. Indent it ${previous.indent} spaces to make it a key beside \`${previous.key}:\`, or move \`${previous.key}:\`'s value under it to nest it`,
      };
    while (stack.length && stack.at(-1).indent > indent) stack.pop();
    if (stack.length && stack.at(-1).indent < indent && previous && indent < previous.indent) {
      const options = [previous, ...[...stack].reverse()]
        .filter((k, i, all) => all.findIndex((o) => o.indent === k.indent) === i && k.key !== "-")
        .slice(0, 3)
        .map((k) => `${k.indent} spaces puts it beside \`${k.key}:\` (line ${k.line})`);
      return {
        line: n,
        col: indent + 1,
        message: `${name} is indented ${indent} spaces, which lines up with no key above it: ${options.join(", ")}; the keys of one mapping start at the same column`,
      };
    }
    // (A key where the items of a list are: it ends the list, and belongs to no mapping, unless the
    // list is written at its key's column, `tags:` then `- a`, and the key is that key's sibling.)
    const top = stack.at(-1);
    const owner = [...stack].reverse().find((k) => k.key !== "-");
    if (top?.indent === indent && top.key === "-" && !dash && key !== undefined) {
      if (owner?.indent !== indent) {
        const list = [...stack].reverse().find((k) => k.key !== "-" && k.indent < indent);
        return {
          line: n,
          col: indent + 1,
          message: `${name} is indented ${indent} spaces, as the items (\`- …\`) of the list above it${list ? ` (\`${list.key}:\`, line ${list.line})` : ""}: a key there belongs to no mapping. Indent it ${list ? `${list.indent} spaces to make it a key beside \`${list.key}:\`` : "as the key it belongs beside"}, or begin it with \`- \` to make it an item`,
        };
      }
      while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    } else if (top?.indent === indent && !(dash && previous?.opens && previous.indent === indent))
      stack.pop();
    if (dash)
      for (const item of dash[0].matchAll(/-/g))
        stack.push({ indent: item.index, line: n, key: "-", opens: true });
    const entry = {
      indent: keyIndent,
      line: n,
      key: key ?? "-",
      opens: key === undefined || opensBlock(line),
    };
    stack.push(entry);
    previous = entry;
    if (blockScalar(line)) scalarIndent = keyIndent;
    closing = unclosed(line);
  }
  return undefined;
}

/**
 * Where a line leaves a string or a flow collection open, a test of the line that ends it; else
 * undefined.
 */
function unclosed(line) {
  const value = line.replace(/^[^:]*:\s*/, "");
  const doubles = (text) => (text.match(/(?<!\\)"/g) ?? []).length;
  if (value.startsWith('"') && doubles(value) % 2 === 1) return (next) => doubles(next) % 2 === 1;
  const singles = (text) => (text.match(/'/g) ?? []).length;
  if (value.startsWith("'") && singles(value) % 2 === 1) return (next) => singles(next) % 2 === 1;
  const depth = (text) => {
    const plain = text.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, "");
    return (plain.match(/[{[]/g) ?? []).length - (plain.match(/[}\]]/g) ?? []).length;
  };
  if (/^[{[]/.test(value) && depth(value) > 0) {
    let open = depth(value);
    return (next) => (open += depth(next)) <= 0;
  }
  return undefined;
}
