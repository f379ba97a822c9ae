import { defineConfig } from 'tsup';

// One entry per public subpath; each is built to ESM + CJS with declarations.
// Node-only adapters sit on their own subpaths so the main entry stays browser-safe.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/msw/index': 'src/testing/msw/index.ts',
    'testing/openai/index': 'src/testing/openai/index.ts',
    'llm/anthropic/index': 'src/llm/anthropic/index.ts',
    'llm/ai-sdk/index': 'src/llm/ai-sdk/index.ts',
    'offline/index': 'src/llm/offline/index.ts',
    'storage/pglite/index': 'src/storage/pglite/index.ts',
    'storage/postgres/index': 'src/storage/postgres/index.ts',
  },
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
  external: ['@anthropic-ai/sdk', '@electric-sql/pglite', 'pg', 'msw', 'ai'],
});
