// A Recall server in its own process, for SIGKILL and multi-node tests. Prints one JSON line
// per fact: {"ready":port} once listening, {"ack":id} right before an ack goes out, and phase
// markers ({"phase":…}) at the probe points of T8/C6 so the parent can SIGKILL right there:
// `command-received` → `append-start` → (appendDelayMs) → `append-done` → `appended` →
// (ackDelayMs) → ack. Reads append requests from stdin (see `append-commands.ts`).
import type { StorageAdapter } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createRecallServer } from '../../../src/server/create-recall-server';
import type { RecallServerEngine } from '../../../src/server/engine-port';
import { createEngineSetup } from '../engine-setup';
import { authenticateTestUser } from '../test-server';
import { serveAppendRequests } from './append-commands';
import { withAppendProbe } from './probed-storage';

/** What the parent asks for, passed as JSON in argv[2]. */
export interface RecallServerChildSpec {
  storage: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; connectionString: string };
  /** Save the test recall set first (once per database). */
  saveRecallSet: boolean;
  chunkDelayMs?: number;
  heartbeatIntervalMs?: number;
  /** Hold matching appends this long after `append-start` (a kill window before the write). */
  appendDelayMs?: number;
  /** Event types whose appends are held. @default every append */
  delayedEventTypes?: string[];
  /** Wait this long between a command's durable append and its ack (a kill window). */
  ackDelayMs?: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as RecallServerChildSpec;
const report = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const baseStorage: StorageAdapter =
  spec.storage.driver === 'pglite'
    ? await createPGliteStorage({ dataDir: spec.storage.dataDir })
    : await createPostgresStorage({ connectionString: spec.storage.connectionString });
// One wrapper object for the engine and the server alike (a process-scoped storage's rule).
const storage = withAppendProbe(baseStorage, {
  ...(spec.appendDelayMs === undefined ? {} : { appendDelayMs: spec.appendDelayMs }),
  ...(spec.delayedEventTypes === undefined ? {} : { delayedEventTypes: spec.delayedEventTypes }),
  report,
});
const { engine } = await createEngineSetup({
  storage,
  saveRecallSet: spec.saveRecallSet,
  chunkDelayMs: spec.chunkDelayMs ?? 0,
});

// The oracle learns of every ack before the client can (N1: acked means durable).
const reportingEngine: RecallServerEngine = {
  startSession: (...args) => engine.startSession(...args),
  subscribe: (...args) => engine.subscribe(...args),
  close: () => engine.close(),
  async dispatch(sessionId, command) {
    if (command.type !== 'user_message') return engine.dispatch(sessionId, command);
    const { clientMessageId } = command;
    report({ phase: 'command-received', clientMessageId });
    const result = await engine.dispatch(sessionId, command);
    report({ phase: 'appended', clientMessageId, status: result.status });
    if ((spec.ackDelayMs ?? 0) > 0) await sleep(spec.ackDelayMs ?? 0);
    report({ ack: clientMessageId, status: result.status });
    return result;
  },
};

const server = createRecallServer({
  engine: reportingEngine,
  storage,
  authenticate: authenticateTestUser,
  port: 0,
  heartbeatIntervalMs: spec.heartbeatIntervalMs ?? 0,
  rateLimit: false,
  userRateLimit: false,
  logger: {},
});
await server.ready;
serveAppendRequests(storage, report);
report({ ready: server.address()?.port });

process.on('SIGTERM', () => {
  void server.close().then(async () => {
    await baseStorage.close();
    process.exit(0);
  });
});
