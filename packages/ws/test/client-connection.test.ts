import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { createRecallClient } from '../src/client/create-recall-client';
import { createTestClient, messagesOf, waitForSnapshot } from './harness/client-helpers';
import { makeRecallSet } from './harness/fixtures';
import { waitForConvergence } from './harness/oracle';
import { useSharedSetServers } from './harness/shared-set';
import { startTestServer } from './harness/test-server';

// How a connection ends (close codes, refused sessions): client-close-codes.test.ts.
const { servers, serve, track, connectAlice } = useSharedSetServers();

describe('createRecallClient options', () => {
  test('rejects impossible combinations with a TypeError', () => {
    const base = { url: 'ws://127.0.0.1:1/ws', WebSocket, storage: null, autoConnect: false };
    expect(() => createRecallClient({ ...base })).toThrow(TypeError);
    expect(() => createRecallClient({ ...base, recallSetId: 'a', sessionId: 'b' })).toThrow(
      TypeError,
    );
    expect(() => createRecallClient({ ...base, url: '', recallSetId: 'a' })).toThrow(TypeError);
    expect(() => createRecallClient({ ...base, recallSetId: 'a', heartbeatIntervalMs: 0 })).toThrow(
      TypeError,
    );
    expect(() =>
      createRecallClient({ ...base, recallSetId: 'a', reconnect: { jitter: 3 } }),
    ).toThrow(TypeError);
    // A missing global WebSocket is not an option error: see client-without-websocket.test.ts.
  });
});

describe('connection lifecycle', () => {
  test('idle → connecting → open; the session id is learned from session_started', async () => {
    const server = await serve();
    const client = track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
        autoConnect: false,
      }),
    );
    expect(client.getSnapshot()).toMatchObject({ connection: 'idle', outbox: 0 });
    client.connect();
    expect(client.getSnapshot().connection).toBe('connecting');
    const snapshot = await waitForSnapshot(client, (current) => current.status === 'active');
    expect(snapshot.connection).toBe('open');
    expect(snapshot.session.sessionId).toEqual(expect.any(String));
    expect(client.snapshots.map((entry) => entry.connection)).toEqual(
      expect.arrayContaining(['idle', 'connecting', 'open']),
    );
    await waitForConvergence(client, server.storage);
  });

  test('snapshots are immutable and replaced only on change; unsubscribe stops notifications', async () => {
    const server = await serve();
    const client = connectAlice(server);
    await waitForSnapshot(client, (current) => current.status === 'active');
    const before = client.getSnapshot();
    expect(client.getSnapshot()).toBe(before);
    let calls = 0;
    const unsubscribe = client.subscribe(() => {
      calls += 1;
    });
    client.sendMessage('one');
    expect(client.getSnapshot()).not.toBe(before);
    expect(before.outbox).toBe(0);
    expect(calls).toBeGreaterThan(0);
    unsubscribe();
    const seen = calls;
    client.sendMessage('two');
    expect(calls).toBe(seen);
  });

  test('a message shows at once as pending, turns sent on ack, and is never duplicated by its echo', async () => {
    const server = await serve();
    const client = connectAlice(server);
    await waitForSnapshot(client, (current) => current.status === 'active');
    const id = client.sendMessage('Mitochondria make ATP.');
    expect(client.getSnapshot().outbox).toBe(1);
    expect(messagesOf(client.getSnapshot()).at(-1)).toMatchObject({
      id,
      status: 'pending',
      content: 'Mitochondria make ATP.',
    });
    const snapshot = await waitForSnapshot(
      client,
      (current) => current.outbox === 0 && current.session.lastSeq === 2,
    );
    expect(messagesOf(snapshot).filter((message) => message.role === 'user')).toEqual([
      {
        kind: 'message',
        id,
        role: 'user',
        content: 'Mitochondria make ATP.',
        status: 'sent',
        clientMessageId: id,
      },
    ]);
    await waitForConvergence(client, server.storage, { sentClientMessageIds: [id] });
  });

  test('commands are sent one at a time in order and each is processed once', async () => {
    const server = await serve();
    const client = connectAlice(server);
    const ids = ['a', 'b', 'c', 'd', 'e'].map((text) => client.sendMessage(text));
    await waitForConvergence(client, server.storage, { sentClientMessageIds: ids });
    expect(server.feed?.commands.map((command) => command.clientMessageId)).toEqual(ids);
  });
});

describe('rate limits (X14, client side)', () => {
  test('a rate-limited command stays pending, is resent after retryAfterMs, and is processed once', async () => {
    const server = await startTestServer({
      heartbeatIntervalMs: 0,
      rateLimit: { burst: 1, refillPerSecond: 5 },
    });
    servers.push(server);
    await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const client = connectAlice(server);
    const ids = ['one', 'two', 'three'].map((text) => client.sendMessage(text));
    await waitForSnapshot(client, (snapshot) => snapshot.lastError?.code === 'RATE_LIMITED');
    expect(
      messagesOf(client.getSnapshot()).filter((message) => message.status === 'failed'),
    ).toEqual([]);
    await waitForConvergence(client, server.storage, { sentClientMessageIds: ids });
    expect(server.feed?.commands.map((command) => command.clientMessageId)).toEqual(ids);
    expect(server.logs.filter((entry) => entry.message === 'rate limited').length).toBeGreaterThan(
      0,
    );
  });
});
