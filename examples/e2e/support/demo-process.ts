import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** The repository root (the demo's relative paths are resolved from it). */
export const REPO_ROOT = join(import.meta.dirname, '../../..');

/** A demo server running in a child process, exactly as `npm run demo:server` starts it. */
export interface DemoProcess {
  /** The URL the server printed ("Open …"). */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `examples/server/src/main.ts` with `flags` under this Node and waits for the URL it
 * prints. Rejects with the process output when it exits first or prints nothing in time.
 */
export async function startDemoProcess(
  flags: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<DemoProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@recall/source', '--import', 'tsx', 'examples/server/src/main.ts', ...flags],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ANTHROPIC_API_KEY: '', INIT_CWD: REPO_ROOT, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const url = await waitForUrl(child, () => output, options.timeoutMs ?? 60_000);
  return {
    url,
    output: () => output,
    stop: (graceMs = 10_000) => stopChild(child, graceMs),
  };
}

function waitForUrl(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      finish();
      child.kill('SIGKILL');
      reject(new Error(`The demo server printed no URL within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const onData = () => {
      const match = /Open (http:\/\/\S+)/.exec(output());
      if (match?.[1] === undefined) return;
      finish();
      resolve(match[1]);
    };
    const onExit = (code: number | null) => {
      finish();
      reject(new Error(`The demo server exited (${code}) before printing a URL:\n${output()}`));
    };
    function finish() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
