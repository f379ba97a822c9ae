// A Recall server in its own process, for SIGKILL and multi-node tests. Prints one JSON line
// per fact: {"ready":port} once listening, {"ack":id} right before an ack goes out.
import type { StorageAdapter } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createRecallServer } from '../../../src/server/create-recall-server';
import type { RecallServerEngine } from '../../../src/server/engine-port';
import { createEngineSetup } from '../engine-setup';
import { authenticateTestUser } from '../test-server';

/** What the parent asks for, passed as JSON in argv[2]. */
export interface RecallServerChildSpec {
  storage: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; connectionString: string };
  /** Save the test recall set first (once per database). */
  saveRecallSet: boolean;
  chunkDelayMs?: number;
  heartbeatIntervalMs?: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as RecallServerChildSpec;
const report = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const storage: StorageAdapter =
  spec.storage.driver === 'pglite'
    ? await createPGliteStorage({ dataDir: spec.storage.dataDir })
    : await createPostgresStorage({ connectionString: spec.storage.connectionString });
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
  leaveSession: (...args) => engine.leaveSession(...args),
  dismissOverlay: (...args) => engine.dismissOverlay(...args),
  enterRabbithole: (...args) => engine.enterRabbithole(...args),
  exitRabbithole: (...args) => engine.exitRabbithole(...args),
  declineRabbithole: (...args) => engine.declineRabbithole(...args),
  async sendUserMessage(...args) {
    const result = await engine.sendUserMessage(...args);
    report({ ack: args[2]?.clientMessageId, status: result.status });
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
  logger: {},
});
await server.ready;
report({ ready: server.address()?.port });

process.on('SIGTERM', () => {
  void server.close().then(async () => {
    await storage.close();
    process.exit(0);
  });
});
