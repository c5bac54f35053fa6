// Provenance (decision 0004, check 4): every `x-source` in a document says where its fact comes
// from, `seed`, `public-docs: <source>` or `assumption: <reason>`. The valid ones are returned too
// (`items`): runAllChecks collects the assumptions, which `spec:check --assumptions` lists, as the
// facts nobody has checked against a public source yet.
import { pointerSegment } from "../../generate/lib/schema.mjs";

const SOURCE = /^(seed|public-docs: \S.*|assumption: \S.*)$/;

/** Every `x-source` is `seed`, `public-docs: …` or `assumption: <reason>`. Returns { findings, items }. */
export function checkProvenance({ area, doc }) {
  const findings = [];
  const items = [];
  const visit = (node, path) => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${path}/${i}`));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-source") {
        if (typeof value !== "string" || !SOURCE.test(value)) {
          findings.push(
            `${area} ${path}: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got ${JSON.stringify(value)}`,
          );
        } else items.push({ area, path, source: value });
      } else visit(value, `${path}/${pointerSegment(key)}`);
    }
  };
  visit(doc, "#");
  return { findings, items };
}
