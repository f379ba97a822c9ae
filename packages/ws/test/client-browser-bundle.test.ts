import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

const source = fileURLToPath(new URL('../src', import.meta.url));

test('the main entry (with the client) bundles for browsers without node:*, ws, pg or react', async () => {
  const result = await build({
    stdin: { contents: "export * from './index';", resolveDir: source, loader: 'ts' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.some((input) => input.includes('src/client/create-recall-client.ts'))).toBe(true);
  for (const input of inputs) {
    expect(input).not.toMatch(/^node:|node_modules\/(ws|pg|pg-pool|react|@electric-sql)\//);
    expect(input).not.toMatch(/src\/server\//);
  }
});
