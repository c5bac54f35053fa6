// What an editor shows on hover, read from the declaration files npm publishes (dist/types, after
// the build): every member of every `options` parameter of an exported function or client method
// (`.all()` included) has a summary, and every optional one a `@default`; every exported type has a
// summary, and so has every member of an exported interface. A declaration build drops the doc
// comments of a type literal written on one line, so the sources having them proves nothing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { publishedPackages } from "../packaging/published.js";

const root = new URL("../..", import.meta.url).pathname;
const entries = publishedPackages.map((dir) => {
  const pkg = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
  return join(root, "packages", dir, pkg.types);
});

const program = ts.createProgram(entries, {
  strict: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  types: ["node"],
  noEmit: true,
});
const checker = program.getTypeChecker();
const summary = (symbol: ts.Symbol) =>
  ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();

/** The `options` parameters of a call signature: a plain one, or the element so labelled of a rest tuple (`.all(...args)`). */
function optionsOf(signature: ts.Signature): ts.Type[] {
  return signature.getParameters().flatMap((parameter) => {
    const type = checker.getTypeOfSymbol(parameter);
    if (parameter.name === "options") return [checker.getNonNullableType(type)];
    if (!checker.isTupleType(type)) return [];
    const labels = (type as ts.TupleTypeReference).target.labeledElementDeclarations ?? [];
    return checker
      .getTypeArguments(type as ts.TypeReference)
      .filter((_element, i) => labels[i]?.name.getText() === "options")
      .map((element) => checker.getNonNullableType(element));
  });
}

/** `where.member` for every member of every options type reachable from the packages' exports. */
const members = new Map<string, ts.Symbol>();
function collect(type: ts.Type, where: string, depth = 0): void {
  for (const signature of type.getCallSignatures())
    for (const options of optionsOf(signature))
      for (const member of checker.getPropertiesOfType(options))
        members.set(`${where}(options).${member.name}`, member);
  if (depth > 1) return;
  // A client factory's client: its methods, and their `.all()`.
  for (const signature of type.getCallSignatures()) {
    const made = signature.getReturnType();
    if (depth === 0 && /^create\w+Client$/.test(where))
      for (const method of checker.getPropertiesOfType(made))
        collect(checker.getTypeOfSymbol(method), `${where}().${method.name}`, depth + 1);
  }
  const all = depth === 1 ? checker.getPropertyOfType(type, "all") : undefined;
  if (all) collect(checker.getTypeOfSymbol(all), `${where}.all`, depth + 1);
}
for (const entry of entries) {
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))
      collect(checker.getTypeOfSymbol(symbol), exported.name);
  }
}

it("reaches the options of functions, client methods and .all()", () => {
  for (const known of [
    "createDasClient(options).timeout",
    "createDasClient().getAsset(options).signal",
    "createDasClient().getAssetsByOwner.all(options).maxPages",
    "paginateGetAssetsByOwner(options).maxPages",
    "createWebhookHandler(options).authHeader",
    "createRateLimiter(options).requestsPerSecond",
  ])
    expect([...members.keys()]).toContain(known);
});

it("every option has a summary, and every optional one a @default", () => {
  const missing = [...members].flatMap(([name, member]) => {
    const file = member.declarations?.[0]?.getSourceFile().fileName ?? "";
    if (file.includes("/node_modules/typescript/")) return []; // (the DOM's own, e.g. RequestInit)
    if (!summary(member)) return [`${name}: no summary`];
    const optional = (member.flags & ts.SymbolFlags.Optional) !== 0;
    if (optional && !member.getJsDocTags(checker).some((tag) => tag.name === "default"))
      return [`${name}: optional, no @default`];
    return [];
  });
  expect(missing).toEqual([]);
});

// Types whose members a caller does not read: what a JSON-RPC client hands its batcher, and the
// shapes of Node's request and response (their members are Node's own). (Not
// PaginationDescriptor: a caller writes one to walk a method no package covers with `paginate`.)
const internalShapes = new Set(["BatchedCall", "NodeRequest", "NodeResponse"]);

it("every exported type has a summary, and every member of an exported interface one", () => {
  const missing = new Set<string>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      // (The generated types: their docs are the spec's descriptions, member by member.)
      const declaration = symbol.declarations![0]!;
      if (/\/generated\/types\.d\.ts$/.test(declaration.getSourceFile().fileName)) continue;
      if (!summary(symbol)) missing.add(`${exported.name}: no summary`);
      if (!(symbol.flags & ts.SymbolFlags.Interface) || internalShapes.has(exported.name)) continue;
      for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)))
        if (member.declarations?.[0]?.parent === declaration && !summary(member))
          missing.add(`${exported.name}.${member.name}: no summary`);
    }
  }
  expect([...missing]).toEqual([]);
});

it("each host key of the baseUrls option shows its own summary and default URLs on hover", () => {
  const baseUrls = members.get("createDasClient(options).baseUrls")!;
  const hostKeys = checker.getPropertiesOfType(
    checker.getNonNullableType(checker.getTypeOfSymbol(baseUrls)),
  );
  expect(hostKeys.map((key) => key.name)).toEqual(["rpc", "wallet", "admin", "api", "sender"]);
  for (const key of hostKeys) {
    expect(summary(key), key.name).not.toBe("");
    const defaults = key.getJsDocTags(checker).find((tag) => tag.name === "default");
    expect(ts.displayPartsToString(defaults?.text), key.name).toMatch(/^by environment: mainnet /);
  }
});

// User trial 57, F4: a per-call `timeout` (or `maxRetries`) given to a client with a batcher sent
// the call on its own, and a `Retry-After` wait held a call with `timeout: 1000` for 32 s; the
// hover said only "Time limit per attempt in ms" (the core README says both, the hover is what a
// caller reads).
it("each per-call option that takes a call out of a batch says so on hover, and timeout what it does not bound", () => {
  const perCall = (name: string) =>
    summary(members.get(`createDasClient().getAsset(options).${name}`)!);
  const unbatching = ["headers", "timeout", "maxRetries", "retryNonIdempotent"].filter(
    (name) => !/sent on its own, not batched/.test(perCall(name)),
  );
  expect(unbatching).toEqual([]);
  expect(perCall("timeout")).toMatch(/^Time limit per attempt in ms, not for the whole call/);
  expect(perCall("timeout")).toContain("signal: AbortSignal.timeout(ms)");
});
