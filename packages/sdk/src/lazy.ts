import type { ValidationError } from "@chaindata/core";

/**
 * The composite client's areas (generated/client.ts): each made by its factory on first use, then
 * kept. Internal to this package.
 */

/**
 * An object with one getter per entry of `factories`, which makes that area on first read and keeps
 * it (a factory that throws, for a host the environment lacks, throws again on the next read).
 *
 * The getters are not enumerable: a spread, `Object.keys`/`entries`/`values`, `structuredClone` and
 * JSON see no area, so logging or serialising the client (a debug dump, a DI container copying it)
 * neither creates every area nor throws for the one the environment has no host for (devnet's
 * sender). Enumerable, they were read by all of these. A spread copy therefore has no areas: the
 * client is handed on as it is. `toJSON` and Node's inspect hook describe it by its area names
 * instead, and nothing the areas hold is shown: never the key.
 */
export function lazyAreas<T extends object>(factories: { [K in keyof T]: () => T[K] }): T {
  const names = Object.keys(factories) as (keyof T & string)[];
  const client = {} as T;
  /**
   * `area` (named `name`), whose `request`, where it has one (the JSON-RPC areas), refusing a
   * method of another area, says which, where the refusal listed its own methods alone (as for
   * `das.request("getCompressedAccountsByOwner")`). Here, not in each area's client: this client
   * knows every area, where each area's carrying every other's method names would cost every
   * bundle. The other areas are read (so made) only then, on the way to that error; one that
   * cannot be made (a host the environment lacks) is passed over.
   */
  const pointing = (area: any, name: string) => {
    const own = area?.request;
    if (own)
      area.request = (method: string, ...args: unknown[]) =>
        own(method, ...args).catch((error: ValidationError) => {
          // (`request` is every JSON-RPC area's, and no method.)
          if (error?.issues?.[0]?.path == "method" && method != "request")
            for (const other of names)
              try {
                if (other != name && Object.hasOwn(client[other] as object, method)) {
                  const issue = error.issues[0];
                  const more = `, a method of the ${other} area: call client.${other}.${method}(…))`;
                  issue.detail = issue.detail.slice(0, -1) + more;
                  error.message = issue.message = error.message.slice(0, -1) + more;
                  break;
                }
              } catch {}
          throw error;
        });
    return area;
  };
  for (const name of names) {
    let made: T[typeof name] | undefined;
    // (Configurable, as the object literal's getters were: a test may still spy on one.)
    Object.defineProperty(client, name, {
      get: () => (made ??= pointing(factories[name](), name)),
      configurable: true,
    });
  }
  const shown = `ChainDataClient { ${names.join(", ")} }`;
  return Object.defineProperties(client, {
    toJSON: { value: () => ({ areas: names }), configurable: true },
    // (`console.log` in Node; the browsers' consoles list non-enumerable getters unread.)
    [Symbol.for("nodejs.util.inspect.custom")]: { value: () => shown, configurable: true },
  });
}
