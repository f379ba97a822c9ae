import { defineConfig } from 'tsup';

// One entry per public subpath; each is built to ESM + CJS with declarations.
export default defineConfig({
  entry: { index: 'src/index.ts', 'server/index': 'src/server/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  // The maps point at the shipped `src/` instead of embedding it: each source ships once.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  treeshake: true,
  target: 'es2022',
});
