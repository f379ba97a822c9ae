import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type CommandIO, runCommand } from '../src/cli/main';
import type { EvalReport } from '../src/run/run-eval';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const DEMO_SETS = join(REPO_ROOT, 'eval/demo-recall-sets.json');
export const REPO_THRESHOLDS = join(REPO_ROOT, 'eval/thresholds.json');

/** A temporary directory holding the first demo set only (a quick run). */
export async function oneSetFile(): Promise<{ directory: string; sets: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'recall-eval-'));
  const all = JSON.parse(await readFile(DEMO_SETS, 'utf8')) as unknown[];
  const sets = join(directory, 'sets.json');
  await writeFile(sets, JSON.stringify([all[0]]));
  return { directory, sets };
}

/** Runs the command with captured output. */
export async function runCaptured(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    env,
    cwd: REPO_ROOT,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const code = await runCommand(argv, io);
  return { code, stdout, stderr };
}

export async function readReport(directory: string): Promise<EvalReport> {
  return JSON.parse(await readFile(join(directory, 'report.json'), 'utf8')) as EvalReport;
}
