import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

test('the main entry bundles for browsers without Node built-ins, ws, pg or react', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.some((path) => path.includes('node_modules/zod/'))).toBe(true);
  for (const path of inputs) {
    expect(path).not.toMatch(
      /^node:|node_modules\/(ws|pg|react|react-dom|@anthropic-ai|@electric-sql)\//,
    );
  }
});
