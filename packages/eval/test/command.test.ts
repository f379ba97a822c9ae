import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { oneSetFile, runCaptured } from './eval-test-support';

let sets: string;
let directory: string;
beforeAll(async () => {
  ({ sets, directory } = await oneSetFile());
});

describe('recall-eval, the command', () => {
  test('--help prints the usage and exits 0', async () => {
    const { code, stdout } = await runCaptured(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: recall-eval --sets <recall-sets.json> --llm <which>/);
  });

  test.each([
    [
      ['--sets', 'nowhere.json'],
      'EVAL_SETS_INVALID',
      /cannot read the sets file .*nowhere\.json \(ENOENT\)/,
    ],
    [
      ['--llm', 'module:nowhere.mjs'],
      'EVAL_MODULE_INVALID',
      /cannot load the adapter module .*nowhere\.mjs/,
    ],
    [
      ['--llm', `module:${join(import.meta.dirname, 'fixtures/not-an-adapter.ts')}`],
      'EVAL_MODULE_INVALID',
      /is not an LLMAdapter/,
    ],
    [
      ['--thresholds', 'nowhere.json'],
      'EVAL_THRESHOLDS_INVALID',
      /cannot read the thresholds file/,
    ],
    [['--personas', 'parrot'], 'EVAL_BAD_FLAG', /unknown: parrot/],
  ])('%j exits 2 with a typed error', async (argv, code, message) => {
    const withSets = argv[0] === '--sets' ? argv : ['--sets', sets, ...argv];
    const result = await runCaptured(withSets);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(`[${code}]`);
  });

  test('writes the three reports, plain progress lines off a terminal, exit 0 without thresholds', async () => {
    const out = join(directory, 'plain');
    const { code, stdout } = await runCaptured([
      '--sets',
      sets,
      '--personas',
      'strong,blank',
      '--runs',
      '2',
      '--max-turns',
      '6',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^\[1\/4\] strong on photosynthesis \(run 1\)\n\[2\/4\] strong on photosynthesis \(run 2\)\n/,
    );
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.settings).toEqual({
      llm: 'offline model (@recall/core/llm/offline)',
      personas: ['strong', 'blank'],
      sets: ['photosynthesis'],
      runs: 2,
      maxTurns: 6,
    });
    expect(Object.keys(report.personas)).toEqual(['strong', 'blank']);
    expect(report.versions['@recall/core']).toBe('0.0.0');
    expect(await readFile(join(out, 'report.md'), 'utf8')).toMatch(/^# Recall eval report/);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
});
