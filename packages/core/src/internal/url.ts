/**
 * `url` with `query` (`a=1&b=2`) added after `?`, or after `&` when it has a query already.
 * @internal
 */
export const appendQuery = (url: string, query: string): string =>
  query ? url + (url.includes("?") ? "&" : "?") + query : url;
