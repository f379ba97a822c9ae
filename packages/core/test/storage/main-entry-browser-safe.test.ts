import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { expect, test } from 'vitest';

const NODE_ONLY = /^(node:|pg$|pg\/|pg-|@electric-sql\/pglite|ws$)/;
const builtins = new Set(builtinModules);

// Bundles an entry for browsers and returns every Node-only module its import graph reaches.
async function nodeOnlyImports(entry: string): Promise<string[]> {
  const reached = new Set<string>();
  const recordNodeOnly: Plugin = {
    name: 'record-node-only',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (NODE_ONLY.test(args.path) || builtins.has(args.path)) {
          reached.add(args.path);
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    plugins: [recordNodeOnly],
    logLevel: 'silent',
  });
  return [...reached].sort();
}

test('the main entry of @recall/core reaches no node:*, pg or PGlite module', async () => {
  expect(await nodeOnlyImports('../../src/index.ts')).toEqual([]);
});

test('the storage subpaths do reach them (the check above can fail)', async () => {
  expect(await nodeOnlyImports('../../src/storage/postgres/index.ts')).toEqual(
    expect.arrayContaining(['pg']),
  );
  expect(await nodeOnlyImports('../../src/storage/pglite/index.ts')).toEqual(
    expect.arrayContaining(['@electric-sql/pglite', 'node:fs']),
  );
});
