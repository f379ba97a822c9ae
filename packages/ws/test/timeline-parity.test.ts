import { redactSessionEvent } from '@recall/core';
import { afterEach, describe, expect, test } from 'vitest';
import type { RecallClient } from '../src/client/client-options';
import { createRecallClient } from '../src/client/create-recall-client';
import { createReplayClient } from '../src/client/replay-client';
import type { RecallClientSnapshot } from '../src/client/snapshot';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';
import { createInProcessTransport } from '../src/testing/in-process-transport';
import {
  createMemoryClientStorage,
  createTestClient,
  isStreaming,
  waitForSnapshot,
} from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { comparable } from './harness/oracle';
import { openRawClient } from './harness/raw-client';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';
import { authenticateTestUser, createRecordingLogger } from './harness/test-server';

// One session, seen six ways: the learner's live tab, a second tab, the same tab after a
// reload, a tab that lost its link mid-session and resumed, a replay of the stored log, and a
// client served in-process from the same engine. Every one shows the same timeline.

const servers: RecallServer[] = [];
const clients: RecallClient[] = [];
const proxies: FaultProxy[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const settled = (snapshot: RecallClientSnapshot) =>
  snapshot.status === 'active' && snapshot.outbox === 0 && !isStreaming(snapshot);

describe('one timeline, however the session is seen', () => {
  test('live, second tab, reload, resume, replay and in-process show the same items in the same order', async () => {
    const setup = await createEngineSetup({ chunkDelayMs: 2 });
    const server = createRecallServer({
      engine: setup.engine,
      storage: setup.storage,
      authenticate: authenticateTestUser,
      logger: createRecordingLogger(),
      port: 0,
      heartbeatIntervalMs: 0,
    });
    servers.push(server);
    await server.ready;
    const proxy = await startFaultProxy(server.address()?.port ?? 0);
    proxies.push(proxy);
    const url = `ws://127.0.0.1:${proxy.port}/ws`;
    const tabStorage = createMemoryClientStorage();
    const learner = createTestClient({
      url,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
      storage: tabStorage,
    });
    clients.push(learner);

    await waitForSnapshot(learner, settled);
    const say = async (text: string) => {
      learner.sendMessage(text);
      await waitForSnapshot(
        learner,
        (snapshot) =>
          (settled(snapshot) && snapshot.timeline.at(-1)?.kind !== 'message') ||
          (settled(snapshot) &&
            snapshot.timeline.at(-1)?.kind === 'message' &&
            (snapshot.timeline.at(-1) as { role: string }).role === 'assistant'),
      );
    };
    await say('RECALL-p1 ATP synthase makes ATP');
    await say('NEAR-p2 glucose is split');
    await say('TANGENT-enzymes how do enzymes work?');
    learner.enterRabbithole();
    await waitForSnapshot(
      learner,
      (snapshot) => settled(snapshot) && snapshot.session.mode === 'rabbithole',
    );
    // A cut mid-session: the tab reconnects and resumes after its last seq.
    proxy.cutAll();
    await waitForSnapshot(learner, (snapshot) => snapshot.connection === 'reconnecting');
    await say('RECALL-p2 glycolysis splits glucose into two pyruvate');
    learner.exitRabbithole();
    await waitForSnapshot(
      learner,
      (snapshot) => settled(snapshot) && snapshot.session.mode === 'recall',
    );
    const live = learner.getSnapshot();
    const kinds = live.timeline.map((item) => (item.kind === 'message' ? item.role : item.kind));
    expect(kinds).toEqual(
      expect.arrayContaining([
        'image',
        'resource',
        'near_miss',
        'rabbithole_entered',
        'rabbithole_exited',
      ]),
    );
    // The image and resource follow the reply whose turn showed them, not the end.
    expect(kinds.indexOf('image')).toBeLessThan(kinds.indexOf('near_miss'));

    const sessionId = live.session.sessionId;
    const secondTab = createTestClient({ url, sessionId, userToken: 'token-alice' });
    clients.push(secondTab);
    await waitForSnapshot(
      secondTab,
      (snapshot) => settled(snapshot) && snapshot.session.lastSeq === live.session.lastSeq,
    );

    learner.close();
    const reloaded = createTestClient({
      url,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
      storage: tabStorage,
    });
    clients.push(reloaded);
    await waitForSnapshot(
      reloaded,
      (snapshot) => settled(snapshot) && snapshot.session.lastSeq === live.session.lastSeq,
    );

    const replayed = createReplayClient({
      events: (await setup.storage.read(sessionId)).map(redactSessionEvent),
    }).getSnapshot();

    const transport = createInProcessTransport({ engine: setup.engine, userId: 'alice' });
    const inProcess = createRecallClient({
      url: transport.url,
      sessionId,
      WebSocket: transport.WebSocket,
      storage: null,
    });
    clients.push(inProcess);
    await waitForSnapshot(
      inProcess,
      (snapshot) => settled(snapshot) && snapshot.session.lastSeq === live.session.lastSeq,
    );

    for (const other of [
      secondTab.getSnapshot(),
      reloaded.getSnapshot(),
      replayed,
      inProcess.getSnapshot(),
    ]) {
      expect(other.timeline).toEqual(live.timeline);
      expect(comparable(other)).toEqual(comparable(live));
    }
  }, 30_000);

  test('the in-process transport writes byte-identical history frames to the Node server', async () => {
    const setup = await createEngineSetup();
    const server = createRecallServer({
      engine: setup.engine,
      storage: setup.storage,
      authenticate: authenticateTestUser,
      logger: createRecordingLogger(),
      port: 0,
      heartbeatIntervalMs: 0,
    });
    servers.push(server);
    await server.ready;
    const url = `ws://127.0.0.1:${server.address()?.port}/ws`;
    const learner = createTestClient({ url, recallSetId: 'cell-energy', userToken: 'token-alice' });
    clients.push(learner);
    await waitForSnapshot(learner, settled);
    learner.sendMessage('RECALL-p1 ATP synthase makes ATP');
    await waitForSnapshot(
      learner,
      (snapshot) => settled(snapshot) && snapshot.session.recalledPointIds.length === 1,
    );
    const sessionId = learner.getSnapshot().session.sessionId;
    await setup.engine.whenIdle(sessionId);

    const raw = await openRawClient(`${url}?sessionId=${sessionId}&afterSeq=0&token=token-alice`);
    await raw.waitFor((message) => message.type === 'history_end');
    const transport = createInProcessTransport({ engine: setup.engine, userId: 'alice' });
    const frames: string[] = [];
    const socket = new transport.WebSocket(`${transport.url}?sessionId=${sessionId}&afterSeq=0`, [
      'recall.v2',
    ]);
    socket.onmessage = (event) => frames.push(String(event.data));
    await vi_waitFor(() => frames.some((frame) => frame.includes('"history_end"')));
    const history = (list: readonly string[]) =>
      list.slice(0, list.findIndex((frame) => frame.includes('"history_end"')) + 1);
    expect(history(frames)).toEqual(history(raw.frames));
    socket.close();
    raw.close();
  });
});

async function vi_waitFor(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
