import { afterEach, describe, expect, test } from 'vitest';
import type { RecallClient } from '../src/client/client-options';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';
import {
  createMemoryClientStorage,
  createProbeWebSocket,
  createTestClient,
  isStreaming,
  itemsOf,
  messagesOf,
  rabbitholeLabelsOf,
  rabbitholeTopicOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { comparable, replayStoredLog, waitForConvergence } from './harness/oracle';
import { openRawClient } from './harness/raw-client';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';
import { authenticateTestUser, createRecordingLogger } from './harness/test-server';

const servers: RecallServer[] = [];
const proxies: FaultProxy[] = [];
const clients: RecallClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startEngineServer(options: Parameters<typeof createEngineSetup>[0] = {}) {
  const setup = await createEngineSetup(options);
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
  return { ...setup, server, port: server.address()?.port ?? 0 };
}

function client(url: string, extra: Partial<Parameters<typeof createTestClient>[0]> = {}) {
  const target = extra.sessionId === undefined ? { recallSetId: 'cell-energy' } : {};
  const created = createTestClient({ url, ...target, userToken: 'token-alice', ...extra });
  clients.push(created);
  return created;
}

describe('a full session over a real socket', () => {
  test('start, recalls, near miss, rabbit holes, overlay, leave → paused, reload and resume → complete', async () => {
    const setup = await startEngineServer();
    const url = `ws://127.0.0.1:${setup.port}/ws`;
    const storage = createMemoryClientStorage();
    const learner = client(url, { storage });

    // Start: the opening question streams as a normal response.
    let snapshot = await waitForSnapshot(learner, (current) =>
      messagesOf(current).some((message) => message.status === 'complete'),
    );
    expect(snapshot).toMatchObject({ status: 'active', displayedRecalledCount: 0 });
    expect(snapshot.session).toMatchObject({ totalPoints: 3, recalledPointIds: [] });
    const sessionId = snapshot.session.sessionId;

    // A recall, with the point's resources shown.
    learner.sendMessage('RECALL-p1 ATP synthase turns ADP into ATP.');
    snapshot = await waitForSnapshot(
      learner,
      (current) =>
        current.session.recalledPointIds.length === 1 &&
        !isStreaming(current) &&
        current.outbox === 0,
    );
    expect(snapshot.session.recalledPointIds).toEqual(['p1']);
    expect(itemsOf(snapshot, 'image').map((image) => image.resourceId)).toEqual(['diagram']);
    expect(itemsOf(snapshot, 'resource').map((resource) => resource.resourceId)).toEqual(['notes']);

    // A near miss.
    learner.sendMessage('NEAR-p2 glucose gets split somehow');
    snapshot = await waitForSnapshot(
      learner,
      (current) => itemsOf(current, 'near_miss').length === 1,
    );
    expect(itemsOf(snapshot, 'near_miss')[0]).toMatchObject({
      pointId: 'p2',
      feedback: 'Almost: be precise.',
    });

    // A tangent offered, declined.
    learner.sendMessage('TANGENT-mitochondria where did they come from?');
    snapshot = await waitForSnapshot(learner, (current) => current.rabbitholePrompt !== null);
    expect(snapshot.rabbitholePrompt).toMatchObject({
      topic: 'mitochondria',
      label: 'About mitochondria',
    });
    learner.declineRabbithole();
    expect(learner.getSnapshot().rabbitholePrompt).toBeNull();
    await waitForSnapshot(learner, (current) => current.outbox === 0);

    // Another tangent, entered; a recall inside is counted but displayed only on exit.
    learner.sendMessage('TANGENT-enzymes how do enzymes work?');
    await waitForSnapshot(
      learner,
      (current) => current.rabbitholePrompt?.topic === 'enzymes' && !isStreaming(current),
    );
    learner.enterRabbithole();
    snapshot = await waitForSnapshot(
      learner,
      (current) => current.session.mode === 'rabbithole' && current.outbox === 0,
    );
    expect(rabbitholeTopicOf(snapshot)).toBe('enzymes');
    learner.sendMessage('RECALL-p2 and glycolysis splits glucose, by the way');
    snapshot = await waitForSnapshot(
      learner,
      (current) => current.session.recalledPointIds.length === 2 && !isStreaming(current),
    );
    expect(snapshot.displayedRecalledCount).toBe(1);
    expect(messagesOf(snapshot).at(-1)).toMatchObject({
      role: 'assistant',
      agent: 'rabbithole',
      status: 'complete',
    });
    learner.exitRabbithole();
    snapshot = await waitForSnapshot(
      learner,
      (current) => current.session.mode === 'recall' && current.outbox === 0,
    );
    expect(snapshot.displayedRecalledCount).toBe(2);
    expect(rabbitholeLabelsOf(snapshot)).toEqual(['About enzymes']);
    // The timeline marks where the learner went in and came back, in log order.
    expect(snapshot.timeline.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['rabbithole_entered', 'rabbithole_exited']),
    );

    // Leave → paused.
    learner.leaveSession();
    snapshot = await waitForSnapshot(
      learner,
      (current) => current.status === 'paused' && current.outbox === 0,
    );
    await waitForConvergence(learner, setup.storage);
    const beforeDisconnect = snapshot;

    // A reconnect of the same session (a second tab attaching) rebuilds the same state.
    const attached = client(url, { sessionId });
    await waitForSnapshot(
      attached,
      (current) => current.session.lastSeq === beforeDisconnect.session.lastSeq,
    );
    expect(comparable(attached.getSnapshot())).toEqual(comparable(beforeDisconnect));
    attached.close();

    // The page is reloaded later: the set's paused session resumes with its history.
    learner.close();
    const reloaded = client(url, { storage });
    snapshot = await waitForSnapshot(
      reloaded,
      (current) =>
        current.status === 'active' &&
        !isStreaming(current) &&
        current.session.lastSeq > beforeDisconnect.session.lastSeq,
    );
    expect(snapshot.session.sessionId).toBe(sessionId);
    expect(snapshot.session.recalledPointIds).toEqual(['p1', 'p2']);
    // The history shows exactly as before, in the same order; the resume adds to it.
    expect(snapshot.timeline.slice(0, beforeDisconnect.timeline.length)).toEqual(
      beforeDisconnect.timeline,
    );

    // Finish: the last recall shows the overlay; dismiss it; leave → completed.
    reloaded.sendMessage('RECALL-p3 the Krebs cycle releases CO2');
    snapshot = await waitForSnapshot(
      reloaded,
      (current) => current.completionOverlay !== null && !isStreaming(current),
    );
    expect(snapshot.completionOverlay).toMatchObject({ recalledCount: 3, totalPoints: 3 });
    reloaded.dismissOverlay();
    expect(reloaded.getSnapshot().completionOverlay).toBeNull();
    reloaded.leaveSession();
    snapshot = await waitForSnapshot(reloaded, (current) => current.status === 'completed');
    expect(snapshot.session.summary).toMatchObject({
      recalledCount: 3,
      totalPoints: 3,
      rabbitholeCount: 1,
    });
    await waitForConvergence(reloaded, setup.storage);
  }, 20_000);

  test('engine rejections become typed errors on the command, the socket stays open', async () => {
    const setup = await startEngineServer();
    const raw = await openRawClient(
      `ws://127.0.0.1:${setup.port}/ws?recallSetId=cell-energy&token=token-alice`,
    );
    await raw.waitForEvent('assistant_streaming_end');
    raw.send({ type: 'exit_rabbithole', clientMessageId: 'x1' });
    raw.send({
      type: 'enter_rabbithole',
      rabbitholeEventId: 'nope',
      topic: 'nope',
      clientMessageId: 'x2',
    });
    raw.send({ type: 'user_message', content: '   ', clientMessageId: 'x3' });
    raw.send({ type: 'ping' });
    await raw.waitFor((message) => message.type === 'pong');
    const errors = await Promise.all(
      ['x1', 'x2'].map((id) =>
        raw.waitFor((message) => message.type === 'error' && message.clientMessageId === id),
      ),
    );
    expect(errors.map((error) => 'code' in error && error.code)).toEqual([
      'NOT_IN_RABBITHOLE',
      'RABBITHOLE_NOT_PENDING',
    ]);
    expect(
      raw.messages.find((message) => message.type === 'error' && message.clientMessageId === 'x3'),
    ).toMatchObject({ code: 'INVALID_MESSAGE' });
    raw.send({ type: 'user_message', content: 'still works', clientMessageId: 'x4' });
    await raw.waitFor((message) => message.type === 'ack' && message.clientMessageId === 'x4');
    raw.send({ type: 'user_message', content: 'still works', clientMessageId: 'x4' });
    await raw.waitFor(
      (message) =>
        message.type === 'ack' && raw.messages.filter((other) => other.type === 'ack').length === 2,
    );
    const sessionId = raw.events[0]?.sessionId ?? '';
    await setup.engine.whenIdle(sessionId);
    const events = await setup.storage.read(sessionId);
    expect(events.filter((event) => event.type === 'user_message')).toHaveLength(1);
    raw.close();
  });
});

