import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Fake timers are installed per test where needed; the defaults leave
    // queueMicrotask alone, which the JSON-RPC batch scheduler relies on.
    restoreMocks: true,
  },
});
