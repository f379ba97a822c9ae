import type { IncomingMessage } from 'node:http';
import { createConnection, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import { createMemoryRateLimiter } from '../src/server/rate-limiter';
import { PROTOCOL_VERSION } from '../src/protocol/protocol-version';
import type { ServerMessage } from '../src/protocol/server-messages';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, type RawClient } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
const sockets: Array<Socket | WebSocket> = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) {
    if (socket instanceof WebSocket) socket.terminate();
    else socket.destroy();
  }
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Every upgrade is the user its `?user=` names: ids are free, as on an open demo. */
function anyUser(request: IncomingMessage): { userId: string } {
  const user = new URL(request.url ?? '/', 'http://localhost').searchParams.get('user');
  return { userId: user ?? 'anonymous' };
}

async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer({ rateLimit: false, userRateLimit: false, ...options });
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

async function join(server: TestServer, token = 'token-alice'): Promise<RawClient> {
  const client = await openRawClient(server.url({ recallSetId: 'shared', token }));
  await client.waitForEvent('session_started');
  return client;
}

/** A valid ping padded with an unknown field (stripped by the schema) to `bytes` bytes. */
function paddedPing(bytes: number): string {
  const frame = JSON.stringify({ type: 'ping', pad: '' });
  return JSON.stringify({ type: 'ping', pad: 'x'.repeat(bytes - frame.length) });
}

function answersTo(client: RawClient, count: number): Promise<ServerMessage[]> {
  return new Promise((resolve) => {
    const check = () => {
      const answers = client.messages.filter((m) => m.type === 'pong' || m.type === 'error');
      if (answers.length >= count) resolve(answers.slice(0, count));
      else setTimeout(check, 5);
    };
    check();
  });
}

const ALMOST_NO_REFILL = { framesPerSecond: 0.01, bytesPerSecond: 1 };

describe('frames cost what they weigh', () => {
  test('a frame is charged by its size: two 20 KB pings overdraw a 36 KB burst', async () => {
    const server = await serve({
      frameBudget: { burstFrames: 100, burstBytes: 32_768 + 4_000, ...ALMOST_NO_REFILL },
      userFrameBudget: false,
    });
    const client = await join(server);
    client.sendRaw(paddedPing(20_000));
    client.sendRaw(paddedPing(20_000));
    const [first, second] = await answersTo(client, 2);
    expect(first?.type).toBe('pong');
    expect(second).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    expect((second as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
    client.close();
  });

  test('refused frames are charged: invalid JSON uses up the byte budget like valid JSON', async () => {
    const server = await serve({
      frameBudget: { burstFrames: 100, burstBytes: 32_768 + 4_000, ...ALMOST_NO_REFILL },
      userFrameBudget: false,
    });
    const client = await join(server);
    client.sendRaw(`{${'x'.repeat(19_999)}`);
    client.sendRaw(paddedPing(20_000));
    const [first, second] = await answersTo(client, 2);
    expect(first).toMatchObject({ type: 'error', code: 'INVALID_JSON' });
    expect(second).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    client.close();
  });

  test('a frame is charged by count, and a user’s sockets share one budget', async () => {
    const server = await serve({
      frameBudget: false,
      userFrameBudget: { burstFrames: 4, burstBytes: 1_000_000, ...ALMOST_NO_REFILL },
    });
    const first = await join(server);
    const second = await join(server);
    const bystander = await join(server, 'token-bob');
    for (const client of [first, second, first, second]) client.send({ type: 'ping' });
    await answersTo(second, 2);
    await answersTo(first, 2);
    first.send({ type: 'ping' });
    second.send({ type: 'ping' });
    bystander.send({ type: 'ping' });
    const firstAnswers = await answersTo(first, 3);
    const secondAnswers = await answersTo(second, 3);
    expect(firstAnswers.map((m) => m.type)).toEqual(['pong', 'pong', 'error']);
    expect(secondAnswers.map((m) => m.type)).toEqual(['pong', 'pong', 'error']);
    expect((await answersTo(bystander, 1))[0]?.type).toBe('pong');
    for (const client of [first, second, bystander]) client.close();
  });

  test('a socket that keeps sending refused frames is closed with FRAME_FLOOD (4030)', async () => {
    const server = await serve({ refusedFrameLimit: { burst: 5, refillPerSecond: 0.001 } });
    const attacker = await join(server);
    const bystander = await join(server, 'token-bob');
    for (let index = 0; index < 50; index += 1) attacker.sendRaw('[1,2,3]');
    const { code } = await attacker.closed;
    expect(code).toBe(CLOSE_CODES.FRAME_FLOOD.code);
    const errors = attacker.messages.filter((message) => message.type === 'error');
    expect(errors.filter((error) => error.code === 'INVALID_MESSAGE')).toHaveLength(5);
    expect(errors.at(-1)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 30_000 });
    bystander.send({ type: 'ping' });
    await bystander.waitFor((message) => message.type === 'pong');
    bystander.close();
  });
});

/** Opens a WebSocket from `localAddress`; resolves with the first frame, or the refusal. */
function connectFrom(url: string, localAddress: string): Promise<'open' | 'refused'> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, [PROTOCOL_VERSION], { localAddress });
    sockets.push(socket);
    socket.on('message', () => resolve('open'));
    socket.on('error', () => resolve('refused'));
    socket.on('close', () => resolve('refused'));
  });
}

