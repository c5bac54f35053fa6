import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // .js/.d.ts for ESM and .cjs/.d.cts for CommonJS, matching the exports map.
  outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
  dts: true,
  target: 'es2022',
  platform: 'neutral',
  clean: true,
  // One file per format: consumers' bundlers tree-shake at the function level, and
  // `sideEffects: false` lets them drop whole modules (paginate, validate, rate-limit).
  splitting: false,
  treeshake: true,
  minify: false,
});
