// Types of programs.mjs, for the tests that bundle programs (test/size, test/browser).
import type { BuildOptions } from "esbuild";
export declare const repoRoot: string;
export declare const ESBUILD_FLAGS: string;
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
/** Programs beside the areas', by budget key (the composed sdk client's). */
export declare const otherPrograms: Record<string, string>;
export declare function bundleSize(
  contents: string,
  options?: { splitting?: boolean },
): Promise<{
  min: number;
  gz: number;
  code?: Uint8Array;
  parts?: Record<string, number>;
  files?: number;
  initialGz?: number;
}>;
export declare function bundlePrograms(): Promise<Record<string, { min: number; gz: number }>>;
