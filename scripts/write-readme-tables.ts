// Rewrites the generated protocol tables in README.md from the exported constants.
// Run with `npm run docs:tables`; a test fails when README.md is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  renderCloseCodeTable,
  renderErrorCodeTable,
} from '../packages/ws/src/protocol/markdown-tables';

const path = new URL('../README.md', import.meta.url);
let readme = readFileSync(path, 'utf8');
for (const [name, table] of [
  ['error-codes', renderErrorCodeTable()],
  ['close-codes', renderCloseCodeTable()],
] as const) {
  const pattern = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(\\n<!-- ${name}:end -->)`);
  if (!pattern.test(readme)) throw new Error(`README.md has no ${name} markers.`);
  readme = readme.replace(pattern, `$1${table}$2`);
}
writeFileSync(path, readme);
