import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../scripts/build/package-build';

// One public entry per subpath (see scripts/build/package-build.ts for the ESM module layout).
// Node-only adapters sit on their own subpaths so the main entry stays browser-safe.
export default defineConfig((overrides) =>
  definePackageBuild({
    directory: import.meta.dirname,
    outDir: overrides.outDir,
    entries: {
      index: 'src/index.ts',
      'view/index': 'src/view/index.ts',
      'schemas/index': 'src/schemas/index.ts',
      'voice/index': 'src/voice/index.ts',
      'testing/index': 'src/testing/index.ts',
      'testing/msw/index': 'src/testing/msw/index.ts',
      'testing/openai/index': 'src/testing/openai/index.ts',
      'llm/anthropic/index': 'src/llm/anthropic/index.ts',
      'llm/ai-sdk/index': 'src/llm/ai-sdk/index.ts',
      'llm/offline/index': 'src/llm/offline/index.ts',
      'storage/pglite/index': 'src/storage/pglite/index.ts',
      'storage/postgres/index': 'src/storage/postgres/index.ts',
      'storage/log/index': 'src/storage/log/index.ts',
    },
    // The WordNet table (≥ 0.4 MB) ships once, as ESM; CommonJS loads it with import().
    esmOnly: ['src/llm/offline/wordnet/wordnet-table.ts'],
    shared: { external: ['@anthropic-ai/sdk', '@electric-sql/pglite', 'pg', 'msw', 'ai'] },
  }),
);
