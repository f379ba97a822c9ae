// npm run test:loaded — the whole suite on a busy machine: while `vitest run` runs, one busy
// process per core (at least two) spins the CPU, as other builds on a shared CI machine or a
// laptop would. The busy processes are bounded (they exit by themselves after `--max-minutes`,
// default 30) and are stopped as soon as the suite ends. Exits with the suite's code and prints
// the time and the load average. Extra arguments go to vitest (`-- --project core`).
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** `--max-minutes <n>` is ours; every other argument goes to vitest. */
function parseArguments(args: readonly string[]): { maxMinutes: number; vitest: string[] } {
  const vitest: string[] = [];
  let maxMinutes = 30;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--max-minutes') maxMinutes = Number(args[++index]);
    else vitest.push(args[index] as string);
  }
  return { maxMinutes, vitest };
}
const { maxMinutes, vitest: vitestArguments } = parseArguments(process.argv.slice(2));

// Spins until its deadline; nothing else.
const BUSY_LOOP = `const end = Date.now() + ${maxMinutes * 60_000}; while (Date.now() < end) {}`;
const hogs: ChildProcess[] = Array.from({ length: Math.max(2, availableParallelism()) }, () =>
  spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' }),
);
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null) hog.kill('SIGKILL');
};
process.once('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const started = Date.now();
const samples: number[] = [];
const sampler = setInterval(() => samples.push(loadavg()[0] ?? 0), 5_000);
const suite = spawn('npx', ['vitest', 'run', ...vitestArguments], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
suite.once('exit', (code, signal) => {
  clearInterval(sampler);
  stopHogs();
  const seconds = Math.round((Date.now() - started) / 1000);
  const peak = Math.max(0, ...samples).toFixed(2);
  const mean = (samples.reduce((sum, value) => sum + value, 0) / (samples.length || 1)).toFixed(2);
  console.log(
    `\ntest:loaded: ${hogs.length} busy processes; the suite ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s (1-minute load average: mean ${mean}, peak ${peak}).`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
