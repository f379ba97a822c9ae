// Runs every README snippet that is not the server (app/run-readme.ts runs them, README by
// README, under the one model substitution of app/stand-ins.ts), and the snippets that are
// tests (they import vitest) under vitest with happy-dom, as a consumer's test runner would.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runOrThrow, tail } from '../lib/run';
import { transpile } from './consumer-app';
import {
  exportedNames,
  hostAppNames,
  importsOf,
  type ReadmeSnippet,
  runnableSource,
} from './readme-snippets';

/** What the check runs as modules (not the server, not skipped, not tests). */
export function modulesToRun(snippets: readonly ReadmeSnippet[]): ReadmeSnippet[] {
  return snippets.filter(
    (snippet) => snippet.skip === null && !snippet.runsAsServer && !isTest(snippet),
  );
}

/** The snippets that are tests: they run under vitest. */
export function testsToRun(snippets: readonly ReadmeSnippet[]): ReadmeSnippet[] {
  return snippets.filter((snippet) => snippet.skip === null && isTest(snippet));
}

function isTest(snippet: ReadmeSnippet): boolean {
  return importsOf(snippet.code).includes('vitest');
}

function fileName(snippet: ReadmeSnippet): string {
  const readme = snippet.readme.replace(/\/?README\.md$/, '').replace(/\W+/g, '-') || 'root';
  return `${readme}-line-${snippet.line}`;
}

/**
 * Runs the snippets of each README in `readmes` in one process per README (in order, so a
 * client meets the server before it), with `node` (a path to a Node binary). Returns one
 * summary line per README.
 */
export async function runReadmeModules(options: {
  app: string;
  snippets: readonly ReadmeSnippet[];
  readmes: readonly string[];
  node: string;
}): Promise<string[]> {
  const summaries: string[] = [];
  for (const readme of options.readmes) {
    const snippets = modulesToRun(options.snippets).filter((snippet) => snippet.readme === readme);
    if (snippets.length === 0) continue;
    const directory = join(options.app, 'run', readme.replace(/\W+/g, '-'));
    mkdirSync(directory, { recursive: true });
    const manifest = snippets.map((snippet) => {
      const file = join(directory, `${fileName(snippet)}.mjs`);
      writeFileSync(
        file,
        `// ${snippet.readme}, line ${snippet.line}\n${transpile(runnableSource(snippet))}`,
      );
      return {
        label: `${snippet.readme}:${snippet.line}`,
        file,
        hostNames: hostAppNames([snippet]),
        ownExports: exportedNames(snippet.code),
      };
    });
    writeFileSync(join(directory, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const result = await runOrThrow(
      options.node,
      [
        '--import',
        pathToFileURL(join(options.app, 'stand-ins.mjs')).href,
        join(options.app, 'run-readme.mjs'),
        join(directory, 'manifest.json'),
      ],
      { cwd: directory, timeoutMs: 180_000 },
    );
    const ran = /^RAN (.*)$/m.exec(result.output)?.[1];
    if (ran === undefined)
      throw new Error(`${readme}'s snippets did not finish:\n${tail(result.output)}`);
    console.log(
      result.output
        .split('\n')
        .filter((line) => line.startsWith('  ✓'))
        .join('\n'),
    );
    summaries.push(`${readme}: ${ran}`);
  }
  return summaries;
}

/** Runs the test snippets with the vitest the app installed, in happy-dom. */
export async function runReadmeTests(options: {
  app: string;
  snippets: readonly ReadmeSnippet[];
}): Promise<number> {
  const tests = testsToRun(options.snippets);
  if (tests.length === 0) return 0;
  const directory = join(options.app, 'run', 'tests');
  mkdirSync(directory, { recursive: true });
  for (const snippet of tests) {
    writeFileSync(
      join(directory, `${fileName(snippet)}.test.${snippet.language}`),
      `${snippet.code}\n`,
    );
  }
  // What a React app's tsconfig says; Vite reads the JSX runtime from it.
  writeFileSync(
    join(directory, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler' } })}\n`,
  );
  writeFileSync(
    join(directory, 'vitest.config.mjs'),
    "export default { test: { environment: 'happy-dom', include: ['*.test.ts', '*.test.tsx'] } };\n",
  );
  await runOrThrow(
    join(options.app, 'node_modules/.bin/vitest'),
    ['run', '--root', directory, '--config', join(directory, 'vitest.config.mjs')],
    { cwd: directory, timeoutMs: 180_000 },
  );
  return tests.length;
}
