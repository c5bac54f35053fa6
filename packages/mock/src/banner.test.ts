/**
 * The banner is what a newcomer tries first: every area's URL it prints must answer as the spec
 * says, not 404 (the bare common path of the wallet's operations, `/v1/wallet`, did) or 405 (a
 * POST-only path shown without its method).
 */
import { expect, it } from "vitest";
import { startMock } from "./index.js";

it("every REST URL the banner prints answers with its method, a path parameter filled in", async () => {
  const lines: string[] = [];
  const mock = await startMock({ port: 0, print: (line) => lines.push(line) });
  try {
    const rest = lines.filter((line) => / operations?$/.test(line));
    expect(rest.length).toBeGreaterThanOrEqual(5);
    for (const line of rest) {
      const [, method = "GET", url] = /\s(?:(GET|POST|PUT|DELETE) )?(http:\/\/\S+)/.exec(line)!;
      if (url!.endsWith("/…")) {
        // A prefix of several operations: the line says so, and names none that would 404.
        expect(line).toMatch(/ [2-9]\d* operations$/);
        continue;
      }
      const target = url!.replace(/\{[^}]+\}/g, "642574b0-72aa-41dd-b293-356451e22168");
      const response = await fetch(`${target}${target.includes("?") ? "&" : "?"}api-key=k`, {
        method,
        headers: { "x-api-key": "k", "content-type": "application/json" },
        ...(method === "POST" && {
          body: JSON.stringify({ mintAccounts: ["DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263"] }),
        }),
      });
      expect([404, 405], `${method} ${url}`).not.toContain(response.status);
    }
  } finally {
    await mock.stop();
  }
});
