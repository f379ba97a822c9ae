import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'formatted-text/index': 'src/voice/formatted-text/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  treeshake: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Hooks and components must stay client-side in React Server Component apps.
  banner: { js: "'use client';" },
});
