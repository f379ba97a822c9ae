// @vitest-environment node
// One class identity per class in the built output: under require() every entry shares one
// module per source file, and across ESM and CommonJS `instanceof` answers by brand. The same
// build also shows the WordNet table shipped once (ESM), loaded by both formats.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';

const run = promisify(execFile);
const packageRoot = resolve(import.meta.dirname, '..');
const tsupCli = join(
  dirname(createRequire(import.meta.url).resolve('tsup/package.json')),
  'dist/cli-default.js',
);

// Inside the package, so the output resolves zod and ts-fsrs as the published files would.
let outDir = '';
beforeAll(async () => {
  outDir = await mkdtemp(join(packageRoot, '.identity-test-'));
  await run(process.execPath, [tsupCli, '--no-dts', '--out-dir', outDir], { cwd: packageRoot });
}, 180_000);
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** Runs a script in a plain Node process (no test runner, no source condition). */
async function inNode(script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: outDir,
  });
  return JSON.parse(stdout);
}

test('under require(), an error from one entry is instanceof the classes of every other', async () => {
  const result = await inNode(`
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(`${outDir}/`)});
    const main = require('./index.cjs');
    const log = require('./storage/log/index.cjs');
    require('./storage/postgres/index.cjs');
    require('./testing/index.cjs');
    let thrown;
    try { log.parseSessionLog('not a log'); } catch (error) { thrown = error; }
    const copies = Object.keys(require.cache).filter((path) => path.endsWith('recall-error.cjs'));
    console.log(JSON.stringify({
      code: thrown.code,
      isRecallError: thrown instanceof main.RecallError,
      copies: copies.length,
      conflict: new main.ConcurrencyError('s', 1, 2) instanceof main.RecallError,
    }));
  `);
  expect(result).toEqual({ code: 'INVALID_JSON', isRecallError: true, copies: 1, conflict: true });
});

test('across ESM and CommonJS, instanceof holds both ways and subclasses stay apart', async () => {
  const result = await inNode(`
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(`${outDir}/`)});
    const cjs = require('./index.cjs');
    const esm = await import(${JSON.stringify(`${outDir}/index.js`)});
    const esmLog = await import(${JSON.stringify(`${outDir}/storage/log/index.js`)});
    let fromEsm;
    try { esmLog.parseSessionLog('not a log'); } catch (error) { fromEsm = error; }
    const fromCjs = new cjs.ConcurrencyError('s', 1, 2);
    console.log(JSON.stringify({
      twoClasses: esm.RecallError !== cjs.RecallError,
      esmErrorIsCjsRecallError: fromEsm instanceof cjs.RecallError,
      cjsErrorIsEsmRecallError: fromCjs instanceof esm.RecallError,
      cjsConflictIsEsmConflict: fromCjs instanceof esm.ConcurrencyError,
      esmErrorIsEsmConflict: fromEsm instanceof esm.ConcurrencyError,
      plainError: new Error('x') instanceof cjs.RecallError,
    }));
  `);
  expect(result).toEqual({
    twoClasses: true,
    esmErrorIsCjsRecallError: true,
    cjsErrorIsEsmRecallError: true,
    cjsConflictIsEsmConflict: true,
    esmErrorIsEsmConflict: false,
    plainError: false,
  });
});

test('the WordNet table ships once, as ESM with its notice, and loadWordTable() reads it from both formats', async () => {
  const directory = join(outDir, 'llm/offline/wordnet');
  const files = (await readdir(directory)).filter((name) => name.startsWith('wordnet-table.'));
  expect(files).toEqual(['wordnet-table.js']);
  const table = await readFile(join(directory, 'wordnet-table.js'), 'utf8');
  expect(table).toContain('export {');
  expect(table).toContain('WORDNET_NOTICE');
  expect(table).toMatch(/\/\*![\s\S]*Copyright 2006 by Princeton University/);

  const result = await inNode(`
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(`${outDir}/`)});
    const fromCjs = await require('./llm/offline/wordnet/load-word-table.cjs').loadWordTable();
    const esm = await import(${JSON.stringify(`${outDir}/llm/offline/wordnet/load-word-table.js`)});
    const fromEsm = await esm.loadWordTable();
    const loadedAsCjs = Object.keys(require.cache).some((path) => path.includes('wordnet-table'));
    console.log(JSON.stringify({
      cjs: fromCjs === null ? null : fromCjs.sameMeaning('abandon', 'desert'),
      esm: fromEsm === null ? null : fromEsm.sameMeaning('abandon', 'desert'),
      unrelated: fromEsm === null ? null : fromEsm.sameMeaning('abandon', 'zoo'),
      loadedAsCjs,
    }));
  `);
  expect(result).toEqual({ cjs: true, esm: true, unrelated: false, loadedAsCjs: false });
});
