import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PublishedEvent } from './feed-engine';
import type { AppendRequest } from './children/append-commands';
import type { RecallServerChildSpec } from './children/recall-server';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '../../../..');

/** One line the child reported on stdout (a phase marker, an ack, an append reply). */
export type ChildReport = Record<string, unknown> & {
  phase?: string;
  clientMessageId?: string;
  clientMessageIds?: string[];
};

/** A Recall server running in a child process. */
export interface ServerProcess {
  readonly port: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** Every `clientMessageId` the child reported acking, in order. */
  readonly acks: string[];
  /** Every line the child reported, in order (phase markers included). */
  readonly reports: ChildReport[];
  /** Resolves with the first report (past or future) matching `predicate`. */
  waitForReport(
    predicate: (report: ChildReport) => boolean,
    timeoutMs?: number,
  ): Promise<ChildReport>;
  /**
   * Appends `events` to a session's log through the child's storage, `batchSize` per append;
   * resolves with the last seq once the child has appended them all.
   */
  append(options: {
    sessionId: string;
    events: PublishedEvent[];
    batchSize?: number;
    pauseMs?: number;
  }): Promise<number>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** Graceful stop (SIGTERM), then wait for the exit. */
  stop(): Promise<void>;
}

let requestCounter = 0;

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
  const reports: ChildReport[] = [];
  const waiters = new Set<{
    predicate: (report: ChildReport) => boolean;
    resolve: (report: ChildReport) => void;
  }>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A killed child's stdin may still be written to by a late request.
  child.stdin.on('error', () => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const report = JSON.parse(line) as ChildReport & { ack?: string };
    reports.push(report);
    if (report.ack !== undefined) acks.push(report.ack);
    for (const waiter of waiters) if (waiter.predicate(report)) waiter.resolve(report);
  });

  function waitForReport(
    predicate: (report: ChildReport) => boolean,
    timeoutMs = 10_000,
  ): Promise<ChildReport> {
    const seen = reports.find(predicate);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        resolve: (report: ChildReport) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(report);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No matching report from the server child within ${timeoutMs} ms.`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.has(waiter)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        reject(new Error(`Server child exited before the report:\n${stderr}`));
      });
    });
  }

  let ready: ChildReport;
  try {
    ready = await waitForReport((report) => report.ready !== undefined, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port: Number(ready.ready),
    child,
    acks,
    reports,
    waitForReport,
    async append({ sessionId, events, batchSize = 1, pauseMs = 0 }) {
      requestCounter += 1;
      const requestId = `append-${requestCounter}`;
      const request: AppendRequest = {
        append: { requestId, sessionId, events, batchSize, pauseMs },
      };
      const reply = waitForReport(
        (report) => report.appended === requestId || report.appendFailed === requestId,
        60_000,
      );
      child.stdin.write(`${JSON.stringify(request)}\n`);
      const answer = await reply;
      if (answer.appendFailed !== undefined) throw new Error(String(answer.error));
      return Number(answer.lastSeq);
    },
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
