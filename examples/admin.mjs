// Admin: a project's credit usage. The admin host takes the key in the X-Api-Key header.
import { adminRateLimit, createAdminClient, createRateLimiter } from "@chaindata/admin";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const admin = createAdminClient({
  environment: "local",
  baseUrls: { admin: url },
  rateLimit: createRateLimiter(adminRateLimit), // the documented 5 requests/s, enforced client-side
});

const usage = await admin.getProjectUsage({ id: "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63" });
console.log(`credits used ${usage.creditsUsed}, remaining ${usage.creditsRemaining}`);
console.log(
  `usage by service: ${Object.entries(usage.usage ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`,
);
