import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'formatted-text/index': 'src/voice/formatted-text/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  // The maps point at the shipped `src/` instead of embedding it: each source ships once.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Hooks and components must stay client-side in React Server Component apps. No
  // `treeshake` here: its Rollup pass drops module-level directives such as this banner
  // (esbuild's own tree shaking still applies; sideEffects: false does the rest for apps).
  banner: { js: "'use client';" },
});
