// TypeScript's language service (what VS Code's tsserver runs) over one probe file held in memory,
// resolving the packages from the repository: their published declarations (dist/types, after
// the build), as an editor of a user's project sees them.
import ts from "typescript";

const root = new URL("../..", import.meta.url).pathname;

/** A language service of `source`, as the file `name` of test/types (never written to disk). */
export function probeService(name: string, source: string) {
  const file = `${root}test/types/${name}`;
  const service = ts.createLanguageService(
    {
      getScriptFileNames: () => [file],
      getScriptVersion: () => "1",
      getScriptSnapshot: (path) => {
        const text = path === file ? source : ts.sys.readFile(path);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => ({
        strict: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        types: [],
        noEmit: true,
      }),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (path) => path === file || ts.sys.fileExists(path),
      readFile: (path) => (path === file ? source : ts.sys.readFile(path)),
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      realpath: ts.sys.realpath,
    },
    ts.createDocumentRegistry(),
  );
  /** The position just after the marker `/*@name*\/` of the source. */
  const at = (marker: string) => {
    const mark = `/*@${marker}*/`;
    const index = source.indexOf(mark);
    if (index < 0) throw new Error(`no marker ${mark}`);
    return index + mark.length;
  };
  /** The errors of the probe, by the source line each is on (its text, the message flattened). */
  const errors = () =>
    new Map(
      service.getSemanticDiagnostics(file).map((d) => {
        const start = source.lastIndexOf("\n", d.start) + 1;
        const line = source.slice(start, source.indexOf("\n", d.start)).trim();
        return [line, ts.flattenDiagnosticMessageText(d.messageText, "\n")];
      }),
    );
  return { service, file, at, errors };
}

export const displayText = (parts: ts.SymbolDisplayPart[] | undefined) =>
  ts.displayPartsToString(parts);
