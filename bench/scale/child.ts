import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A child process of the benchmark that talks in lines. */
export interface Child {
  /** The rest of the next line starting with `prefix` (other lines are skipped). */
  next(prefix: string, timeoutMs: number): Promise<string>;
  send(line: string): void;
  /** Asks nothing: waits up to `timeoutMs` for the exit, then SIGKILLs. */
  exit(timeoutMs: number): Promise<void>;
  kill(): void;
}

/**
 * Spawns `script` under tsx with the workspace's source condition, in `cwd` (another
 * checkout's root, so its own `tsx` and packages resolve) when given.
 */
export function startChild(
  script: string,
  args: string[],
  nodeFlags: string[] = [],
  cwd?: string,
): Child {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [...nodeFlags, '--conditions=@recall/source', '--import', 'tsx', script, ...args],
    { stdio: ['pipe', 'pipe', 'pipe'], ...(cwd === undefined ? {} : { cwd }) },
  );
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stdin.on('error', () => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending: string[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  createInterface({ input: child.stdout })
    .on('line', (line) => {
      pending.push(line);
      wake?.();
    })
    .on('close', () => {
      ended = true;
      wake?.();
    });

  return {
    async next(prefix, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = pending.shift();
        if (line !== undefined) {
          if (line.startsWith(prefix)) return line.slice(prefix.length).trim();
          continue;
        }
        if (ended) throw new Error(`${script} exited before printing "${prefix}".`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${script} printed no "${prefix}" within ${timeoutMs} ms.`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    },
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    async exit(timeoutMs) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
