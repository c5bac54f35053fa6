// Line breaks for generated code, so that it reads where "go to definition" lands (published
// packages ship their src/) and a spec edit shows in `git diff` as the lines it changed, not as one
// replaced line of 1.8 kB. Not a formatter: the generator writes one statement a line, of names,
// numbers, string, template and regex literals, `/* … */` comments and brackets, and this breaks a
// line that passes the repository's width the way Prettier would, without its cost per run (the
// whole generation has a 10 s budget): a bracket list one item a line, a signature's parameters
// before its return type, a union one member a line, `return a ?? b` in parentheses, the value of
// an assignment on the next line. Only white space changes (and the parentheses of a broken
// `return`, a union's leading `|`, the `;` ending a broken type literal's last member), so the
// minified bundles stay byte for byte the same.

/** The repository's Prettier `printWidth`. */
const WIDTH = 100;

const CLOSE = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** The end (exclusive) of the template literal that starts at `code[i]` (a backquote). */
function templateEnd(code, i) {
  for (let j = i + 1; j < code.length; j++) {
    if (code[j] === "\\") j++;
    else if (code[j] === "`") return j + 1;
    else if (code.startsWith("${", j)) {
      let depth = 0;
      for (j += 2; j < code.length; j++) {
        const c = code[j];
        if (c === '"' || c === "'") j = quotedEnd(code, j) - 1;
        else if (c === "`") j = templateEnd(code, j) - 1;
        else if (c === "{") depth++;
        else if (c === "}" && depth-- === 0) break;
      }
    }
  }
  return code.length + 1; // (unterminated: the caller refuses the line)
}

/** The end (exclusive) of the quoted string that starts at `code[i]`. */
function quotedEnd(code, i) {
  let end = i + 1;
  while (end < code.length && code[end] !== code[i]) end += code[end] === "\\" ? 2 : 1;
  return end + 1;
}

/** The end (exclusive) of the regex literal that starts at `code[i]`. */
function regexEnd(code, i) {
  let inClass = false;
  let j = i + 1;
  for (; j < code.length; j++) {
    const c = code[j];
    if (c === "\\") j++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) break;
  }
  for (j++; /[a-z]/.test(code[j] ?? "");) j++;
  return j;
}

/**
 * `code` split into a sequence of text, literals (`{ lit }`: strings, templates, regexes and
 * comments, never split) and bracket groups (`{ open, close, sep, items }`: a type's `<…>` among
 * them), each group's content split at its own commas (or semicolons: `sep`); `undefined` when the
 * brackets do not balance (then the caller keeps `code` as it is).
 */
