// npm run check:fresh — the README's two commands on a fresh clone of the committed HEAD:
// `npm install`, then `npm test` on a machine without Chromium and PostgreSQL (CHROMIUM_PATH
// and RECALL_PG_BIN point at nothing): their tests must be skipped, each with its one line, and
// the run must pass. Then the same with CI=true, which must fail, since CI skips nothing.
// Runs with the Node and npm on the user's PATH, as a newcomer would. `--keep` keeps the clone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatDuration, run, runOrThrow, tail, userEnvironment } from './lib/run';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const EXPECTED_NOTICES = [
  /^\[recall\] Skipping the Chromium end-to-end tests \(examples\/e2e\): no Chromium at .+\. To run them, .+$/m,
  /^\[recall\] Skipping the tests that start a PostgreSQL server .+: RECALL_PG_BIN=.+ holds no .+\. To run them, .+$/m,
];

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'recall-fresh-'));
const clone = join(work, 'recall');
let succeeded = false;
try {
  const git = (args: string[], cwd = REPO_ROOT) => runOrThrow('git', args, { cwd });
  const head = (await git(['rev-parse', 'HEAD'])).output.trim();
  if ((await git(['status', '--porcelain'])).output.trim() !== '') {
    console.log('! Uncommitted changes are not part of this check: it clones the committed HEAD.');
  }
  await git(['clone', '--quiet', '--no-hardlinks', REPO_ROOT, clone], work);
  await git(['checkout', '--quiet', '--detach', head], clone);
  console.log(`✓ cloned ${head.slice(0, 12)} into ${clone}`);

  const install = await runOrThrow('npm', ['install', '--no-audit', '--no-fund'], { cwd: clone });
  console.log(`✓ npm install (${formatDuration(install.ms)})`);

  const machine = {
    CHROMIUM_PATH: join(work, 'no-chromium/chromium'),
    RECALL_PG_BIN: join(work, 'no-postgresql/bin'),
  };
  const withoutCI = userEnvironment(machine);
  delete withoutCI.CI;
  const test = await run('npm', ['test'], { cwd: clone, env: withoutCI });
  if (test.code !== 0) {
    throw new Error(`npm test failed on the fresh clone:\n${tail(test.output, 80)}`);
  }
  const missing = EXPECTED_NOTICES.filter((notice) => !notice.test(test.output));
  if (missing.length > 0) {
    throw new Error(
      `npm test passed but did not print ${missing.join(' and ')}:\n${tail(test.output)}`,
    );
  }
  const summary = test.output
    .split('\n')
    .filter((line) => /^\s*(Test Files|Tests)\s/.test(strip(line)));
  console.log(
    `✓ npm test without Chromium and PostgreSQL passed, skipping their tests (${formatDuration(test.ms)})`,
  );
  for (const line of [
    ...EXPECTED_NOTICES.map((notice) => notice.exec(test.output)?.[0]),
    ...summary,
  ]) {
    console.log(`  ${strip(line ?? '')}`);
  }

  const ci = await run('npm', ['test'], {
    cwd: clone,
    env: userEnvironment({ ...machine, CI: 'true' }),
  });
  if (ci.code === 0)
    throw new Error('With CI=true, npm test passed although Chromium and PostgreSQL are missing.');
  if (!ci.output.includes('CI is set, so no test is skipped')) {
    throw new Error(
      `With CI=true, npm test failed, but not for the missing programs:\n${tail(ci.output)}`,
    );
  }
  console.log(
    `✓ with CI=true the same npm test fails: nothing is skipped (${formatDuration(ci.ms)})`,
  );
  succeeded = true;
  console.log(`\nFresh-clone check passed in ${formatDuration(Date.now() - started)}.`);
} finally {
  if (succeeded && !process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
  else console.log(`The clone is in ${clone}`);
}

function strip(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  return line.replace(/\u001b\[[0-9;]*m/g, '').trim();
}
