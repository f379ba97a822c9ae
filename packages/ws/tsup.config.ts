import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../scripts/build/package-build';

// One public entry per subpath (see scripts/build/package-build.ts for the ESM module layout).
export default defineConfig((overrides) =>
  definePackageBuild({
    directory: import.meta.dirname,
    outDir: overrides.outDir,
    entries: {
      index: 'src/index.ts',
      'protocol/index': 'src/protocol/index.ts',
      'server/index': 'src/server/index.ts',
      'testing/index': 'src/testing/index.ts',
    },
  }),
);
