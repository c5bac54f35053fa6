/**
 * Writing a request body as JSON: the JSON-RPC client's request objects (json-rpc.ts). Here, not
 * in json.ts, because a value that cannot be written is the caller's input, refused as such.
 */
import { jsonText } from "../json.js";
import { refusal } from "../validate.js";

/**
 * `value` as JSON text (bigints exact), or a ValidationError naming `path` when it cannot be
 * written (a cycle, a throwing `toJSON`). Nothing is sent.
 */
export const writeJson = (value: unknown, path: string): string => {
  try {
    return jsonText(value);
  } catch (error) {
    // What was thrown is named by its type when it has no message (a string, undefined, a plain
    // object): its text could be anything the caller's value held, and "(undefined)" said nothing.
    // (It stays the error's `cause`, as an error does: `console.log` of the error shows it.)
    throw refusal(
      path,
      "json",
      `cannot be written as JSON (${(error as Error)?.message ?? `a value of type ${typeof error} was thrown`})`,
      error as Error,
    );
  }
};