function parse(code) {
  const root = { items: [[]] };
  const stack = [root];
  const push = (part) => {
    const sequence = stack.at(-1).items.at(-1);
    if (typeof part === "string" && typeof sequence.at(-1) === "string")
      sequence[sequence.length - 1] += part;
    else sequence.push(part);
  };
  // (The code before `i`, without white space: a `/` after one of these starts a regex.)
  const regexMayStart = (i) => {
    const before = code.slice(0, i).trimEnd();
    return !before || /[(,=:[!&|?{};]$|\b(?:return|typeof)$/.test(before);
  };
  for (let i = 0; i < code.length;) {
    const c = code[i];
    let end = i + 1;
    if (c === '"' || c === "'") push({ lit: code.slice(i, (end = quotedEnd(code, i))) });
    else if (c === "`") push({ lit: code.slice(i, (end = templateEnd(code, i))) });
    else if (code.startsWith("/*", i)) {
      end = code.indexOf("*/", i + 2) + 2;
      if (end < 2) return undefined;
      push({ lit: code.slice(i, end) });
    } else if (code.startsWith("//", i)) push({ lit: code.slice(i, (end = code.length)) });
    else if (c === "/" && regexMayStart(i)) push({ lit: code.slice(i, (end = regexEnd(code, i))) });
    else if (
      c in CLOSE &&
      (c !== "<" || (/[\w$]/.test(code[i - 1] ?? "") && code[i + 1] !== "="))
    ) {
      const group = { open: c, close: CLOSE[c], sep: ",", items: [[]] };
      push(group);
      stack.push(group);
    } else if (
      (c === ")" || c === "]" || c === "}" || c === ">") &&
      (c !== ">" || (stack.at(-1).open === "<" && code[i - 1] !== "="))
    ) {
      const group = stack.pop();
      if (group === root || group.close !== c) return undefined;
      group.items = group.items.map(trim);
      if (group.items.length === 1 && !group.items[0].length) group.items = [];
      // (A separator after the last item: `{ a: A; b: B; }`.)
      group.trailing = group.items.length > 1 && group.items.at(-1).length === 0;
      if (group.trailing) group.items.pop();
    } else if ((c === "," || (c === ";" && stack.at(-1).open === "{")) && stack.length > 1) {
      stack.at(-1).sep = c;
      stack.at(-1).items.push([]);
    } else push(c);
    if (end > code.length) return undefined;
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
      if (part.lit !== undefined) return part.lit;
      const inner = part.items.map(flat).join(`${part.sep} `) + (part.trailing ? part.sep : "");
      return part.open === "{" && inner ? `{ ${inner} }` : part.open + inner + part.close;
    })
    .join("");

/**
 * `sequence` cut at each `operator` outside its brackets and literals (`" | "`, `" ?? "`, …):
 * the pieces, without the operator.
 */
function splitAt(sequence, operator) {
  const pieces = [[]];
  for (const part of sequence) {
    if (typeof part !== "string") {
      pieces.at(-1).push(part);
      continue;
    }
    const texts = part.split(operator);
    texts.forEach((text, n) => {
      if (n) pieces.push([]);
      if (text) pieces.at(-1).push(text);
    });
  }
  return pieces.map(trim);
}

/** A group that Prettier keeps on its line: a type's one argument, an index (`<T.X>`, `[200]`). */
const unbreakable = (group) =>
  !group.items.length || ((group.open === "<" || group.open === "[") && group.items.length === 1);

/**
 * `sequence`, starting at column `column` of a line indented by `indent`: on one line when it fits
 * in the width, else broken the first of these ways that applies.
 */
function render(sequence, indent, column) {
  const line = flat(sequence);
  if (column + line.length <= WIDTH) return line;
  return (
    returned(sequence, indent) ??
    union(sequence, indent, column) ??
    guarded(sequence, indent) ??
    arrow(sequence, indent, column) ??
    grouped(sequence, indent, column) ??
    assigned(sequence, indent) ??
    line
  );
}

const pad = (indent) => " ".repeat(indent);

/**
 * `return a ?? b;` as `return (`, the operands (each on its line when they do not fit on one),
 * `);`.
 */
function returned(sequence, indent) {
  const text = flat(sequence);
  if (!text.startsWith("return ") || !text.endsWith(";")) return undefined;
  for (const operator of [" ?? ", " || ", " && "]) {
    const operands = splitAt(sequence, operator);
    if (operands.length < 2) continue;
    operands[0] = trim([operands[0][0].slice("return".length), ...operands[0].slice(1)]);
    const last = operands.at(-1);
    operands[operands.length - 1] = trim([...last.slice(0, -1), last.at(-1).slice(0, -1)]);
    const inner = operands.map(flat).join(operator);
    if (indent + 2 + inner.length <= WIDTH)
      return `return (\n${pad(indent + 2)}${inner}\n${pad(indent)});`;
    const lines = operands.map((operand, n) => {
      const suffix = n < operands.length - 1 ? [operator.trimEnd()] : [];
      return pad(indent + 2) + render([...operand, ...suffix], indent + 2, indent + 2);
    });
    return `return (\n${lines.join("\n")}\n${pad(indent)});`;
  }
  return undefined;
}

/** `type T = "a" | "b"` (or a parameter `p: "a" | "b"`) one member a line, each after its `|`. */
function union(sequence, indent, column) {
  const members = splitAt(sequence, " | ");
  if (members.length < 2) return undefined;
  const [first] = members;
  const at = first.findIndex(
    (part) => typeof part === "string" && (part.includes(" = ") || part.includes(": ")),
  );
  // (Only a type's or a parameter's: not a signature's return type, after its parameters.)
  if (at < 0 || first.slice(0, at).some((part) => part.open && part.open !== "<")) return undefined;
  const text = first[at];
  const cut = text.includes(" = ") ? text.lastIndexOf(" = ") + 2 : text.indexOf(": ") + 1;
  const head = flat([...first.slice(0, at), text.slice(0, cut)]);
  if (column + head.length > WIDTH) return undefined;
  members[0] = trim([text.slice(cut), ...first.slice(at + 1)]);
  const lines = members.map(
    (member) => `${pad(indent + 2)}| ${render(member, indent + 4, indent + 4)}`,
  );
  return `${head}\n${lines.join("\n")}`;
}

/** `if (condition) statement;` with the statement on the next line. */
function guarded(sequence, indent) {
  const [keyword, condition, rest, ...others] = sequence;
  if (keyword !== "if " || condition?.open !== "(" || typeof rest !== "string") return undefined;
  const head = `if ${flat([condition])}`;
  if (indent + head.length > WIDTH) return undefined;
  const statement = trim([rest, ...others]);
  return `${head}\n${pad(indent + 2)}${render(statement, indent + 2, indent + 2)}`;
}

/** `name: (a, b) => body` with the body on the next line, when it fits there. */
function arrow(sequence, indent, column) {
  const [head, ...bodies] = splitAt(sequence, " => ");
  if (!bodies.length) return undefined;
  const params = flat(head);
  const body = flat(sequence).slice(params.length + " => ".length);
  if (column + params.length + 3 > WIDTH || indent + 2 + body.length > WIDTH) return undefined;
  return `${params} =>\n${pad(indent + 2)}${body}`;
}

/**
 * `sequence` with its last group that can break (and whose opening line fits) broken, the text
 * after it laid out from its closing bracket on; `undefined` when no group can.
 */
function grouped(sequence, indent, column) {
  let fallback;
  // (A signature's parameters break before its return type's arguments.)
  const params = sequence.findIndex((part) => part.open === "(");
  for (let g = sequence.length - 1; g >= 0; g--) {
    const group = sequence[g];
    if (typeof group === "string" || group.lit !== undefined || unbreakable(group)) continue;
    fallback ??= g;
    if (group.open === "<" && params >= 0 && params < g) continue;
    const before = flat(sequence.slice(0, g));
    if (column + before.length + group.open.length > WIDTH) continue;
    return broken(sequence, g, indent, column);
  }
  // (None opens within the width: the last is broken, the line after it is the shorter.)
  return fallback === undefined ? undefined : broken(sequence, fallback, indent, column);
}

/** `sequence` with its group `g` broken and what follows it laid out from its closing line. */
function broken(sequence, g, indent, column) {
  const before = flat(sequence.slice(0, g));
  const group = breakGroup(sequence[g], indent, column + before.length);
  const close = group.slice(group.lastIndexOf("\n") + 1);
  const after = sequence.slice(g + 1);
  return before + group + (after.length ? render(after, indent, close.length) : "");
}

/** `lhs = value` with the value on the next line. */
function assigned(sequence, indent) {
  const [lhs, ...values] = splitAt(sequence, " = ");
  if (!values.length) return undefined;
  const value = flat(sequence).slice(flat(lhs).length + 3);
  const rest = parse(value);
  if (!rest) return undefined;
  return `${flat(lhs)} =\n${pad(indent + 2)}${render(rest, indent + 2, indent + 2)}`;
}

/** Whether `sequence` is one bracket group (an object or array literal) and nothing else. */
const literalGroup = (sequence) =>
  sequence.length === 1 && (sequence[0].open === "{" || sequence[0].open === "[");

/**
 * Group `group` broken, one item a line. A call keeps its short arguments on the lines of a long
 * one that ends in brackets, when those lines fit: the first (`vObject({` … `}, ["id"], false)`),
 * or the last when it is an object or array literal (`GET("/v0/x", {` … `})`).
 */
function breakGroup(group, indent, column) {
  const items = group.items;
  if (group.open === "(" && items.length) {
    const [first, ...others] = items;
    const rest = others.map(flat).join(", ");
    const end = first.at(-1);
    if ((!others.length || rest.length <= 40) && end?.close && !flat(first).includes(" => ")) {
      const hugged = `(${render(first, indent, column + 1)}${rest ? `, ${rest}` : ""})`;
      const closing = hugged.slice(hugged.lastIndexOf("\n") + 1);
      if (hugged.includes("\n") && closing.length <= WIDTH && /^[)\]}>]/.test(closing.trim()))
        return hugged;
    }
    const last = items.at(-1);
    const leading = items.slice(0, -1).map(flat).join(", ");
    // (Not after another such literal, as Prettier: `f({ a }, { b })` breaks one a line.)
    if (items.length > 1 && literalGroup(last) && !literalGroup(items.at(-2))) {
      const opening = `(${leading}, ${last[0].open}`;
      if (column + opening.length <= WIDTH)
        return `(${leading}, ${breakGroup(last[0], indent, column + opening.length - 1)})`;
    }
  }
  const lines = items.map((item, n) => {
    const sep = n < items.length - 1 || group.sep === ";" ? group.sep : "";
    return pad(indent + 2) + render(sep ? [...item, sep] : item, indent + 2, indent + 2);
  });
  return `${group.open}\n${lines.join("\n")}\n${pad(indent)}${group.close}`;
}

