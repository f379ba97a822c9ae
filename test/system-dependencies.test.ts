import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { chromiumPath, findPostgresBin, findSystemDependency, isCI } from './system-dependencies';

const directories: string[] = [];

function directoryWith(...programs: string[]): string {
  const directory = mkdtempSync(join(tmpdir(), 'recall-system-'));
  directories.push(directory);
  for (const program of programs) {
    const path = join(directory, program);
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, 0o755);
  }
  return directory;
}

afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe('finding PostgreSQL', () => {
  test('RECALL_PG_BIN wins when it holds postgres, initdb and pg_ctl', () => {
    const bin = directoryWith('postgres', 'initdb', 'pg_ctl');
    expect(findPostgresBin({ RECALL_PG_BIN: bin, PATH: '' })).toBe(bin);
  });

  test('a RECALL_PG_BIN without the programs is reported, never silently replaced', () => {
    const bin = directoryWith('pg_ctl');
    expect(findSystemDependency('postgres', { RECALL_PG_BIN: bin })).toEqual({
      found: false,
      problem: `RECALL_PG_BIN=${bin} holds no postgres, initdb, pg_ctl`,
    });
    expect(() => findPostgresBin({ RECALL_PG_BIN: bin })).toThrow(/set RECALL_PG_BIN/);
  });

  test('otherwise the newest version under /usr/lib/postgresql, then PATH', () => {
    const debianRoot = directoryWith();
    for (const version of ['9.6', '16', '13']) {
      mkdirSync(join(debianRoot, version));
      const bin = directoryWith('postgres', 'initdb', 'pg_ctl');
      renameSync(bin, join(debianRoot, version, 'bin'));
    }
    mkdirSync(join(debianRoot, '17')); // a leftover without binaries
    const onPath = directoryWith('postgres', 'initdb', 'pg_ctl');
    expect(findPostgresBin({ PATH: onPath }, debianRoot)).toBe(join(debianRoot, '16', 'bin'));
    expect(findPostgresBin({ PATH: `/nonexistent:${onPath}` }, join(debianRoot, 'none'))).toBe(
      onPath,
    );
    expect(() => findPostgresBin({ PATH: '' }, join(debianRoot, 'none'))).toThrow(
      /no PostgreSQL server binaries .* or on PATH: install Debian's postgresql/,
    );
  });
});

describe('finding Chromium and espeak-ng', () => {
  test('CHROMIUM_PATH overrides Debian’s /usr/bin/chromium, and must be an executable file', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    const bin = directoryWith('chromium');
    expect(findSystemDependency('chromium', { CHROMIUM_PATH: join(bin, 'chromium') })).toEqual({
      found: true,
      location: join(bin, 'chromium'),
    });
    expect(findSystemDependency('chromium', { CHROMIUM_PATH: bin })).toEqual({
      found: false,
      problem: `no Chromium at ${bin}`,
    });
  });

  test('espeak-ng is looked up on PATH', () => {
    const bin = directoryWith('espeak-ng');
    mkdirSync(join(bin, 'empty'));
    expect(findSystemDependency('espeak-ng', { PATH: join(bin, 'empty') })).toEqual({
      found: false,
      problem: 'no espeak-ng on PATH',
    });
    expect(findSystemDependency('espeak-ng', { PATH: bin })).toEqual({
      found: true,
      location: join(bin, 'espeak-ng'),
    });
  });
});

test('CI counts as set for any value but empty, 0 and false', () => {
  expect([undefined, '', '0', 'false', 'FALSE'].map((CI) => isCI({ CI }))).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
  expect(['true', '1', 'yes'].map((CI) => isCI({ CI }))).toEqual([true, true, true]);
});

describe('every test that needs a system program says so', () => {
  // A test file that starts PostgreSQL or Chromium without `lacks(…)` fails on a machine
  // without them instead of being skipped with its one-line notice (and check:fresh catches it
  // only minutes later). This keeps that promise for test files added later.
  const needs = [
    { program: 'postgres', starts: /\bstartPostgresServer\(/ },
    { program: 'chromium', starts: /\bchromium\.launch\(/ },
  ];
  const root = join(import.meta.dirname, '..');
  const testFiles = ['packages', 'examples', 'scripts', 'bench']
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((path) =>
        join(folder, path),
      ),
    )
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes('node_modules'));

  test.each(needs)('files that start $program call lacks($program)', ({ program, starts }) => {
    const offenders = testFiles.filter((path) => {
      const source = readFileSync(join(root, path), 'utf8');
      return starts.test(source) && !new RegExp(`lacks\\([^)]*'${program}'`).test(source);
    });
    expect(offenders).toEqual([]);
  });
});
