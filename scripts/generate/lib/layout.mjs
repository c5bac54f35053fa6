// Line breaks for a generated expression (a descriptor with its check tree), so that a spec edit
// shows in `git diff` as the lines of the checks it changed, not as one replaced line of 1.8 kB
// (review 46, F6). Not a formatter: the generator writes expressions of string literals
// (JSON.stringify's, double-quoted), `/* … */` comments, names, numbers and brackets, and this
// breaks them the way Prettier would at the repository's width, without its cost per run (the
// whole generation has a 10 s budget). Bundles are minified, so sizes do not move.

/** The repository's Prettier `printWidth`. */
const WIDTH = 100;

/**
 * `code` split into a sequence of text runs and bracket groups, each group's content split at its
 * own commas; `undefined` when the brackets do not balance (then the caller keeps `code` as it is).
 * @returns {Array<string | { open: string, close: string, items: Array<any[]> }> | undefined}
 */
function parse(code) {
  const CLOSE = { "(": ")", "[": "]", "{": "}" };
  const root = { items: [[]] };
  const stack = [root];
  const push = (part) => {
    const items = stack.at(-1).items;
    const sequence = items.at(-1);
    if (typeof part === "string" && typeof sequence.at(-1) === "string")
      sequence[sequence.length - 1] += part;
    else sequence.push(part);
  };
  for (let i = 0; i < code.length;) {
    const c = code[i];
    let end = i + 1;
    if (c === '"') {
      while (end < code.length && code[end] !== '"') end += code[end] === "\\" ? 2 : 1;
      push(code.slice(i, ++end));
    } else if (code.startsWith("/*", i)) {
      end = code.indexOf("*/", i + 2) + 2;
      if (end < 2) return undefined;
      push(code.slice(i, end));
    } else if (c in CLOSE) {
      const group = { open: c, close: CLOSE[c], items: [[]] };
      push(group);
      stack.push(group);
    } else if (c === ")" || c === "]" || c === "}") {
      const group = stack.pop();
      if (group === root || group.close !== c) return undefined;
      group.items = group.items.map(trim).filter((s, n, all) => s.length || n < all.length - 1);
    } else if (c === "," && stack.length > 1) stack.at(-1).items.push([]);
    else push(c);
    i = end;
  }
  return stack.length === 1 ? trim(root.items[0]) : undefined;
}

/** `sequence` without white space at its ends. */
function trim(sequence) {
  const out = [...sequence];
  if (typeof out[0] === "string") out[0] = out[0].trimStart();
  if (typeof out.at(-1) === "string") out[out.length - 1] = out.at(-1).trimEnd();
  return out.filter((part) => part !== "");
}

/** `sequence` on one line, as the generator writes it. */
const flat = (sequence) =>
  sequence
    .map((part) => {
      if (typeof part === "string") return part;
      const inner = part.items.map(flat).join(", ");
      return part.open === "{" && inner ? `{ ${inner} }` : part.open + inner + part.close;
    })
    .join("");

/**
 * `sequence`, starting at column `column` of a line indented by `indent`: on one line when it fits
 * in the width, else with its last group broken (the text before it stays on the line).
 */
function render(sequence, indent, column) {
  const line = flat(sequence);
  const last = sequence.findLastIndex((part) => typeof part !== "string");
  if (column + line.length <= WIDTH || last < 0) return line;
  const before = flat(sequence.slice(0, last));
  const after = flat(sequence.slice(last + 1));
  return before + breakGroup(sequence[last], indent, column + before.length) + after;
}

/**
 * Group `group` broken, one item a line; a call whose first argument is the long one and whose
 * others are short keeps them on its closing line (`vObject({` … `}, ["id"], false)`) when that
 * line fits.
 */
function breakGroup(group, indent, column) {
  const [first, ...others] = group.items;
  const rest = others.map(flat).join(", ");
  if (group.open === "(" && first && (!others.length || rest.length <= 40)) {
    const hugged = `(${render(first, indent, column + 1)}${rest ? `, ${rest}` : ""})`;
    const closing = hugged.slice(hugged.lastIndexOf("\n") + 1);
    if (hugged.includes("\n") && closing.length <= WIDTH) return hugged;
  }
  const pad = " ".repeat(indent + 2);
  const lines = group.items.map((item) => pad + render(item, indent + 2, pad.length));
  return `${group.open}\n${lines.join(",\n")}\n${" ".repeat(indent)}${group.close}`;
}

/**
 * `code` (an expression that starts at column `column` of an unindented line) with line breaks
 * where a line would pass the width; `code` itself when it fits or its brackets do not balance.
 */
export function layout(code, column = 0) {
  const sequence = parse(code);
  return sequence ? render(sequence, 0, column) : code;
}
