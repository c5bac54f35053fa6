// The cache tests' view of a later run: a function of a scripts/ module called in a Node process
// of its own, which remembers nothing in memory, so what it returns came from the disk cache or
// from the work itself.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** `moduleFile`'s export `name` called on `input` (passed as JSON through a file in `dir`). */
export function callInAnotherProcess(
  moduleFile: string,
  name: string,
  input: unknown,
  dir: string,
): string[] {
  const inputFile = join(dir, `${name}-input.json`);
  writeFileSync(inputFile, JSON.stringify(input));
  const script = `import { readFileSync } from "node:fs"; import { ${name} } from ${JSON.stringify(pathToFileURL(moduleFile).href)}; console.log(JSON.stringify(${name}(JSON.parse(readFileSync(process.argv[1], "utf8")))));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script, inputFile], {
    encoding: "utf8",
  });
  return JSON.parse(out);
}
