import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, upgradeStatus } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serverWithSets(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  await server.storage.saveRecallSet(makeRecallSet({ id: 'alice-set', ownerId: 'alice' }));
  return server;
}

const alice = { authorization: 'Bearer token-alice' };
const bob = { authorization: 'Bearer token-bob' };

describe('authentication on the upgrade (X1)', () => {
  test('answers 401 before any WebSocket exists for missing or bad credentials', async () => {
    const server = await serverWithSets();
    expect(await upgradeStatus(server.url({ recallSetId: 'shared' }))).toBe(401);
    expect(
      await upgradeStatus(server.url({ recallSetId: 'shared' }), {
        authorization: 'Bearer forged',
      }),
    ).toBe(401);
    expect(await upgradeStatus(server.url({ recallSetId: 'shared', token: 'nope' }))).toBe(401);
    expect(server.server.connectionCount).toBe(0);
    expect(server.logs.filter((entry) => entry.message === 'unauthenticated upgrade')).toHaveLength(
      3,
    );
  });

  test('a throwing authenticate is a 500, logged, and the server keeps serving', async () => {
    let fail = true;
    const server = await serverWithSets({
      authenticate: () => {
        if (fail) throw new Error('auth backend down');
        return { userId: 'alice' };
      },
    });
    expect(await upgradeStatus(server.url({ recallSetId: 'shared' }))).toBe(500);
    expect(
      server.logs.some(
        (entry) => entry.level === 'error' && entry.message === 'authenticate threw',
      ),
    ).toBe(true);
    fail = false;
    const client = await openRawClient(server.url({ recallSetId: 'shared' }));
    await client.waitForEvent('session_started');
    client.close();
  });

  test('tokens in the query string never reach the logs (X5, X19)', async () => {
    const server = await serverWithSets();
    await upgradeStatus(server.url({ recallSetId: 'shared', token: 'secret-token-value' }));
    const client = await openRawClient(server.url({ recallSetId: 'shared', token: 'token-alice' }));
    client.send({ type: 'user_message', content: 'my private answer', clientMessageId: 'c1' });
    await client.waitFor((message) => message.type === 'ack');
    client.close();
    const logged = JSON.stringify(server.logs);
    expect(logged).not.toContain('secret-token-value');
    expect(logged).not.toContain('token-alice');
    expect(logged).not.toContain('my private answer');
    expect(logged).toContain('/ws?recallSetId&token');
  });
});

