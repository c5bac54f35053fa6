/**
 * Where a host takes the API key. Each generated host constant holds one of these, so a bundle
 * carries only the placements of the hosts it calls.
 */
import { ConfigurationError } from "./errors.js";
import { appendQuery } from "./internal/url.js";

/** Puts `key` on a request: returns the URL to send, after adding any header to `headers`. */
export type PlaceKey = (url: string, headers: Record<string, string>, key: string) => string;

/** The key as the query parameter `name` (`?api-key=…`). */
/* @__NO_SIDE_EFFECTS__ */ export const keyInQuery = (name: string): PlaceKey => {
  return (url, _headers, key) => appendQuery(url, `${name}=${encodeURIComponent(key)}`);
};

/**
 * The key as the header `name` (e.g. `X-Api-Key`).
 * @throws ConfigurationError (without the key) when the key is no valid header value: `Headers`
 * would throw a TypeError that quotes it; or when `headers` already hold another value under
 * `name`. (Checked on each call: about a microsecond, on a host limited to 5 requests/s.)
 */
/* @__NO_SIDE_EFFECTS__ */ export const keyInHeader = (name: string): PlaceKey => {
  return (url, headers, key) => {
    try {
      new Headers({ [name]: key });
    } catch {
      throw new ConfigurationError(`The API key is not a valid ${name} header value`);
    }
    // A key set by hand in `headers` that is not the client's would be replaced without a word:
    // the request would go out with another key than the one written beside it.
    const lower = name.toLowerCase();
    if (headers[lower] !== undefined && headers[lower] !== key)
      throw new ConfigurationError(
        `headers.${lower}: the key is sent from the client's apiKey, and this header holds another (create a client with that key)`,
      );
    headers[lower] = key;
    return url;
  };
};
