/**
 * An `authHeader` without the white space around it that no delivery carries: spaces and tabs,
 * which HTTP strips from a header value, and CR and LF, which a secret read from a file often ends
 * in. Empty for a blank one, which is no secret. One rule for the receiver's `authHeader` option
 * and for a webhook's stored one that the edit helpers send back.
 */
export const trimAuthHeader = (value: string): string =>
  value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
