import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readVersions } from './versions';

const packageVersion = (path: string): string =>
  (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;

test('readVersions reads this package, @recall/core and Node', () => {
  const root = join(import.meta.dirname, '../../..');
  expect(readVersions()).toEqual({
    '@recall/eval': packageVersion(join(root, 'eval/package.json')),
    '@recall/core': packageVersion(join(root, 'core/package.json')),
    node: process.version,
  });
});
