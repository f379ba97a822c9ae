// Settings and child-process helpers shared by the parts of ws.bench.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const CLIENTS = 100;
export const MESSAGES = 10_000;
export const BATCH = 200;
export const CUTS = 100;
export const IDLE_SESSIONS = 1_000;
export const MEMORY_RUNS = 3;
/** Node flag capping each young-generation semi-space at 1 MB (see (c) above). */
export const CAPPED_YOUNG_GENERATION = '--max-semi-space-size=1';
/** The benchmark's own file, which its child processes run with a role. */
const self = fileURLToPath(new URL('../ws.bench.ts', import.meta.url));

export const sleep = (milliseconds: number) =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));
export const immediate = () => new Promise((resolve) => setImmediate(resolve));

export function spawnSelf(
  args: string[],
  nodeFlags: string[] = [],
): ChildProcess & { lines: AsyncIterator<string> } {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--conditions=@recall/source', '--import', 'tsx', self, ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return Object.assign(child, { lines });
}

export async function nextLine(lines: AsyncIterator<string>): Promise<string> {
  const { value, done } = await lines.next();
  if (done) throw new Error('Child exited early.');
  return value;
}
