// Provenance (decision 0004, check 4): every `x-source` in a document says where its fact comes
// from, `seed`, `public-docs: <source>` or `assumption: <reason>`. The valid ones are returned too
// (`items`): runAllChecks collects the assumptions, which `spec:check --assumptions` lists, as the
// facts nobody has checked against a public source yet.
//
// A schema's `required` list needs an `x-source` beside it: in a result, a name there is a promise
// that the field always comes (the generated type drops its `?`, and a program reads it unchecked);
// in a request, a field the SDK refuses to send without. The seed rarely says which fields are
// always present, so a list written without its source was a guess nobody could tell from a fact
// (wallet and admin lists, DAS's Asset, compression's pages and others were of that kind). An
// `if` (an `x-all-of` rule's condition) is a test and a `not` a refusal, not promises, and a value
// (`examples`, `default`, `const`, `enum`) holds data, not schemas: none is read.
import { pointerSegment } from "../../generate/lib/schema.mjs";

const SOURCE = /^(seed|public-docs: \S.*|assumption: \S.*)$/;
/** Keys whose value is data, or a condition, rather than a schema that promises fields. */
const NOT_PROMISES = new Set(["examples", "example", "default", "const", "enum", "if", "not"]);

/**
 * Every `x-source` is `seed`, `public-docs: …` or `assumption: <reason>`, and every `required` list
 * has one beside it. Returns { findings, items }.
 */
export function checkProvenance({ area, doc }) {
  const findings = [];
  const items = [];
  const visit = (node, path, promises) => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${path}/${i}`, promises));
    if (node === null || typeof node !== "object") return;
    if (promises && Array.isArray(node.required) && !Object.hasOwn(node, "x-source"))
      findings.push(
        `${area} ${path}/required: [${node.required.join(", ")}] has no x-source: say beside it where each name's requiredness comes from, "seed", "public-docs: <where>" or "assumption: <why>" (spec/README.md, "Provenance")`,
      );
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-source") {
        if (typeof value !== "string" || !SOURCE.test(value)) {
          findings.push(
            `${area} ${path}: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got ${JSON.stringify(value)}`,
          );
        } else items.push({ area, path, source: value });
      } else visit(value, `${path}/${pointerSegment(key)}`, promises && !NOT_PROMISES.has(key));
    }
  };
  visit(doc, "#", true);
  return { findings, items };
}