/**
 * `code` (an expression that starts at column `column` of an unindented line) with line breaks
 * where a line would pass the width; `code` itself when it fits or its brackets do not balance.
 */
export function layout(code, column = 0) {
  const sequence = parse(code);
  return sequence ? render(sequence, 0, column) : code;
}

/**
 * Line `line` of generated code laid out within the width, indented as it is: the same line when
 * it fits, or when it cannot be parsed (a statement whose brackets close on later lines, other
 * than a body's `{`).
 */
function fitLine(line) {
  const indent = line.length - line.trimStart().length;
  let code = line.trim();
  // (A function's signature, its body on the next lines.)
  const opensBody = code.endsWith(" {") && !parse(code);
  if (opensBody) code = code.slice(0, -2);
  const sequence = parse(code);
  if (!sequence) return line;
  if (opensBody) sequence.push(" {");
  return pad(indent) + render(trim(sequence), indent, indent);
}

/**
 * Line comment `line` wrapped at the width, each line after the first a `//` of its own. A dash in
 * the second half of the line is the break (a banner's "— do not edit by hand." stays whole
 * rather than leaving "hand." alone on a line).
 */
function wrapComment(line) {
  const lines = [];
  let rest = line;
  const lead = /^\s*\/\/ /.exec(line)[0];
  while (rest.length > WIDTH) {
    const dash = rest.lastIndexOf(" — ", WIDTH);
    const cut = dash > WIDTH / 2 ? dash : rest.lastIndexOf(" ", WIDTH);
    if (cut <= lead.length) break;
    lines.push(rest.slice(0, cut));
    rest = lead + rest.slice(cut + 1);
  }
  return [...lines, rest].join("\n");
}

