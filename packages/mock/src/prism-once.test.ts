/**
 * The mock loads its own copy of prism-http once a process (prism.ts: its files dropped from the
 * require cache and loaded again through the hook): a second mock, or a restart, takes the copy the
 * first loaded, not a third. (A file of its own: vitest runs each file in a process of its own.)
 */
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { startMock } from "./index.js";

const require = createRequire(import.meta.url);
const prismHttp = () => require.cache[require.resolve("@stoplight/prism-http")];

it("loads prism-http once for every mock the process starts", async () => {
  const first = await startMock({ port: 0, quiet: true });
  const loaded = prismHttp();
  expect(loaded).toBeDefined();
  await first.stop();
  const second = await startMock({ port: 0, quiet: true });
  try {
    expect(prismHttp()).toBe(loaded);
  } finally {
    await second.stop();
  }
});
