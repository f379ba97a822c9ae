import { afterEach, describe, expect, test } from 'vitest';
import { createEngineSetup } from '../../test/harness/engine-setup';
import { PROTOCOL_VERSION } from '../protocol/protocol-version';
import { createMemoryRateLimiter, type RateLimiter } from '../server/rate-limiter';
import { createInProcessTransport, type InProcessTransport } from './in-process-transport';

// What the shim adds around the connection core (the core's answers themselves are covered
// by the connection-scenario table, against the Node server too).

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setup(userId?: string) {
  const { engine, storage } = await createEngineSetup();
  closers.push(() => engine.close());
  const alice = await engine.startSession('cell-energy', { userId: 'alice' });
  const bob = await engine.startSession('cell-energy', { userId: 'bob' });
  await engine.whenIdle(alice.sessionId);
  const transport = createInProcessTransport({ engine, ...(userId ? { userId } : {}) });
  return { engine, storage, transport, alice: alice.sessionId, bob: bob.sessionId };
}

function connect(transport: InProcessTransport, query: string) {
  const socket = new transport.WebSocket(`${transport.url}?${query}`, [PROTOCOL_VERSION]);
  const seen: Array<Record<string, unknown>> = [];
  const events: string[] = [];
  socket.onopen = () => events.push('open');
  socket.onerror = () => events.push('error');
  socket.onmessage = (event) => seen.push(JSON.parse(String(event.data)));
  const closed = new Promise<number>((resolve) => {
    socket.onclose = (event) => resolve(event.code);
  });
  const until = (predicate: (frame: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 5_000;
      const check = () => {
        if (seen.some(predicate)) return resolve();
        if (Date.now() > deadline) return reject(new Error(JSON.stringify(seen)));
        setTimeout(check, 5);
      };
      check();
    });
  return { socket, seen, events, closed, until };
}

describe('createInProcessTransport', () => {
  test('without storage, owners come from the engine: only the user’s own session opens', async () => {
    const { transport, alice, bob } = await setup('alice');
    const own = connect(transport, `sessionId=${alice}`);
    await own.until((frame) => frame.type === 'history_end');
    const foreign = connect(transport, `sessionId=${bob}`);
    expect(await foreign.closed).toBe(4003);
    expect(foreign.seen).toMatchObject([{ type: 'error', code: 'FORBIDDEN' }]);
    const unknown = connect(transport, 'sessionId=nobody');
    expect(await unknown.closed).toBe(4003);
    expect(unknown.seen).toEqual(foreign.seen);
  });

  test('the anonymous learner cannot open a session stored for a user', async () => {
    const { transport, alice } = await setup();
    const connection = connect(transport, `sessionId=${alice}`);
    expect(await connection.closed).toBe(4003);
  });

  test('commands sent before the session is resolved wait, then are all answered in order', async () => {
    const { transport, alice } = await setup('alice');
    const connection = connect(transport, `sessionId=${alice}`);
    await new Promise<void>((resolve) => {
      connection.socket.onopen = () => resolve();
    });
    connection.socket.send(JSON.stringify({ type: 'ping' }));
    connection.socket.send(JSON.stringify({ type: 'dismiss_overlay', clientMessageId: 'c-1' }));
    await connection.until((frame) => frame.type === 'ack');
    // Nothing sent while the session was being resolved is lost (as on the server, a pong
    // may overtake the history, which the engine reads from storage).
    const types = connection.seen.map((frame) => frame.type);
    expect(types).toEqual(expect.arrayContaining(['history_end', 'pong', 'ack']));
    expect(transport.received.map((message) => message.type)).toEqual(['ping', 'dismiss_overlay']);
  });

  test('emit reaches the sockets of a session resolved from a recall set', async () => {
    const { transport, alice } = await setup('alice');
    const connection = connect(transport, 'recallSetId=cell-energy');
    await connection.until((frame) => frame.type === 'history_end');
    transport.emit(alice, {
      kind: 'error',
      error: { code: 'LLM_RATE_LIMITED', message: 'Slow.', retryable: true },
    });
    await connection.until((frame) => frame.code === 'LLM_RATE_LIMITED');
    expect(transport.connectionCount).toBe(1);
  });

  test('limits per address count an IPv6 learner by its /64, as the Node server does', async () => {
    const { engine } = await setup();
    const memory = createMemoryRateLimiter();
    const keys: string[] = [];
    const rateLimiter: RateLimiter = {
      take(request) {
        keys.push(request.key);
        return memory.take(request);
      },
    };
    const transport = createInProcessTransport({
      engine,
      userId: 'carol',
      remoteAddress: '2001:db8:1:2:aaaa::7',
      rateLimiter,
    });
    const connection = connect(transport, 'recallSetId=cell-energy');
    await connection.until((frame) => frame.type === 'history_end');
    expect(keys).toContain('session-starts-address:2001:db8:1:2::/64');
    expect(keys.some((key) => key.includes('aaaa'))).toBe(false);
  });

  test('a malformed connection URL fails like a refused upgrade: never opened, 1006', async () => {
    const { transport } = await setup('alice');
    const connection = connect(transport, 'recallSetId=a&sessionId=b');
    expect(await connection.closed).toBe(1006);
    expect(connection.events).toEqual(['error']);
    expect(connection.seen).toEqual([]);
  });
});
