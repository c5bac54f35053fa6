// A sender client whose connection stays open between transactions on Node.
//
// `sender.ping()` keeps the connection to the sender host warm only while the connection pool
// keeps it: Node's built-in fetch closes a connection idle for 4 s unless the answer asks for
// longer (`Keep-Alive: timeout=…`), so a ping every 30-60 s, as the public docs advise, keeps
// nothing open there, and the next time-critical sendTransaction pays a new TCP and TLS handshake.
// This client's fetch uses an agent of the `undici` package (npm install undici) that keeps idle
// connections for 65 s, longer than the ping interval.
//
// Tested by test/clients/sender-keep-alive-recipe.test.ts against a server that sends no
// Keep-Alive hint: one connection for a ping, 5 s idle and a sendTransaction (Node's own fetch
// opens two). Not published (package.json "files"): copy it into your project.
import { createSenderClient, type SenderClientOptions } from "@chaindata/sender";
import { Agent, fetch as undiciFetch } from "undici";

/** How long the agent keeps an idle connection open. */
const IDLE_MS = 65_000;

/**
 * A sender client whose connections stay open while idle for up to 65 s, pinged every
 * `pingEveryMs` (default 30 s) while no transaction goes out, and a `stop()` that ends the pings
 * and closes the connections (on shutdown).
 */
export function createWarmSenderClient({
  pingEveryMs = 30_000,
  ...options
}: Omit<SenderClientOptions, "fetch"> & { pingEveryMs?: number } = {}) {
  if (!(pingEveryMs > 0 && pingEveryMs < IDLE_MS))
    throw new RangeError(`pingEveryMs: must be > 0 and < ${IDLE_MS} (the idle limit)`);
  const agent = new Agent({ keepAliveTimeout: IDLE_MS, keepAliveMaxTimeout: IDLE_MS });
  const sender = createSenderClient({
    ...options,
    // (undici's own fetch with its own agent: an agent of another undici major given to Node's
    // built-in fetch may not work. Its Response is not the global class, hence the cast; the
    // client reads only what both have.)
    fetch: (url, init) =>
      undiciFetch(url, { ...init, dispatcher: agent } as Parameters<
        typeof undiciFetch
      >[1]) as unknown as Promise<Response>,
  });
  // (One timer, started again at each use: the gap between uses is never over `pingEveryMs`.)
  let pinger: ReturnType<typeof setTimeout>;
  const idle = () => {
    clearTimeout(pinger);
    pinger = setTimeout(ping, pingEveryMs);
    pinger.unref?.();
  };
  const ping = () => {
    idle();
    // (A failed ping says something, but the next send is what matters: log it, don't throw.)
    sender.ping().catch((error: unknown) => console.warn("sender ping failed:", error));
  };
  idle();
  return {
    sender,
    /** Call after each sendTransaction, so that pings go out only while idle. */
    sent: idle,
    async stop() {
      clearTimeout(pinger);
      await agent.close();
    },
  };
}
