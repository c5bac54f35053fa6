// Types of programs.mjs, for test/size/size.test.ts.
export declare const repoRoot: string;
export declare const ESBUILD_FLAGS: string;
export interface AreaPrograms {
  call: string;
  pkg: string;
  ours: string;
  standalone?: string;
  heliusRoot: string | null;
  heliusSubpathName: string | null;
  heliusSubpath: string | null;
  fetch: string;
}
export declare const areas: Record<string, AreaPrograms>;
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
