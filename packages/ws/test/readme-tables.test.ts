import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { renderCloseCodeTable, renderErrorCodeTable } from '../src/protocol/markdown-tables';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

function block(name: string): string | undefined {
  return new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(
    readme,
  )?.[1];
}

test('README error-code table matches RECALL_ERROR_CODES (run `npm run docs:tables`)', () => {
  expect(block('error-codes')).toBe(renderErrorCodeTable());
});

test('README close-code table matches CLOSE_CODES (run `npm run docs:tables`)', () => {
  expect(block('close-codes')).toBe(renderCloseCodeTable());
});
