import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  combineServerSnippets,
  exportedNames,
  extractSnippets,
  findInstallCommand,
  hostAppNames,
  importsOf,
  packageOf,
  type ReadmeSnippet,
  runnableSource,
} from './readme-snippets';
import { modulesToRun, testsToRun } from './run-snippets';

const README = [
  '# Title',
  '',
  '```sh',
  'npm install @recall/core @recall/ws pg',
  '```',
  '',
  "<!-- readme-check: run server; declare const app: import('node:http').RequestListener; -->",
  '```ts',
  "import { createServer } from 'node:http';",
  "import { type LLMAdapter, createRecallEngine } from '@recall/core';",
  'const server = createServer(app);',
  '```',
  '',
  '<!-- readme-check: run server; declare const server: unknown; -->',
  '```ts',
  "import { defineRecallSet, type RecallSet } from '@recall/core';",
  'export const unused = 1;',
  "const set: RecallSet = defineRecallSet({ name: 'x', points: [] });",
  '```',
  '',
  '<!-- readme-check: skip: pseudo code -->',
  '```tsx',
  'whatever(',
  '```',
  '',
  '```json',
  '{}',
  '```',
].join('\n');

describe('extractSnippets', () => {
  test('finds ts and tsx blocks with their directives, and nothing else', () => {
    const snippets = extractSnippets('README.md', README);
    expect(
      snippets.map(({ line, language, runsAsServer, skip }) => ({
        line,
        language,
        runsAsServer,
        skip,
      })),
    ).toEqual([
      { line: 8, language: 'ts', runsAsServer: true, skip: null },
      { line: 15, language: 'ts', runsAsServer: true, skip: null },
      { line: 22, language: 'tsx', runsAsServer: false, skip: 'pseudo code' },
    ]);
    expect(snippets[0]?.declarations).toBe(
      "declare const app: import('node:http').RequestListener;",
    );
    expect(snippets[0]?.code).toBe(
      "import { createServer } from 'node:http';\nimport { type LLMAdapter, createRecallEngine } from '@recall/core';\nconst server = createServer(app);",
    );
  });

  test('a directive it cannot read is an error, not a silent pass', () => {
    expect(() =>
      extractSnippets('R.md', '<!-- readme-check: run it all -->\n```ts\nx;\n```'),
    ).toThrow(/R.md:1: a readme-check comment holds/);
    expect(() => extractSnippets('R.md', '```ts\nx;\n')).toThrow(/never closed/);
  });
});

test('combineServerSnippets merges imports and exports every top-level name it declares', () => {
  const snippets = extractSnippets('README.md', README).filter((snippet) => snippet.runsAsServer);
  expect(combineServerSnippets(snippets)).toBe(
    [
      "import { createServer } from 'node:http';",
      "import { type LLMAdapter, createRecallEngine, defineRecallSet, type RecallSet } from '@recall/core';",
      '',
      '// README.md:8\nconst server = createServer(app);',
      "// README.md:15\nexport const unused = 1;\nconst set: RecallSet = defineRecallSet({ name: 'x', points: [] });",
      '',
      'export { server, set };',
      '',
    ].join('\n'),
  );
});

test('hostAppNames: what the server snippets declare and none defines', () => {
  const snippets = extractSnippets('README.md', README).filter((snippet) => snippet.runsAsServer);
  expect(hostAppNames(snippets)).toEqual(['app']);
});

test('findInstallCommand reads the one install line; none or two is an error', () => {
  expect(findInstallCommand('README.md', README)).toEqual(['@recall/core', '@recall/ws', 'pg']);
  expect(() => findInstallCommand('R.md', '')).toThrow(/exactly one line/);
});

test('packageOf and importsOf', () => {
  expect(
    ['@recall/core/storage/pglite', 'react', 'katex/dist/k.css', 'node:http', './x'].map(packageOf),
  ).toEqual(['@recall/core', 'react', 'katex', null, null]);
  expect(importsOf("import 'a.css';\nimport type { B } from 'b';\nconst c = 1;")).toEqual([
    'a.css',
    'b',
  ]);
});

test("this repository's READMEs have an install line and a server to run", () => {
  const root = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  expect(findInstallCommand('README.md', root)).toContain('@recall/core');
  const server = extractSnippets('README.md', root).filter((snippet) => snippet.runsAsServer);
  expect(server.length).toBeGreaterThan(0);
  expect(combineServerSnippets(server)).toMatch(/^export \{ .+ \};$/m);
});

describe('running a snippet on its own', () => {
  const snippet = (code: string, overrides: Partial<ReadmeSnippet> = {}): ReadmeSnippet => ({
    readme: 'README.md',
    line: 1,
    language: 'tsx',
    code,
    declarations: '',
    runsAsServer: false,
    skip: null,
    ...overrides,
  });
  const code = [
    "import { MessageList } from '@recall/react';",
    "import 'katex/dist/katex.min.css';",
    'const client = createClient();',
    'export function Conversation() {',
    '  return <MessageList.Root />;',
    '}',
  ].join('\n');

  test('runnableSource drops stylesheet imports and exports what the snippet built', () => {
    expect(runnableSource(snippet(code))).toBe(
      [
        "import { MessageList } from '@recall/react';",
        'const client = createClient();',
        'export function Conversation() {',
        '  return <MessageList.Root />;',
        '}',
        '',
        'export { client };',
        '',
      ].join('\n'),
    );
  });

  test('exportedNames lists only what the snippet exports itself', () => {
    expect(exportedNames(code)).toEqual(['Conversation']);
    expect(exportedNames('export const a = 1, b = 2;\nconst c = 3;')).toEqual(['a', 'b']);
  });

  test('modules and tests to run: skipped and server blocks are not modules, vitest ones are tests', () => {
    const all = [
      snippet('const a = 1;', { line: 1 }),
      snippet("import { test } from 'vitest';", { line: 2 }),
      snippet('const b = 1;', { line: 3, runsAsServer: true }),
      snippet('const c = 1;', { line: 4, skip: 'needs a database' }),
    ];
    expect(modulesToRun(all).map(({ line }) => line)).toEqual([1]);
    expect(testsToRun(all).map(({ line }) => line)).toEqual([2]);
  });
});
