import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { RecallClient } from '../src/client/client-options';
import { createRecallClient } from '../src/client/create-recall-client';
import { persistenceKey } from '../src/client/session-store';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import {
  createMemoryClientStorage,
  createTestClient,
  messagesOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { makeRecallSet } from './harness/fixtures';
import { waitForConvergence } from './harness/oracle';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
const clients: RecallClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve() {
  const server = await startTestServer({ heartbeatIntervalMs: 0 });
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

function track<T extends RecallClient>(client: T): T {
  clients.push(client);
  return client;
}

/** Alice's client on the shared recall set of `server`, tracked for cleanup. */
function connectAlice(server: TestServer) {
  return track(
    createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      recallSetId: 'shared',
      userToken: 'token-alice',
    }),
  );
}

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

describe('close codes (T11)', () => {
  test('a revoked user is not retried: closed with UNAUTHORIZED, the outbox kept', async () => {
    const server = await serve();
    const client = connectAlice(server);
    await waitForSnapshot(client, (current) => current.status === 'active');
    server.server.disconnectUser('alice');
    const snapshot = await waitForSnapshot(client, (current) => current.connection === 'closed');
    expect(snapshot.lastError).toMatchObject({ code: 'UNAUTHORIZED' });
    client.sendMessage('typed after logout');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.getSnapshot()).toMatchObject({ connection: 'closed', outbox: 1 });
    expect(server.server.connectionCount).toBe(0);
  });

  test("attaching to another user's session ends in closed with FORBIDDEN, without retrying", async () => {
    const server = await serve();
    const owner = track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
      }),
    );
    const state = await waitForSnapshot(owner, (current) => current.session.sessionId !== '');
    let attempts = 0;
    class CountingWebSocket extends WebSocket {
      constructor(url: string, protocols?: string[]) {
        super(url, protocols);
        attempts += 1;
      }
    }
    const intruder = track(
      createRecallClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        sessionId: state.session.sessionId,
        userToken: 'token-bob',
        storage: null,
        WebSocket: CountingWebSocket,
        reconnect: { initialDelayMs: 5, maxDelayMs: 10 },
      }),
    );
    const snapshot = await waitForSnapshot(intruder, (current) => current.connection === 'closed');
    expect(snapshot).toMatchObject({
      status: 'error',
      lastError: { code: 'FORBIDDEN' },
      timeline: [],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attempts).toBe(1);
  });

  test('a remembered session that no longer exists falls back to the recall set', async () => {
    const server = await serve();
    const storage = createMemoryClientStorage();
    storage.setItem(
      persistenceKey({ recallSetId: 'shared' }),
      JSON.stringify({ version: 1, sessionId: 'gone', lastSeq: 12, outbox: [] }),
    );
    const client = track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
        storage,
      }),
    );
    const snapshot = await waitForSnapshot(client, (current) => current.status === 'active');
    expect(snapshot.session.sessionId).not.toBe('gone');
    expect(server.logs.some((entry) => entry.fields.reason === 'unknown session')).toBe(true);
    await waitForConvergence(client, server.storage);
    expect(
      JSON.parse(storage.getItem(persistenceKey({ recallSetId: 'shared' })) ?? '{}'),
    ).toMatchObject({
      sessionId: snapshot.session.sessionId,
    });
  });

  test('a remembered session of another user falls back to the recall set once, then stops if that is refused too', async () => {
    const server = await serve();
    await server.storage.saveRecallSet(makeRecallSet({ id: 'alice-set', ownerId: 'alice' }));
    const owner = track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
      }),
    );
    const aliceSession = (
      await waitForSnapshot(owner, (current) => current.session.sessionId !== '')
    ).session.sessionId;

    // Bob's tab remembers Alice's session id (a shared device): refused, then a fresh start.
    const storage = createMemoryClientStorage();
    storage.setItem(
      persistenceKey({ recallSetId: 'shared' }),
      JSON.stringify({ version: 1, sessionId: aliceSession, lastSeq: 1, outbox: [] }),
    );
    const bob = track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-bob',
        storage,
      }),
    );
    const resumed = await waitForSnapshot(bob, (current) => current.status === 'active');
    expect(resumed.session.sessionId).not.toBe(aliceSession);

    // A remembered session whose set is refused as well: exactly two attempts, then closed.
    const urls: string[] = [];
    class RecordingWebSocket extends WebSocket {
      constructor(url: string, protocols?: string[]) {
        super(url, protocols);
        urls.push(url);
      }
    }
    const refusedStorage = createMemoryClientStorage();
    refusedStorage.setItem(
      persistenceKey({ recallSetId: 'alice-set' }),
      JSON.stringify({ version: 1, sessionId: 'no-such-session', lastSeq: 3, outbox: [] }),
    );
    const stopped = track(
      createRecallClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'alice-set',
        userToken: 'token-bob',
        storage: refusedStorage,
        WebSocket: RecordingWebSocket,
        reconnect: { initialDelayMs: 5, maxDelayMs: 10 },
      }),
    );
    const final = await waitForSnapshot(stopped, (current) => current.connection === 'closed');
    expect(final).toMatchObject({ status: 'error', lastError: { code: 'FORBIDDEN' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls.map((url) => new URL(url).searchParams.has('sessionId'))).toEqual([true, false]);
  });

  test('close() closes for good', async () => {
    const server = await serve();
    const client = createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      recallSetId: 'shared',
      userToken: 'token-alice',
    });
    await waitForSnapshot(client, (current) => current.connection === 'open');
    client.close();
    expect(client.getSnapshot().connection).toBe('closed');
    client.connect();
    client.retry();
    expect(client.getSnapshot().connection).toBe('closed');
    expect(CLOSE_CODES.NORMAL.code).toBe(1000);
    await expect.poll(() => server.server.connectionCount).toBe(0);
  });
});
