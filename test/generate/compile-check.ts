// The generator's runtime checks, run the way a package runs them: the emitted expression,
// evaluated with the check factories of @chaindata/core in scope. Shared by the generator suites.
import { expect } from "vitest";
import { ValidationError } from "../../packages/core/src/errors.js";
import * as core from "../../packages/core/src/validate.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { createCheckEmitter } from "../../scripts/generate/lib/validator.mjs";

/** The expression, imports and declarations emitted for `schema` by a fresh emitter. */
export function emitCheck(schema: unknown) {
  const emitter = createCheckEmitter();
  const expression: string = emitter.emit(schema);
  return {
    expression,
    imports: emitter.imports() as string[],
    declarations: emitter.declarations() as string,
  };
}

/** The check that the code emitted for `schema` builds. */
export function compileCheck(schema: unknown): core.Check {
  const { expression, imports, declarations } = emitCheck(schema);
  const factories = core as unknown as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the generator's output, as the package would
  return new Function(...imports, `${declarations}\nreturn ${expression};`)(
    ...imports.map((name) => factories[name]),
  );
}

/** The messages `check` gives `value` (none when it passes), through core's `validate`. */
export function messages(check: core.Check, value: unknown): string[] {
  try {
    core.validate(check, value);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => i.message);
  }
}
