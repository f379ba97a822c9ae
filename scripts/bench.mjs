// Runs the benchmarks in bench/ (all of them, or those named on the command line) one after
// another, so their numbers come from one run on one machine. Usage:
//   npm run bench [-- name… [--flag value…]]
// Flags (arguments from the first one starting with `--`) are passed to every named bench.
// Long benches listed in OPT_IN run only when named (`npm run bench -- scale`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OPT_IN = ['scale', 'flood-attacks'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const firstFlag = argv.findIndex((argument) => argument.startsWith('--'));
const wanted = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
const flags = firstFlag === -1 ? [] : argv.slice(firstFlag);
const benches = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) =>
    wanted.length === 0
      ? !OPT_IN.some((name) => file === `${name}.bench.ts`)
      : wanted.some((name) => file.startsWith(name)),
  )
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
    ['--conditions=@recall/source', '--import', 'tsx', join('bench', file), ...flags],
    // tsx applies a tsconfig's `jsx: react-jsx` only to the files that tsconfig includes, and
    // the root one covers scripts, tests and benches, not the React sources a bench renders
    // (they then compile to `React.createElement` and fail with "React is not defined").
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'packages/react/tsconfig.json') },
    },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
