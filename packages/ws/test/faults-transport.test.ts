import { createMemoryStorage } from '@recall/core';
import { describe, expect, test } from 'vitest';
import {
  createTestClient,
  itemsOf,
  messagesOf,
  seqOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { bigResponse, resourceEvents, useFaultServers } from './harness/fault-servers';
import { makeRecallSet } from './harness/fixtures';
import { comparable, waitForConvergence } from './harness/oracle';

// Graceful shutdown (T9) and the reconnect storm (T10): faults-shutdown-storm.test.ts.
const { clients, serve, proxyTo, probedClient } = useFaultServers();

describe('transport faults: the client converges on the log (T1, T2, T4, T5)', () => {
  test('T1 idle reconnect resumes after lastSeq: zero seq-bearing messages are sent again', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client, frames } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    await server.feed!.publish(sessionId, resourceEvents(3));
    const before = await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 4);
    const seen = frames.length;
    proxy.cutAll();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'open');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames.slice(seen).filter((frame) => seqOf(frame) !== undefined)).toEqual([]);
    expect(
      server.logs.filter((entry) => entry.message === 'connected').at(-1)?.fields,
    ).toMatchObject({ afterSeq: 4 });
    expect(comparable(client.getSnapshot())).toEqual(comparable(before));
    await waitForConvergence(client, server.storage);
  });

  test('T2 events produced while offline are replayed in order, exactly once, before live ones', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client, frames } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.refuse();
    proxy.cutAll();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    await server.feed!.publish(sessionId, resourceEvents(5));
    proxy.heal();
    await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 6);
    await server.feed!.publish(sessionId, resourceEvents(2, 'live'));
    await waitForConvergence(client, server.storage);
    const seqs = frames.map(seqOf).filter((seq) => seq !== undefined);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('T4 a cut inside a WebSocket frame discards the torn frame and resumes cleanly', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.cutAfter(1_500, 's2c');
    await server.feed!.publish(sessionId, [bigResponse(1, 20_000), bigResponse(2, 20_000)]);
    await waitForConvergence(client, server.storage);
    expect(messagesOf(client.getSnapshot()).map((message) => message.content.length)).toEqual([
      20_002, 20_002,
    ]);
    expect(client.getSnapshot().lastError).toBeNull();
  });

  test('T5 a resume cursor past the head (a restored server) resyncs from seq 0', async () => {
    const original = await serve();
    const proxy = await proxyTo(original.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    await original.feed!.publish(sessionId, resourceEvents(5));
    await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 6);

    // A server restored from an older backup: the same session, a shorter log.
    const restoredStorage = createMemoryStorage();
    await restoredStorage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const session = await original.storage.getSession(sessionId);
    await restoredStorage.saveSession(session!);
    await restoredStorage.append(sessionId, (await original.storage.read(sessionId)).slice(0, 3), {
      expectedSeq: 0,
    });
    const restored = await serve({ storage: restoredStorage });
    proxy.retarget(restored.port);
    proxy.cutAll();
    await waitForConvergence(client, restoredStorage);
    expect(client.getSnapshot().session.lastSeq).toBe(3);
    expect(itemsOf(client.getSnapshot(), 'resource')).toHaveLength(2);
    expect(
      restored.logs.some((entry) => entry.fields.reason === 'resume cursor out of range'),
    ).toBe(true);
  });
});

describe('liveness (T7) and backpressure (B1)', () => {
  test('T7 a half-open link: the server terminates the peer, the client reconnects once healed', async () => {
    const server = await serve({ heartbeatIntervalMs: 100 });
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`, {
      heartbeatIntervalMs: 100,
      heartbeatTimeoutMs: 150,
    });
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.blackhole();
    const started = Date.now();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect
      .poll(() => server.server.connectionCount, { timeout: 2_000, interval: 10 })
      .toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.logs.some((entry) => entry.message === 'heartbeat missed; terminating')).toBe(
      true,
    );
    await server.feed!.publish(sessionId, resourceEvents(2));
    proxy.heal();
    await waitForConvergence(client, server.storage);
  });

  test('B1 a slow consumer is disconnected at the buffer bound, others are unaffected, it resumes', async () => {
    const server = await serve({ maxBufferedBytes: 1024 * 1024 });
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`, {
      heartbeatIntervalMs: 60_000,
    });
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    const bystander = createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      sessionId,
      userToken: 'token-alice',
    });
    clients.push(bystander);
    await waitForSnapshot(bystander, (snapshot) => snapshot.connection === 'open');

    proxy.pauseReading();
    for (let batch = 0; batch < 40; batch += 1) {
      await server.feed!.publish(
        sessionId,
        Array.from({ length: 5 }, (_, index) => bigResponse(batch * 5 + index, 50_000)),
      );
      // Give the healthy reader time to drain, as a real network would.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await expect
      .poll(() => server.logs.some((entry) => entry.message === 'slow consumer disconnected'))
      .toBe(true);
    // Only the slow socket was cut; memory stayed bounded by maxBufferedBytes per socket.
    expect(
      server.logs.filter((entry) => entry.message === 'slow consumer disconnected'),
    ).toHaveLength(1);
    await waitForConvergence(bystander, server.storage, { timeoutMs: 10_000 });
    proxy.resumeReading();
    await waitForConvergence(client, server.storage, { timeoutMs: 10_000 });
    expect(messagesOf(client.getSnapshot())).toHaveLength(200);
  }, 20_000);
});
