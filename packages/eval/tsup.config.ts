import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../scripts/build/package-build';

// One public entry per subpath, plus the `recall-eval` command (dist/cli.js).
export default defineConfig(
  definePackageBuild({
    directory: import.meta.dirname,
    entries: {
      index: 'src/index.ts',
      'llm/index': 'src/llm/index.ts',
      cli: 'src/cli.ts',
    },
    shared: { external: ['@anthropic-ai/sdk', '@ai-sdk/openai-compatible', 'ai'] },
  }),
);
