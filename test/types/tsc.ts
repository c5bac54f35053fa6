// Runs the repository's TypeScript compiler and returns what it printed: "" when it found nothing.
import { execFileSync } from "node:child_process";

const root = new URL("../..", import.meta.url).pathname;

export function tsc(...args: string[]): string {
  try {
    execFileSync(`${root}node_modules/.bin/tsc`, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}
