// Scale benchmark: N concurrent learners against one Recall server process, per storage, with
// a bare `ws` server sending the same frames with the same delays as the baseline, in the
// same run. The server and the load generator (raw `ws` clients, one user per learner) run in
// processes of their own; PostgreSQL is started here (initdb + pg_ctl, like the tests).
// Workload: a scripted model answering after 50 ms with 20 chunks 5 ms apart (judges after
// 50 ms, crediting nothing: every turn is an ordinary one); each learner sends a message
// 2 ± 0.5 s after the previous reply ended, 6 times. Everything binds to loopback, every
// wait has a deadline, and a storage stops at the first N it cannot serve.
// The class start (`--class`): one shared set, learners connecting at `--connect-rate` per
// second and talking as soon as they are greeted, so connects overlap turns; it reports
// refused and timed-out connections. Before each point it prints the 1-minute load average
// and waits (at most `--quiet-wait` seconds) for it to fall below `--quiet-load`; each point
// is marked with the load it ran under.
// Run: npm run bench -- scale [--n 300,1000] [--storage memory,pglite,postgres] [--turns 6]
//      [--class 1000|none] [--connect-rate 250] [--quiet-load 2] [--quiet-wait 60]
//      [--smoke] [--profile] [--profile-out dir] [--baseline checkout [--branch-first]] [--no-bare]
// `--baseline <checkout>` runs every Recall point twice, this code and that checkout's (the
// code before a change, with its own node_modules), alternating which goes first, so CPU per
// turn before and after come from one run. `--profile-out` keeps the servers' CPU profiles.
import {
  startPostgresServer,
  type PostgresServer,
} from '../packages/core/test/storage/postgres-server';
import { loadavg } from 'node:os';
import { printKnees, printRun, printTable } from './scale/report';
import { type RunResult, runOnce, type Target } from './scale/run';

const STORAGES: readonly Target[] = ['memory', 'pglite', 'postgres'];
const DEFAULT_SWEEP = [100, 300, 1_000, 2_000, 3_000];
/** A storage whose p99 first chunk passes this (or that drops turns) skips larger N. */
const SATURATED_MS = 5_000;

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function list(name: string): string[] | undefined {
  return flag(name)
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const smoke = process.argv.includes('--smoke');
const sweep = (list('n') ?? (smoke ? ['20'] : DEFAULT_SWEEP.map(String))).map(Number);
const storages = (list('storage') ?? STORAGES) as Target[];
const turns = Number(flag('turns') ?? (smoke ? 2 : 6));
const classSweep = (() => {
  const value = list('class') ?? [smoke ? '20' : '1000'];
  return value.includes('none') ? [] : value.map(Number);
})();
const connectRate = Number(flag('connect-rate') ?? 250);
const quietLoad = Number(flag('quiet-load') ?? 2);
const quietWaitSeconds = Number(flag('quiet-wait') ?? 60);
const profileOut = flag('profile-out');
const baseline = flag('baseline');
const profile = process.argv.includes('--profile') || profileOut !== undefined;
/** `--no-bare`: skip the bare baseline (CPU per turn before and after needs none). */
const bare = !process.argv.includes('--no-bare');
for (const storage of storages) {
  if (!STORAGES.includes(storage)) throw new Error(`Unknown storage "${storage}".`);
}
if ([...sweep, ...classSweep].some((n) => !Number.isInteger(n) || n <= 0) || !(turns > 0)) {
  throw new Error('--n and --class take positive integers, --turns a positive number.');
}
if (!(connectRate > 0) || !(quietWaitSeconds >= 0) || !(quietLoad > 0)) {
  throw new Error('--connect-rate and --quiet-load take positive numbers, --quiet-wait ≥ 0.');
}

/** Prints the 1-minute load average; waits (capped) for it to fall below `--quiet-load`. */
async function waitForQuiet(point: string): Promise<void> {
  const started = Date.now();
  let load = loadavg()[0]!;
  while (load >= quietLoad && Date.now() - started < quietWaitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    load = loadavg()[0]!;
  }
  const waited = Math.round((Date.now() - started) / 1000);
  console.log(
    `${point}: load average ${load.toFixed(2)}` +
      (waited > 0 ? ` after waiting ${waited} s` : '') +
      (load >= quietLoad ? ` (not below ${quietLoad}: the point runs on a loaded machine)` : ''),
  );
}

// Interrupted: exit, which stops PostgreSQL (the harness's exit hook); the children see their
// stdin close and stop too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

let postgres: PostgresServer | undefined;
const results: RunResult[] = [];
const saturated = new Map<string, number>();
/**
 * This code, and with `--baseline` that checkout's too, the first alternating per point: the
 * baseline's first at the first point, this code's with `--branch-first`.
 */
let point = process.argv.includes('--branch-first') ? 1 : 0;
/** How a run is named in the output: "postgres", or "postgres baseline" for the other checkout. */
function runName(target: Target, checkout: string | undefined): string {
  return `${target}${checkout === undefined ? '' : ' baseline'}`;
}
function builds(target: Target): Array<string | undefined> {
  point += 1;
  if (baseline === undefined || target === 'bare') return [undefined];
  return point % 2 === 0 ? [undefined, baseline] : [baseline, undefined];
}
try {
  if (storages.includes('postgres')) postgres = await startPostgresServer();
  for (const learners of sweep) {
    for (const target of [...(bare ? ['bare'] : []), ...storages] as Target[]) {
      for (const checkout of builds(target)) {
        const key = runName(target, checkout);
        const stoppedAt = saturated.get(key);
        if (stoppedAt !== undefined) {
          console.log(`${key} N=${learners}: skipped (saturated at N=${stoppedAt})`);
          continue;
        }
        await waitForQuiet(`${key} N=${learners}`);
        const result = await runOnce({
          target,
          learners,
          turns,
          profile,
          ...(profileOut === undefined ? {} : { profileOut }),
          ...(checkout === undefined ? {} : { baseline: checkout }),
          ...(target === 'postgres' ? { connectionString: await postgres!.createDatabase() } : {}),
        });
        results.push(result);
        printRun(result);
        const dropped = result.turnsEnded < 0.9 * result.turnsSent || result.greeted < learners;
        if (target !== 'bare' && (dropped || result.firstChunkMs.p99 > SATURATED_MS)) {
          saturated.set(key, learners);
        }
      }
    }
  }
  for (const learners of classSweep) {
    for (const target of [...(bare ? ['bare'] : []), ...storages] as Target[]) {
      for (const checkout of builds(target)) {
        await waitForQuiet(`${runName(target, checkout)} class start N=${learners}`);
        const result = await runOnce({
          target,
          learners,
          turns,
          profile: false,
          connectRatePerSecond: connectRate,
          ...(checkout === undefined ? {} : { baseline: checkout }),
          ...(target === 'postgres' ? { connectionString: await postgres!.createDatabase() } : {}),
        });
        results.push(result);
        printRun(result);
      }
    }
  }
} finally {
  await postgres?.stop();
}
printTable(results, sweep);
printTable(results, classSweep, 'class');
printKnees(results, storages, sweep);
const broken = results.filter(
  (result) => result.check.lost + result.check.duplicated + result.check.outOfOrder > 0,
);
if (broken.length > 0) {
  console.error(`Lost, duplicated or reordered events in ${broken.length} run(s).`);
  process.exit(1);
}
