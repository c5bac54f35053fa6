/**
 * What one host adds to the checks of its `baseUrls` URL (config.ts `urlFault` makes every host's).
 * A generated host constant holds it (its `urlFault`), so a bundle that never calls the host does
 * not carry it: every bundle pays for config.ts, only a sender one for the sender's rules.
 */

/**
 * The rule `url` breaks as `name`'s base URL in particular, or `""`:
 * - one of `regions` given for its URL (`"slc"`) is told the constant that holds the URL,
 *   `senderRegions.slc`, and another short word (helius-sdk's `"US_SLC"`) the regions' names;
 * - a URL that ends in one of `paths`, the paths the clients add to it, is refused: the
 *   public docs print the Sender's endpoint whole (`https://sender.helius-rpc.com/fast`), and with
 *   it the calls would go to `/fast/fast` and `/fast/ping`, a 404 on the first send; a REST host's
 *   URLs are printed with their paths (`https://api.helius.xyz/v1/wallet/…`), and `…/v1/wallet`
 *   would send `/v1/wallet/v1/wallet/…`, whose 404 reads as "nothing found". Only the path is
 *   quoted, not the URL: its other segments may hold a token.
 */
/* @__NO_SIDE_EFFECTS__ */ export const hostUrlFault = (
  name: string,
  regions: readonly string[],
  paths: readonly string[],
): ((url: unknown) => string) => {
  return (url) => {
    const path = paths.find(
      (path) => typeof url == "string" && url.replace(/[/\s]+$/, "").endsWith(path),
    );
    return regions.includes(url as string)
      ? `must start with http:// or https:// (got "${url as string}", a region: use ${name}Regions.${url as string})`
      : // (Another name for a region, such as helius-sdk's `US_SLC`: the names to use instead. Only
        // a short word of letters is quoted; a key given here by mistake is longer, or has digits.)
        regions[0] && typeof url == "string" && /^[a-z_]{1,16}$/i.test(url)
        ? `must start with http:// or https:// (got "${url}", not a region of ${name}Regions: ${regions.join(", ")})`
        : path
          ? `must not end with ${path} (the client adds it)`
          : "";
  };
};
