import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the
// `@recall/source` export condition, so `npm test` needs no build first.
const conditions = ['@recall/source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['packages/core/{src,test}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'ws',
          include: ['packages/ws/{src,test}/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
