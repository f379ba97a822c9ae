import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createTestClient,
  isStreaming,
  messagesOf,
  waitForQuiet,
  waitForSnapshot,
} from './harness/client-helpers';
import { comparable, replayStoredLog } from './harness/oracle';
import { type ServerProcess, startServerProcess } from './harness/server-process';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a turn cut off by SIGKILL is finished by the restarted server (T8)', () => {
  test('the learner only reconnects: the cut-off reply is closed, the same message answered anew, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recall-ws-finish-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const spec = { storage: { driver: 'pglite' as const, dataDir }, chunkDelayMs: 10 };
    let server: ServerProcess = await startServerProcess({ ...spec, saveRecallSet: true });
    cleanups.push(() => server.kill());
    const proxy: FaultProxy = await startFaultProxy(server.port);
    cleanups.push(() => proxy.close());
    const learner = createTestClient({
      url: `ws://127.0.0.1:${proxy.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
    });
    cleanups.push(() => learner.close());
    await waitForSnapshot(
      learner,
      (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
      15_000,
    );

    const id = learner.sendMessage('RECALL-p1 ATP synthase makes ATP, tell me more in detail');
    await waitForSnapshot(learner, (snapshot) => isStreaming(snapshot), 10_000);
    await server.kill();
    server = await startServerProcess({ ...spec, saveRecallSet: false });
    proxy.retarget(server.port);

    // Nothing more is sent: reconnecting is enough for the turn to be finished.
    const final = await waitForSnapshot(
      learner,
      (snapshot) =>
        snapshot.connection === 'open' &&
        !isStreaming(snapshot) &&
        messagesOf(snapshot).at(-1)?.status === 'complete' &&
        messagesOf(snapshot).length === 4,
      20_000,
    );
    await waitForQuiet(learner, 300, 10_000);
    const settled = learner.getSnapshot();
    await server.stop();

    const storage = await createPGliteStorage({ dataDir });
    cleanups.push(() => storage.close());
    const { sessionId } = final.session;
    const events = await storage.read(sessionId);
    const message = events.findIndex(
      (event) => event.type === 'user_message' && event.data.clientMessageId === id,
    );
    const replies = events
      .slice(message + 1)
      .flatMap((event) => (event.type === 'assistant_message' ? [event.data] : []));
    expect(replies.map((reply) => reply.interrupted === true)).toEqual([true, false]);
    expect(events.filter((event) => event.type === 'user_message')).toHaveLength(1);
    expect(final.session.recalledPointIds).toEqual(['p1']);
    expect(messagesOf(settled).map((line) => [line.role, line.status])).toEqual([
      ['assistant', 'complete'],
      ['user', 'sent'],
      ['assistant', 'interrupted'],
      ['assistant', 'complete'],
    ]);
    expect(comparable(settled)).toEqual(comparable(await replayStoredLog(storage, sessionId)));
  }, 60_000);
});
