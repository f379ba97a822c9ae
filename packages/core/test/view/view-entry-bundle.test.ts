import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

// The browser's fold is small by construction, not by tree-shaking: bundling an entry for
// browsers lists every module its import graph reaches (the metafile's inputs), before any
// unused export is dropped.
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ONLY = /node_modules\/(zod|ts-fsrs|eventemitter3)\//;

async function reachedModules(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [join(repository, entry)],
    absWorkingDir: repository,
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    external: ['react', 'react-dom', 'react/*', 'katex'],
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).sort();
}

function serverOnly(modules: readonly string[]): string[] {
  return [...new Set(modules.flatMap((path) => SERVER_ONLY.exec(path)?.[1] ?? []))].sort();
}

describe('@recall/core/view', () => {
  test('reaches none of zod, ts-fsrs and eventemitter3: only the fold', async () => {
    const modules = await reachedModules('packages/core/src/view/index.ts');
    expect(serverOnly(modules)).toEqual([]);
    expect(
      modules.filter((path) => !/packages\/core\/src\/(session\/view|internal|view)\//.test(path)),
    ).toEqual([]);
  });

  test('the ws browser client and @recall/react reach the fold through it, nothing more of core', async () => {
    for (const entry of ['packages/ws/src/index.ts', 'packages/react/src/index.ts']) {
      const modules = await reachedModules(entry);
      expect(serverOnly(modules), entry).toEqual([]);
      expect(modules, entry).toContain('packages/core/src/view/index.ts');
      expect(modules, entry).not.toContain('packages/core/src/index.ts');
    }
  });

  test('the main entry of @recall/core does reach them (the checks above can fail)', async () => {
    const modules = await reachedModules('packages/core/src/index.ts');
    expect(serverOnly(modules)).toEqual(['eventemitter3', 'ts-fsrs', 'zod']);
  });
});

test('session/ imports nothing from engine/, prompts/ or llm/ (types included)', () => {
  const session = join(repository, 'packages/core/src/session');
  const files = readdirSync(session, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  expect(files.length).toBeGreaterThan(5);
  const upward = files.flatMap((file) => {
    const source = readFileSync(join(session, file), 'utf8');
    return [...source.matchAll(/from '((?:\.\.\/)+(?:engine|prompts|llm)\/[^']*)'/g)].map(
      (match) => `${relative(session, join(session, file))}: ${match[1]}`,
    );
  });
  expect(upward).toEqual([]);
});