describe('streaming across a cut (T3)', () => {
  test.each([
    ['with nothing else logged during the stream', 'tell me everything'],
    [
      'with a recall logged mid-stream (resume cursor past the stream start)',
      'RECALL-p1 tell me everything',
    ],
  ])(
    'a response cut mid-stream ends with its full text exactly once, %s',
    async (_label, text) => {
      const words = Array.from({ length: 30 }, (_, index) => `word${index}`);
      const setup = await startEngineServer({
        chunkDelayMs: 15,
        tutor: (request) => (request.kindIndex === 1 ? words.join(' ') : 'Opening question?'),
      });
      const proxy = await startFaultProxy(setup.port);
      proxies.push(proxy);
      const probe = createProbeWebSocket();
      const learner = client(`ws://127.0.0.1:${proxy.port}/ws`, { WebSocket: probe.WebSocket });
      await waitForSnapshot(learner, (current) =>
        messagesOf(current).some((message) => message.status === 'complete'),
      );
      learner.sendMessage(text);
      await waitForSnapshot(
        learner,
        (current) =>
          isStreaming(current) &&
          (messagesOf(current).at(-1)?.content.length ?? 0) > 20 &&
          current.session.recalledPointIds.length === (text.startsWith('RECALL') ? 1 : 0),
      );
      const framesBeforeCut = probe.frames.length;
      proxy.cutAll();
      await waitForSnapshot(learner, (current) => current.connection === 'reconnecting');
      await waitForSnapshot(learner, (current) => current.connection === 'open');
      const final = await waitForSnapshot(
        learner,
        (current) => messagesOf(current).at(-1)?.status === 'complete' && !isStreaming(current),
      );
      expect(messagesOf(final).at(-1)?.content).toBe(words.join(' '));
      // After the resume: one snapshot chunk with the text so far, then the next indexes live.
      const chunks = probe.frames.slice(framesBeforeCut).filter((frame) => frame.type === 'chunk');
      expect(chunks[0]).toMatchObject({ snapshot: true });
      const snapshotIndex = chunks[0]?.index as number;
      expect(chunks.slice(1).map((chunk) => chunk.index)).toEqual(
        Array.from({ length: chunks.length - 1 }, (_, offset) => snapshotIndex + 1 + offset),
      );
      expect(chunks.length).toBeGreaterThan(1);
      const sessionId = final.session.sessionId;
      const stored = (await setup.storage.read(sessionId)).filter(
        (event) => event.type === 'assistant_streaming_end',
      );
      expect(stored.at(-1)?.data).toMatchObject({ fullContent: words.join(' '), totalChunks: 30 });
      await waitForConvergence(learner, setup.storage);
      expect(comparable(learner.getSnapshot())).toEqual(
        comparable(await replayStoredLog(setup.storage, sessionId)),
      );
    },
    15_000,
  );
});
