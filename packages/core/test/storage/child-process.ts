import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '../../../..');

/** A child running one of the scripts in ./children, read line by line. */
export interface ChildScript {
  readonly process: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** Resolves with the first line (past or future) matching `predicate`. */
  waitForLine(predicate: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Writes one line to the child's stdin. */
  send(line: string): void;
  /** Resolves with the exit code (or signal) once the child has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Collected stderr, for failure messages. */
  stderr(): string;
}

/**
 * Spawns `children/<name>.ts` in a fresh Node process that imports @recall/core from source,
 * passing `spec` as JSON in argv.
 */
export function spawnChildScript(name: string, spec: unknown): ChildScript {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@recall/source',
      '--import',
      'tsx',
      join(here, 'children', `${name}.ts`),
      JSON.stringify(spec),
    ],
    { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters = new Set<{
    predicate: (line: string) => boolean;
    resolve: (line: string) => void;
  }>();
  let errorOutput = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errorOutput += chunk.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.predicate(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    process: child,
    lines,
    exited,
    stderr: () => errorOutput,
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    waitForLine(predicate, timeoutMs = 20_000) {
      const seen = lines.find(predicate);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `Child ${name} printed no matching line within ${timeoutMs} ms. stderr:\n${errorOutput}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then(({ code, signal }) => {
          if (!waiters.has(waiter)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          reject(
            new Error(
              `Child ${name} exited (${code ?? signal}) before a matching line. stderr:\n${errorOutput}`,
            ),
          );
        });
      });
    },
  };
}
