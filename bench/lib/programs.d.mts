// Types of programs.mjs, for the tests that bundle programs (test/size, test/browser).
import type { BuildOptions } from "esbuild";
export declare const repoRoot: string;
export declare const ESBUILD_FLAGS: string;
/** The asset every getAsset program asks for. */
export declare const ASSET: string;
export declare function browserBundle(
  contents: string,
  sourcefile?: string,
  resolveDir?: string,
): BuildOptions & { write: false };
export interface AreaPrograms {
  call: string;
  pkg: string;
  ours: string;
  standalone?: string;
  heliusRoot: string | null;
  heliusSubpathName: string | null;
  heliusSubpath: string | null;
  fetch: string;
  /** DAS only: the same call on bench/reference/lean-rpc.mjs, the size reference. */
  leanReference?: string;
}
export declare const areas: Record<string, AreaPrograms>;
/**
 * Programs beside the areas', by budget key (the composed sdk client's, the webhook receiver's).
 */
export declare const otherPrograms: Record<string, string>;
/** Budget keys of the programs also bundled for Node (`--platform=node`). */
export declare const nodePrograms: string[];
export declare function bundleSize(
  contents: string,
  options?: { splitting?: boolean; platform?: "browser" | "node" },
): Promise<{
  min: number;
  gz: number;
  code?: Uint8Array;
  parts?: Record<string, number>;
  inputs?: string[];
  files?: number;
  initialGz?: number;
}>;
/** Every program's source by budget key: the areas' and {@link otherPrograms}. */
export declare function programSources(): Record<string, string>;
export declare function bundlePrograms(options?: {
  platform?: "browser" | "node";
}): Promise<Record<string, { min: number; gz: number; inputs: string[] }>>;