/**
 * Generated TypeScript `text` with each code line that passes the width laid out, and each line
 * comment wrapped (JSDoc, whose lines are prose and `@example` code, and the lines of a template
 * literal that spans several, stay as they are).
 */
export function fitLines(text) {
  let inTemplate = false;
  return text
    .split("\n")
    .map((line) => {
      const trimmed = line.trimStart();
      if (trimmed.startsWith("// ") && !inTemplate) return wrapComment(line);
      if (/^(?:\/\*\*|\*|\/\/)/.test(trimmed)) return line;
      // (A backquote outside quotes opens or closes a template literal.)
      const ticks = (trimmed.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "").match(/`/g) ?? [])
        .length;
      const inside = inTemplate;
      if (ticks % 2) inTemplate = !inTemplate;
      if (inside || ticks % 2 || line.length <= WIDTH) return line;
      return fitLine(line);
    })
    .join("\n");
}

/** `text` (code written from column 0) with its lines after the first moved right `by` columns. */
const shift = (text, by) => text.replaceAll("\n", `\n${pad(by)}`);

/**
 * An operand of `returnEither`: `text` as it is (written from column 0), or what a function gives
 * for the column it starts at.
 */
const at = (operand, column) =>
  typeof operand === "function" ? operand(column) : shift(operand, column);

/**
 * The statement `return a ?? b;` at indentation `indent`, for operands that may span lines (a call
 * with a callback, written from column 0), as Prettier writes it: on one line when the statement
 * fits there, else in parentheses, the operands on one line of their own when they fit there, else
 * each from its own line (never `return a ?? (` with the rest below: Prettier breaks the whole
 * `return` first). `operator`: `??`, `||` or `&&`.
 */
export function returnEither(operator, operands, indent) {
  const line = `return ${operands.map((o) => at(o, indent)).join(` ${operator} `)};`;
  if (!line.includes("\n") && indent + line.length <= WIDTH) return line;
  const inner = operands.map((o) => at(o, indent + 2)).join(` ${operator} `);
  if (!inner.includes("\n") && indent + 2 + inner.length <= WIDTH)
    return `return (\n${pad(indent + 2)}${inner}\n${pad(indent)});`;
  const lines = operands.map(
    (o, n) => pad(indent + 2) + at(o, indent + 2) + (n < operands.length - 1 ? ` ${operator}` : ""),
  );
  return `return (\n${lines.join("\n")}\n${pad(indent)});`;
}

/**
 * A comma expression `(a, b)` of operands that may span lines, for `returnEither`: on one line
 * when its first line fits, else one operand a line.
 */
export const commaExpression = (operands) => (column) => {
  const line = `(${operands.map((o) => at(o, column)).join(", ")})`;
  if (column + line.split("\n")[0].length <= WIDTH) return line;
  const lines = operands.map((o) => pad(column + 2) + at(o, column + 2));
  return `(\n${lines.join(",\n")}\n${pad(column)})`;
};
