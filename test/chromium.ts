// The system Chromium for the browser tests (test/docs/browser.test.ts, test/browser/sdk.test.ts),
// driven by playwright-core: Debian's `chromium` at /usr/bin/chromium, or $CHROMIUM_PATH. A browser
// is never downloaded.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// No browser is a failure, never a skip: .ci/run installs Debian's chromium.
if (!existsSync(chromiumPath))
  throw new Error(
    `no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );

/** Headless Chromium with nothing running in the background; `args` are added to the flags. */
export const launchChromium = (args: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
