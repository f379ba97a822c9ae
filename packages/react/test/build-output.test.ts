// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';

const packageRoot = resolve(import.meta.dirname, '..');
const tsupPackage = createRequire(import.meta.url).resolve('tsup/package.json');
const tsupCli = join(dirname(tsupPackage), 'dist/cli-default.js');

let outDir: string | undefined;
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

test("the built output keeps 'use client' on the first line of every JavaScript file", async () => {
  outDir = await mkdtemp(join(tmpdir(), 'recall-react-build-'));
  // The package's own tsup config, run as `tsup` would be; only declarations are skipped.
  await promisify(execFile)(process.execPath, [tsupCli, '--no-dts', '--out-dir', outDir], {
    cwd: packageRoot,
  });
  const files = (await readdir(outDir, { recursive: true })).filter((file) => /\.c?js$/.test(file));
  expect(files).toEqual(
    expect.arrayContaining(['index.js', 'index.cjs', 'testing/index.js', 'testing/index.cjs']),
  );
  for (const file of files) {
    const source = await readFile(join(outDir, file), 'utf8');
    expect(source.split('\n', 1)[0], file).toBe("'use client';");
    // Workspace packages stay imports (dependencies), never bundled in.
    expect(source, file).not.toMatch(/function reduceClientState/);
  }
}, 30_000);
