// The `recall-eval` command as a consumer gets it: @recall/eval packed, installed beside the
// other tarballs, and `npx recall-eval --help` run from the app.
import { join } from 'node:path';
import { runOrThrow, userEnvironment } from '../lib/run';
import type { Tarball } from './tarballs';

/** Builds, packs and installs @recall/eval into `app`, then runs its bin; returns the usage line. */
export async function checkEvalCommand(options: {
  repoRoot: string;
  app: string;
  destination: string;
  tarballs: readonly Tarball[];
}): Promise<string> {
  const { repoRoot, app } = options;
  await runOrThrow('npx', ['turbo', 'run', 'build', '--filter=./packages/eval'], {
    cwd: repoRoot,
    env: process.env,
  });
  const packed = await runOrThrow(
    'npm',
    ['pack', '--json', '--pack-destination', options.destination],
    {
      cwd: join(repoRoot, 'packages/eval'),
      env: userEnvironment(),
    },
  );
  const [tarball] = JSON.parse(packed.output.slice(packed.output.indexOf('['))) as {
    filename: string;
  }[];
  if (tarball === undefined) throw new Error('npm pack printed nothing for packages/eval.');
  const core = options.tarballs.find((candidate) => candidate.name === '@recall/core');
  if (core === undefined) throw new Error('@recall/core was not packed.');
  await runOrThrow(
    'npm',
    ['install', '--no-audit', '--no-fund', core.file, join(options.destination, tarball.filename)],
    { cwd: app, env: userEnvironment() },
  );
  const help = await runOrThrow('npx', ['--no-install', 'recall-eval', '--help'], {
    cwd: app,
    env: userEnvironment(),
    timeoutMs: 60_000,
  });
  const usage = help.output.split('\n').find((line) => line.startsWith('Usage: recall-eval'));
  if (usage === undefined)
    throw new Error(`npx recall-eval --help printed no usage:\n${help.output}`);
  return usage;
}
