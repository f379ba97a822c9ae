// Runs the benchmarks in bench/ (all of them, or those named on the command line) one after
// another, so their numbers come from one run on one machine. Usage: npm run bench [-- name…]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ') || '(none found)'}.`);
  process.exit(1);
}
let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=@recall/source', '--import', 'tsx', join('bench', file)],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
