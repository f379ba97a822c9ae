import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the
// `@recall/source` export condition, so `npm test` needs no build first.
// Vite's default SSR conditions plus ours. No `import` here: it would reach Node for external
// CommonJS packages too, and `pg` would then require the ESM builds of its own dependencies.
const conditions = ['@recall/source', 'module', 'node', 'development|production'];
// Finds (or installs, as root) Chromium, espeak-ng and PostgreSQL for the projects that need
// them; without them their tests are skipped with one line saying why (never on CI).
const systemDependencies = ['test/global-setup.ts'];
// React 18 and react-dom 18 live in their own workspace, so that they find each other as peers.
const REACT_18 = `${import.meta.dirname}/test/react18/node_modules`;
// `isolate: false` (per project): a worker runs its files one after another in one module
// graph and one environment instead of importing every module and creating happy-dom again for
// each file. Safe where tests keep no module-level state between files: no `vi.mock`,
// spies restored, fake timers and stubbed env undone in the test that set them. A test that
// needs a module fresh imports it after `vi.resetModules()`. `npm run test:shuffled` runs the
// files in a random order (the seed is printed) to catch a test that leans on another.

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@recall/source'] } },
  test: {
    // Vitest's default in a run is one worker fewer than cores: one worker on a 2-core machine,
    // which ran the whole suite file after file. Most files spend their time waiting on child
    // processes, sockets and databases, so two workers fit on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          isolate: false,
          include: ['packages/core/{src,test}/**/*.test.ts'],
          environment: 'node',
          globalSetup: systemDependencies,
          // Creating PGlite or starting PostgreSQL in a hook takes seconds, more on a busy machine.
          hookTimeout: 30_000,
        },
      },
      {
        // The AI SDK adapter against `ai` 7 (installed as ai-7; `ai` itself is 6) and the msw
        // handlers against msw 2 (msw-2; `msw` is 3): the optional peer ranges are ^6 || ^7
        // and ^2 || ^3, and the error-mapping table must be the same on both majors.
        extends: true,
        resolve: {
          alias: [
            { find: /^ai$/, replacement: 'ai-7' },
            { find: /^msw$/, replacement: 'msw-2' },
            { find: /^msw\/(.*)$/, replacement: 'msw-2/$1' },
          ],
        },
        test: {
          name: 'core-ai7-msw2',
          isolate: false,
          include: [
            'packages/core/src/llm/ai-sdk/**/*.test.ts',
            'packages/core/test/llm/{ai-sdk,engine-ai-sdk,anthropic,messages-api}*.test.ts',
          ],
          // Bundles the built entries with esbuild, outside the aliases.
          exclude: ['packages/core/test/llm/ai-sdk-{subpath,missing-peer}.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'ws',
          isolate: false,
          include: ['packages/ws/{src,test}/**/*.test.ts'],
          environment: 'node',
          globalSetup: systemDependencies,
          // Creating PGlite or starting PostgreSQL in a hook takes seconds, more on a busy machine.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          // Isolated, like react18: under some shuffled orders a shared module left the
          // Composer's typed text landing late (cause not found yet); isolation costs ~25 s.
          isolate: true,
          include: ['packages/react/{src,test}/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/react/test/setup.ts'],
        },
      },
      {
        // The same React tests against React 18 (installed in the test/react18 workspace): the
        // aliases cover our sources, setup-react18.ts covers packages Node loads directly.
        extends: true,
        resolve: {
          alias: [
            { find: /^react$/, replacement: `${REACT_18}/react` },
            { find: /^react\/(.*)$/, replacement: `${REACT_18}/react/$1` },
            { find: /^react-dom$/, replacement: `${REACT_18}/react-dom` },
            { find: /^react-dom\/(.*)$/, replacement: `${REACT_18}/react-dom/$1` },
          ],
        },
        test: {
          name: 'react18',
          // Isolated: in a shuffled order that shares modules between files, the Composer tests
          // under React 18 saw typed text land late (seed 1795735962178, `--project react18
          // --sequence.shuffle.files --maxWorkers=1`); no single preceding file causes it.
          include: ['packages/react/{src,test}/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/react/test/setup-react18.ts', 'packages/react/test/setup.ts'],
        },
      },
      {
        // recall-eval: personas, metrics on planted transcripts, reports (the HTML report's axe
        // check runs in Chromium when it is installed).
        extends: true,
        test: {
          name: 'eval',
          isolate: false,
          include: ['packages/eval/{src,test}/**/*.test.ts'],
          environment: 'node',
          globalSetup: systemDependencies,
        },
      },
      {
        extends: true,
        test: {
          name: 'examples',
          isolate: false,
          include: ['examples/server/{src,test}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own tooling: test set-up, README generators, release checks.
        extends: true,
        test: {
          name: 'repo',
          isolate: false,
          include: ['test/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The demo in real headless Chromium: builds the React app once, then drives it.
        extends: true,
        test: {
          name: 'e2e',
          // Few files, each with its own browser and server: isolation costs nothing here.
          include: ['examples/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: systemDependencies,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
