// Open enums (spec/README.md "Open enums"): a schema of known values beside an open branch that
// takes the others. checkOpenEnums finds them as the generator does (scripts/lib/open-enum.mjs), so
// the rule holds for exactly the schemas the generated checks and the docs treat as open enums.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { openBranchAccepts, openEnumParts } from "../../lib/open-enum.mjs";

/**
 * Open enums (spec/README.md): every known value passes the open branch, so the open branch alone
 * is the set of values the schema accepts (the generated runtime checks rely on it), and the
 * pattern the docs show holds for every value.
 */
export function checkOpenEnums({ area, doc }) {
  const findings = [];
  const resolve = (ref) =>
    ref.startsWith("#/components/schemas/")
      ? doc.components?.schemas?.[ref.slice("#/components/schemas/".length)]
      : undefined;
  const seen = new Set();
  const visit = (node, at) => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${at}/${i}`));
    const open = openEnumParts(node, resolve);
    if (open) {
      const outside = open.values.filter((v) => !openBranchAccepts(open.open, v));
      if (outside.length)
        findings.push(
          `${area} ${at}: open enum: known values the open branch does not accept: ${outside.slice(0, 5).join(", ")}${outside.length > 5 ? ` and ${outside.length - 5} more` : ""} (widen the open branch, or fix the values)`,
        );
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "examples" && key !== "enum" && key !== "const" && key !== "default")
        visit(value, `${at}/${pointerSegment(key)}`);
  };
  visit(doc, "#");
  return findings;
}
