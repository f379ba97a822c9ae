// Child processes for the release checks, run as a user outside this repository would run
// them: without npm's script environment, and with the Node and npm found on PATH outside any
// node_modules/.bin (so the repository's Node 24 does not stand in for the user's Node).
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

/** What a finished command printed, and how it ended. */
export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  ms: number;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (SIGKILL) after this long. @default 30 minutes */
  timeoutMs?: number;
  /** Print the command's output as it comes, besides collecting it. @default false */
  echo?: boolean;
}

/**
 * The environment of a user's shell: this process's, minus what `npm run` adds (npm_* variables,
 * node_modules/.bin on PATH) and minus model keys, so nothing reaches a model API.
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) || ['INIT_CWD', 'NODE', 'ANTHROPIC_API_KEY'].includes(name)) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((directory) => !/node_modules[\\/]\.bin$|node-gyp-bin$/.test(directory))
    .join(delimiter);
  return { ...env, ...extra };
}

/** Runs a command to its end. Never throws for a non-zero exit: check `code`. */
export function run(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? userEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30 * 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, ms: Date.now() - started });
    });
  });
}

/** Runs a command and throws, with the end of its output, unless it exits 0. */
export async function runOrThrow(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `\`${[command, ...args].join(' ')}\` failed (${result.signal ?? `exit ${result.code}`}):\n${tail(result.output)}`,
    );
  }
  return result;
}

/** The last lines of a command's output, for an error message. */
export function tail(output: string, lines = 60): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n');
}

/** `12.3 s` or `2 min 5 s`. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
