import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { createRecallClient } from '../src/client/create-recall-client';
import { persistenceKey } from '../src/client/persisted-session';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import {
  createMemoryClientStorage,
  createTestClient,
  waitForSnapshot,
} from './harness/client-helpers';
import { makeRecallSet } from './harness/fixtures';
import { waitForConvergence } from './harness/oracle';
import { useSharedSetServers } from './harness/shared-set';

// Options, the connection lifecycle and rate limits: client-connection.test.ts.
const { serve, track, connectAlice } = useSharedSetServers();

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