function silentSocket(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.once('connect', () => resolve(socket));
  });
}

describe('one peer cannot take the server', () => {
  test('one peer holding more silent sockets than the server takes leaves 10 of 10 learners admitted', async () => {
    const server = await serve({
      authenticate: anyUser,
      maxConnections: 60,
      maxConnectionsPerAddress: 40,
    });
    const silent = await Promise.all(Array.from({ length: 90 }, () => silentSocket(server.port)));
    // Let the server see (and drop) the sockets over the address's cap.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = silent.filter((socket) => !socket.destroyed && socket.readable).length;
    expect(held).toBe(40);
    const learners = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        connectFrom(
          `ws://127.0.0.1:${server.port}/ws?recallSetId=shared&user=learner-${index}`,
          '127.0.0.2',
        ),
      ),
    );
    expect(learners.filter((outcome) => outcome === 'open')).toHaveLength(10);
  });
});

describe('sessions cost something to mint', () => {
  async function startMany(server: TestServer, users: string[]) {
    return Promise.all(
      users.map(async (user) => {
        const client = await openRawClient(
          `ws://127.0.0.1:${server.port}/ws?recallSetId=shared&user=${user}`,
        );
        const first = await client.waitFor(
          (message) =>
            message.type === 'error' ||
            (message.type === 'event' && message.event.type === 'session_started'),
        );
        const close = first.type === 'error' ? await client.closed : null;
        client.close();
        return { first, close };
      }),
    );
  }

  test('fresh ids from one address start at most the address budget of sessions', async () => {
    const server = await serve({
      authenticate: anyUser,
      sessionStartLimit: { perAddress: { burst: 5, refillPerSecond: 0.001 } },
    });
    const outcomes = await startMany(
      server,
      Array.from({ length: 30 }, (_, index) => `fresh-${index}`),
    );
    const started = outcomes.filter(({ first }) => first.type === 'event');
    const refused = outcomes.filter(({ first }) => first.type === 'error');
    expect(started).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const { first, close } of refused) {
      expect(first).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
      expect((first as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
      expect(close?.code).toBe(CLOSE_CODES.RATE_LIMITED.code);
    }
  });

  test('one user starts at most their own budget; reattaching by session id is not charged', async () => {
    const server = await serve({
      authenticate: anyUser,
      sessionStartLimit: { perUser: { burst: 2, refillPerSecond: 0.001 }, perAddress: false },
    });
    const outcomes = await startMany(server, ['same', 'same', 'same', 'other']);
    const types = outcomes.map(({ first }) => first.type);
    expect(types.filter((type) => type === 'event')).toHaveLength(3);
    expect(types.filter((type) => type === 'error')).toHaveLength(1);
    const session = await server.storage.findActiveSession({
      recallSetId: 'shared',
      userId: 'same',
    });
    const resumed = await openRawClient(
      `ws://127.0.0.1:${server.port}/ws?sessionId=${session?.id}&afterSeq=0&user=same`,
    );
    await resumed.waitFor((message) => message.type === 'history_end');
    resumed.close();
  });

  test('`false` turns the session budgets off', async () => {
    const server = await serve({ authenticate: anyUser, sessionStartLimit: false });
    const outcomes = await startMany(
      server,
      Array.from({ length: 70 }, (_, index) => `free-${index}`),
    );
    expect(outcomes.every(({ first }) => first.type === 'event')).toBe(true);
  });

  test('the defaults let 60 learners behind one address start a session at once, not 61', async () => {
    let now = Date.UTC(2026, 0, 1);
    const server = await serve({
      authenticate: anyUser,
      rateLimiter: createMemoryRateLimiter({ now: () => now }),
    });
    const learners = Array.from({ length: 60 }, (_, index) => `classroom-${index}`);
    const outcomes = await startMany(server, learners);
    expect(outcomes.filter(({ first }) => first.type === 'event')).toHaveLength(60);
    const late = await startMany(server, ['late']);
    expect(late[0]?.first).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 1_000 });
    now += 1_000;
    const next = await startMany(server, ['next']);
    expect(next[0]?.first.type).toBe('event');
  });
});
