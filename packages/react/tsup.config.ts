import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../scripts/build/package-build';

// One public entry per subpath (see scripts/build/package-build.ts for the ESM module layout).
export default defineConfig((overrides) =>
  definePackageBuild({
    directory: import.meta.dirname,
    outDir: overrides.outDir,
    entries: {
      index: 'src/index.ts',
      'voice/index': 'src/voice/index.ts',
      'testing/index': 'src/testing/index.ts',
      'voice/formatted-text/index': 'src/voice/formatted-text/index.ts',
    },
    shared: {
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      // Hooks and components must stay client-side in React Server Component apps: every
      // module carries the directive (no Rollup `treeshake` pass, which would drop it).
      banner: { js: "'use client';" },
    },
  }),
);
