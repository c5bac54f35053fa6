// The API key must not leave through a param that the service passes on: a webhook's
// `authHeader` is sent back with every delivery to `webhookURL` (another party's server, its
// proxies and logs), and so is the URL itself. Refused before anything is sent, never quoted.
import { refusal } from "./validate.js";

/**
 * An operation's `keyFree` check: refuses `apiKey` inside any of the params `names` (top-level
 * strings), as written or URL-encoded (case-sensitive, as the key is), when the client has a key
 * of 8 characters or more.
 * The message names the param and never shows its value.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const refuseApiKeyIn =
  (names: readonly string[]) =>
  (input: unknown, apiKey: string | undefined): void => {
    // (No key, nothing to refuse: a proxy that adds the key, or the local mock's. A key under 8
    // characters, a test's stand-in, is in too much ordinary text to refuse by; real ones are
    // longer.)
    if (apiKey && apiKey.length > 7)
      for (const name of names) {
        const value = (input as Record<string, unknown>)[name];
        if (
          typeof value == "string" &&
          (value.includes(apiKey) || value.includes(encodeURIComponent(apiKey)))
        ) {
          const path = "params." + name;
          throw refusal(
            path,
            "apiKey",
            "must not hold the API key (every delivery would carry it to the receiver): use a secret of your own",
          );
        }
      }
  };
