import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RecallServerChildSpec } from './children/recall-server';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '../../../..');

/** A Recall server running in a child process. */
export interface ServerProcess {
  readonly port: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** Every `clientMessageId` the child reported acking, in order. */
  readonly acks: string[];
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** Graceful stop (SIGTERM), then wait for the exit. */
  stop(): Promise<void>;
}

/** Spawns `children/recall-server.ts` and resolves once it listens. */
export async function startServerProcess(spec: RecallServerChildSpec): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@recall/source',
      '--import',
      'tsx',
      join(here, 'children', 'recall-server.ts'),
      JSON.stringify(spec),
    ],
    { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const acks: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Server child did not start:\n${stderr}`)),
      30_000,
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { ready?: number; ack?: string };
      if (message.ack !== undefined) acks.push(message.ack);
      if (message.ready !== undefined) {
        clearTimeout(timer);
        resolve(message.ready);
      }
    });
    void exited.then(() => reject(new Error(`Server child exited:\n${stderr}`)));
  });
  return {
    port,
    child,
    acks,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
