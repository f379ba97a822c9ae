// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

const packageRoot = join(import.meta.dirname, '..');

/** The source files esbuild bundles for an app that imports `specifier`. */
async function bundledInputs(specifier: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export * from '${specifier}';`, resolveDir: packageRoot, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

const fromKatex = (path: string) => /node_modules\/katex\//.test(path);

test('the main entry never bundles KaTeX; the formatted-text entry does', async () => {
  const [main, formattedText] = await Promise.all([
    bundledInputs('@recall/react'),
    bundledInputs('@recall/react/voice/formatted-text'),
  ]);
  expect(main.some((path) => path.includes('message-list/message-list.tsx'))).toBe(true);
  expect(main.filter(fromKatex)).toEqual([]);
  expect(formattedText.some(fromKatex)).toBe(true);
}, 20_000);

test('the old subpath @recall/react/formatted-text is a deprecated alias of the same files', async () => {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  expect(manifest.exports['./formatted-text']).toEqual(manifest.exports['./voice/formatted-text']);
  expect(await bundledInputs('@recall/react/formatted-text')).toEqual(
    await bundledInputs('@recall/react/voice/formatted-text'),
  );
}, 20_000);
