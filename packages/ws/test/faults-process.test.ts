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

describe('server killed with SIGKILL and restarted on the same storage (T8)', () => {
  test('mid-stream, right after an ack, and idle with a message typed while down: acked is durable, nothing lost or doubled', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recall-ws-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const spec = { storage: { driver: 'pglite' as const, dataDir }, chunkDelayMs: 10 };
    const acks: string[] = [];
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
    async function restart(): Promise<void> {
      acks.push(...server.acks);
      await server.kill();
      server = await startServerProcess({ ...spec, saveRecallSet: false });
      proxy.retarget(server.port);
    }
    const sent: string[] = [];
    await waitForSnapshot(
      learner,
      (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
      15_000,
    );

    // Mid-stream: the response is cut short by the crash.
    sent.push(learner.sendMessage('RECALL-p1 ATP synthase makes ATP, tell me more in detail'));
    await waitForSnapshot(learner, (snapshot) => isStreaming(snapshot), 10_000);
    await restart();

    // Right after an ack left the server.
    const id = learner.sendMessage('NEAR-p2 something about sugar');
    sent.push(id);
    await expect.poll(() => server.acks, { timeout: 10_000, interval: 5 }).toContain(id);
    await restart();

    // Idle, then typed while the server is down.
    await waitForQuiet(learner);
    acks.push(...server.acks);
    await server.kill();
    sent.push(learner.sendMessage('RECALL-p3 the Krebs cycle releases carbon dioxide'));
    await waitForSnapshot(learner, (snapshot) => snapshot.connection === 'reconnecting');
    server = await startServerProcess({ ...spec, saveRecallSet: false });
    proxy.retarget(server.port);

    await waitForQuiet(learner, 500, 20_000);
    const final = learner.getSnapshot();
    acks.push(...server.acks);
    await server.stop();

    const storage = await createPGliteStorage({ dataDir });
    cleanups.push(() => storage.close());
    const events = await storage.read(final.session.sessionId);
    const stored = events.flatMap((event) =>
      event.type === 'user_message' && event.data.clientMessageId !== undefined
        ? [event.data.clientMessageId]
        : [],
    );
    // N1: every ack the server sent is in the log. N2: every sent command exactly once, in order.
    for (const acked of acks) expect(stored).toContain(acked);
    expect(stored).toEqual(sent);
    // N4: the client's state is the replay of the log.
    expect(comparable(final)).toEqual(
      comparable(await replayStoredLog(storage, final.session.sessionId)),
    );
    expect(final.session.recalledPointIds).toEqual(['p1', 'p3']);
  }, 60_000);
});