describe('origin allowlist (X3, X4)', () => {
  test('by default a browser Origin must match the Host; a missing Origin is allowed', async () => {
    const server = await serverWithSets();
    const url = server.url({ recallSetId: 'shared' });
    expect(await upgradeStatus(url, { ...alice, Origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(url, { ...alice, Origin: `http://127.0.0.1:${server.port}` })).toBe(
      101,
    );
    expect(await upgradeStatus(url, alice)).toBe(101);
    expect(server.logs.some((entry) => entry.message === 'origin rejected')).toBe(true);
  });

  test('an explicit allowlist matches exactly: no substring, no suffix tricks', async () => {
    const server = await serverWithSets({ allowedOrigins: ['https://app.example'] });
    const url = server.url({ recallSetId: 'shared' });
    expect(await upgradeStatus(url, { ...alice, Origin: 'https://app.example' })).toBe(101);
    for (const origin of [
      'https://app.example.evil.com',
      'https://evil.com/https://app.example',
      'http://app.example',
      'null',
    ]) {
      expect(await upgradeStatus(url, { ...alice, Origin: origin })).toBe(403);
    }
  });
});

/** Everything a refused caller can observe after the upgrade: frames, close code, reason. */
async function refusalSeenBy(url: string, headers: Record<string, string>) {
  const client = await openRawClient(url, headers);
  const { code, reason } = await client.closed;
  return { frames: [...client.frames], code, reason };
}

describe('session ownership (X2)', () => {
  test("another user's session and an unknown one get byte-identical refusals; the log tells them apart without content", async () => {
    const server = await serverWithSets();
    const owner = await openRawClient(server.url({ recallSetId: 'shared' }), alice);
    const started = await owner.waitForEvent('session_started');
    const sessionId = 'sessionId' in started ? started.sessionId : '';
    owner.send({ type: 'user_message', content: 'alice secret', clientMessageId: 'a1' });
    await owner.waitFor((message) => message.type === 'ack');

    const foreign = await refusalSeenBy(server.url({ sessionId, afterSeq: 0 }), bob);
    const unknown = await refusalSeenBy(
      server.url({ sessionId: 'no-such-session', afterSeq: 0 }),
      bob,
    );
    expect(foreign).toEqual({
      frames: [
        JSON.stringify({
          type: 'error',
          code: 'FORBIDDEN',
          message: 'You may not access this session.',
          retryable: false,
        }),
      ],
      code: CLOSE_CODES.FORBIDDEN.code,
      reason: 'FORBIDDEN',
    });
    expect(unknown).toEqual(foreign);

    // Both attempts are logged as warnings with user and address; only the log says which.
    const refusals = server.logs.filter((entry) => entry.message === 'connection refused');
    expect(
      refusals.map((entry) => [entry.level, entry.fields.userId, entry.fields.reason]),
    ).toEqual([
      ['warn', 'bob', 'session owned by another user'],
      ['warn', 'bob', 'unknown session'],
    ]);
    expect(refusals.every((entry) => entry.fields.remoteAddress === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(server.logs)).not.toContain('alice secret');

    // The owner is unaffected.
    owner.send({ type: 'ping' });
    await owner.waitFor((message) => message.type === 'pong');
    owner.close();
  });

  test('the refusal is the same whatever the cursor, revealing no seq or head', async () => {
    const server = await serverWithSets();
    const owner = await openRawClient(server.url({ recallSetId: 'shared' }), alice);
    const started = await owner.waitForEvent('session_started');
    const sessionId = 'sessionId' in started ? started.sessionId : '';
    const seen = [];
    for (const target of [sessionId, 'no-such-session']) {
      // 999 is past the head: an owner would get INVALID_RESUME, which would reveal the head.
      for (const afterSeq of [0, 1, 999, 'abc']) {
        seen.push(await refusalSeenBy(server.url({ sessionId: target, afterSeq }), bob));
      }
    }
    expect(new Set(seen.map((refusal) => JSON.stringify(refusal))).size).toBe(1);
    expect(seen[0]?.code).toBe(CLOSE_CODES.FORBIDDEN.code);
    owner.close();
  });

  test('an unknown recall set and one owned by another user get identical refusals; a shared one can be started', async () => {
    const server = await serverWithSets();
    const foreign = await refusalSeenBy(server.url({ recallSetId: 'alice-set' }), bob);
    const unknown = await refusalSeenBy(server.url({ recallSetId: 'no-such-set' }), bob);
    expect(foreign).toEqual({
      frames: [
        JSON.stringify({
          type: 'error',
          code: 'FORBIDDEN',
          message: 'You may not access this recall set.',
          retryable: false,
        }),
      ],
      code: CLOSE_CODES.FORBIDDEN.code,
      reason: 'FORBIDDEN',
    });
    expect(unknown).toEqual(foreign);
    const allowed = await openRawClient(server.url({ recallSetId: 'alice-set' }), alice);
    await allowed.waitForEvent('session_started');
    allowed.close();
  });

  test('each user resumes only their own session of a shared set', async () => {
    const server = await serverWithSets();
    const first = await openRawClient(server.url({ recallSetId: 'shared' }), alice);
    const aliceStart = await first.waitForEvent('session_started');
    const second = await openRawClient(server.url({ recallSetId: 'shared' }), bob);
    const bobStart = await second.waitForEvent('session_started');
    expect(
      'sessionId' in bobStart &&
        'sessionId' in aliceStart &&
        bobStart.sessionId !== aliceStart.sessionId,
    ).toBe(true);
    first.close();
    second.close();
  });
});

describe('resume cursor (T5)', () => {
  test('an out-of-range or malformed afterSeq closes with INVALID_RESUME; the server goes on', async () => {
    const server = await serverWithSets();
    const owner = await openRawClient(server.url({ recallSetId: 'shared' }), alice);
    const started = await owner.waitForEvent('session_started');
    const sessionId = 'sessionId' in started ? started.sessionId : '';
    for (const afterSeq of ['5', '-1', '1.5', 'abc', '1e3', '']) {
      const client = await openRawClient(server.url({ sessionId, afterSeq }), alice);
      expect((await client.closed).code).toBe(CLOSE_CODES.INVALID_RESUME.code);
      expect(client.messages[0]).toMatchObject({ type: 'error', code: 'INVALID_MESSAGE' });
    }
    const resumed = await openRawClient(server.url({ sessionId, afterSeq: 0 }), alice);
    await resumed.waitForEvent('session_started');
    resumed.close();
    owner.close();
  });

  test('a request naming no session, or both, is a 400 before the upgrade; other paths 404', async () => {
    const server = await serverWithSets();
    expect(await upgradeStatus(`ws://127.0.0.1:${server.port}/ws`, alice)).toBe(400);
    expect(await upgradeStatus(server.url({ recallSetId: 'shared', sessionId: 'x' }), alice)).toBe(
      400,
    );
    expect(
      await upgradeStatus(`ws://127.0.0.1:${server.port}/other?recallSetId=shared`, alice),
    ).toBe(404);
  });
});

describe('per-user socket limit (B2) and logout (X6)', () => {
  test('socket N+1 of one user is closed with RATE_LIMITED; the others and other users are unaffected', async () => {
    const server = await serverWithSets({ maxSocketsPerUser: 2 });
    const url = server.url({ recallSetId: 'shared' });
    const first = await openRawClient(url, alice);
    const second = await openRawClient(url, alice);
    await first.waitForEvent('session_started');
    const third = await openRawClient(url, alice);
    expect((await third.closed).code).toBe(CLOSE_CODES.RATE_LIMITED.code);
    expect(third.messages[0]).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    const other = await openRawClient(url, bob);
    await other.waitForEvent('session_started');
    second.send({ type: 'ping' });
    await second.waitFor((message) => message.type === 'pong');

    // A freed slot can be used again.
    second.close();
    await second.closed;
    await vi.waitFor(() => expect(server.server.connectionCount).toBe(2));
    const again = await openRawClient(url, alice);
    await again.waitForEvent('session_started');
    for (const client of [first, other, again]) client.close();
  });

  test("disconnectUser closes only that user's sockets, with UNAUTHORIZED", async () => {
    const server = await serverWithSets();
    const url = server.url({ recallSetId: 'shared' });
    const aliceSocket = await openRawClient(url, alice);
    const bobSocket = await openRawClient(url, bob);
    await aliceSocket.waitForEvent('session_started');
    await bobSocket.waitForEvent('session_started');
    expect(server.server.disconnectUser('alice')).toBe(1);
    expect((await aliceSocket.closed).code).toBe(CLOSE_CODES.UNAUTHORIZED.code);
    expect(aliceSocket.messages.at(-1)).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    bobSocket.send({ type: 'ping' });
    await bobSocket.waitFor((message) => message.type === 'pong');
    bobSocket.close();
  });
});
