import { fileURLToPath } from 'node:url';
import * as core from '@recall/core';
import * as offline from '@recall/core/llm/offline';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

/** The source files a browser bundle of `entry` includes. */
async function bundledFiles(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    external: ['node:*'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

test('the offline model lives on @recall/core/llm/offline, not on the main entry', async () => {
  expect(Object.keys(offline)).toEqual(['createOfflineLLM']);
  expect('createOfflineLLM' in core).toBe(false);
  // Nothing of the offline folder reaches the main entry; the engine's own text helpers live
  // in src/text/.
  const offlineFolder = /llm\/offline\//;
  const mainFiles = await bundledFiles('../../src/index.ts');
  expect(mainFiles.filter((file) => offlineFolder.test(file))).toEqual([]);
  expect(mainFiles.some((file) => file.endsWith('src/text/lexical.ts'))).toBe(true);
  // The check can fail: the subpath does bundle them.
  const offlineOnly = /llm\/offline\/(offline-llm|meaning-check|word-relations|offline-tutor)\.ts$/;
  expect(
    (await bundledFiles('../../src/llm/offline/index.ts')).filter((file) => offlineOnly.test(file)),
  ).toHaveLength(4);
});

test('the old subpath @recall/core/offline is a deprecated alias of the same files', async () => {
  const { default: manifest } = await import('../../package.json', { with: { type: 'json' } });
  expect(manifest.exports['./offline']).toEqual(manifest.exports['./llm/offline']);
  const alias = await import('@recall/core/offline');
  expect(alias.createOfflineLLM).toBe(offline.createOfflineLLM);
});
