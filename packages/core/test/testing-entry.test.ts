import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Host apps use the scripted LLM without installing msw: only `./testing/msw` may reach it.
test('@recall/core/testing does not import msw', async () => {
  const entry = fileURLToPath(new URL('../src/testing/index.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    metafile: true,
    packages: 'external',
    logLevel: 'silent',
  });
  const imports = Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports.map((imported) => imported.path),
  );
  expect(imports.some((path) => path === 'msw' || path.startsWith('msw/'))).toBe(false);
});
