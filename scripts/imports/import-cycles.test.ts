import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(folder, path, '..'), { recursive: true });
  writeFileSync(join(folder, path), text);
}

describe('importCycles', () => {
  it('finds a cycle through type-only and re-exporting imports, and ignores tests', () => {
    write('cli/a.ts', "import type { B } from './b';\nexport const a = 1;\n");
    write('cli/b.ts', "export { c } from '../c.js';\nexport type B = 1;\n");
    write('c.ts', "import { a } from './cli/a';\nexport const c = a;\n");
    write('cli/a.test.ts', "import { c } from '../c';\n");
    write('d.ts', "import { c } from './c';\nimport { readFile } from 'node:fs';\n");
    expect(importCycles(folder)).toEqual([['c.ts', 'cli/a.ts', 'cli/b.ts']]);
  });

  it('finds none in the demo server and in @recall/react', () => {
    expect(importCycles('examples/server/src')).toEqual([]);
    expect(importCycles('packages/react/src')).toEqual([]);
  });
});
