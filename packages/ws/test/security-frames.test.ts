import { createConnection } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CLIENT_MESSAGE_TYPES } from '../src/protocol/message-types';
import { parseClientMessage } from '../src/protocol/client-messages';
import { PROTOCOL_PARSE_ERROR_CODES } from '../src/protocol/parse-result';
import type { ServerMessage } from '../src/protocol/server-messages';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, type RawClient } from './harness/raw-client';
import { openRawFrameSocket } from './harness/raw-frames';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

async function join(server: TestServer, token = 'token-alice'): Promise<RawClient> {
  const client = await openRawClient(server.url({ recallSetId: 'shared', token }));
  await client.waitForEvent('session_started');
  return client;
}

/** A frame: text (possibly not JSON) or binary. */
type Frame = { text: string } | { binary: Uint8Array };

const MAX_CONTENT = 1_000;

const FRAME_LIMITS_OFF = {
  frameBudget: false,
  userFrameBudget: false,
  refusedFrameLimit: false,
} as const;

/** Frames that are invalid by the protocol: every one must be answered with a typed error. */
const hostileFrame: fc.Arbitrary<Frame> = fc.oneof(
  // Not JSON at all, or truncated JSON.
  fc.string({ maxLength: 200 }).map((text) => ({ text })),
  fc.json().map((json) => ({ text: json.slice(0, Math.max(0, json.length - 1)) })),
  // Any JSON value (numbers, arrays, objects with random keys).
  fc.json({ maxDepth: 4 }).map((text) => ({ text })),
  // Known types with wrong field types.
  fc
    .record({
      type: fc.constantFrom(...CLIENT_MESSAGE_TYPES),
      content: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string()),
        fc.constant('   '),
      ),
      rabbitholeEventId: fc.oneof(fc.integer(), fc.constant('')),
      topic: fc.oneof(fc.constant(null), fc.object()),
      clientMessageId: fc.oneof(
        fc.integer(),
        fc.constant(''),
        fc.string({ minLength: 129, maxLength: 300 }),
      ),
    })
    .map((value) => ({ text: JSON.stringify(value) })),
  // Unknown types, including the removed ones.
  fc
    .oneof(
      fc.constantFrom('trigger_eval', 'end_session', 'PING', 'toString', 'hasOwnProperty'),
      fc.string(),
    )
    .map((type) => ({ text: JSON.stringify({ type, clientMessageId: 'x' }) })),
  // Content too long (but under maxPayload).
  fc.integer({ min: MAX_CONTENT + 1, max: 20_000 }).map((length) => ({
    text: JSON.stringify({ type: 'user_message', content: 'a'.repeat(length) }),
  })),
  // Prototype-pollution attempts in otherwise invalid messages.
  fc
    .constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"type":"user_message","__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}},"type":"enter_rabbithole"}',
      '{"type":"__proto__"}',
      '{"type":"constructor","clientMessageId":"c"}',
    )
    .map((text) => ({ text })),
  // Deep nesting.
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((depth) => ({ text: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
  // Binary frames.
  fc.uint8Array({ maxLength: 256 }).map((binary) => ({ binary })),
);

describe('hostile frames (X13)', () => {
  test('10,000 generated bad frames: each gets one typed error, the socket, server and other sessions survive', async () => {
    // Every frame budget off: this checks that the parser answers everything it is given.
    const server = await serve({
      rateLimit: false,
      maxContentLength: MAX_CONTENT,
      // The deepest generated nesting (20,000 levels) is 40 KB.
      maxPayload: 64 * 1024,
      ...FRAME_LIMITS_OFF,
    });
    const bystander = await join(server, 'token-bob');
    const attacker = await join(server);
    const frames = fc
      .sample(hostileFrame, { numRuns: 10_000, seed: 7 })
      .filter(
        (frame) =>
          'binary' in frame ||
          !parseClientMessage(frame.text, { maxContentLength: MAX_CONTENT }).ok,
      );
    expect(frames.length).toBeGreaterThan(9_900);

    const before = attacker.messages.length;
    for (const frame of frames) {
      if ('binary' in frame) attacker.sendRaw(Buffer.from(frame.binary), { binary: true });
      else attacker.sendRaw(frame.text);
    }
    attacker.send({ type: 'ping' });
    await attacker.waitFor((message) => message.type === 'pong', 20_000);

    const replies = attacker.messages.slice(before, -1);
    expect(replies).toHaveLength(frames.length);
    const codes = new Set<string>(PROTOCOL_PARSE_ERROR_CODES);
    for (const reply of replies) {
      expect(reply.type).toBe('error');
      expect(codes.has((reply as Extract<ServerMessage, { type: 'error' }>).code)).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();

    // The attacker's socket is still usable; the bystander never saw any of it.
    attacker.send({ type: 'user_message', content: 'still here', clientMessageId: 'after' });
    await attacker.waitFor((message) => message.type === 'ack');
    bystander.send({ type: 'user_message', content: 'hello', clientMessageId: 'b1' });
    await bystander.waitFor((message) => message.type === 'ack');
    expect(bystander.messages.some((message) => message.type === 'error')).toBe(false);
    attacker.close();
    bystander.close();
  }, 30_000);

  test('a valid command smuggling __proto__ is processed with the schema fields only, polluting nothing', async () => {
    const server = await serve();
    const client = await join(server);
    client.sendRaw(
      '{"type":"user_message","content":"hi","clientMessageId":"p1","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
    );
    await client.waitFor((message) => message.type === 'ack');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(server.feed?.commands.at(-1)).toEqual({
      sessionId: expect.any(String),
      type: 'user_message',
      clientMessageId: 'p1',
    });
    client.close();
  });
});

describe('size limits (X7, X8, X9)', () => {
  test('a frame over maxPayload (32 KiB default) is closed with 1009; other sessions are unaffected', async () => {
    const server = await serve();
    const bystander = await join(server, 'token-bob');
    const client = await join(server);
    client.sendRaw(JSON.stringify({ type: 'user_message', content: 'a'.repeat(64 * 1024) }));
    expect((await client.closed).code).toBe(1009);
    bystander.send({ type: 'ping' });
    await bystander.waitFor((message) => message.type === 'pong');
    bystander.close();
  });

  test('content over maxContentLength gets MESSAGE_TOO_LARGE and the socket stays open', async () => {
    const server = await serve({ maxContentLength: 100 });
    const client = await join(server);
    client.send({ type: 'user_message', content: 'x'.repeat(101), clientMessageId: 'long' });
    const error = await client.waitFor((message) => message.type === 'error');
    expect(error).toMatchObject({ code: 'MESSAGE_TOO_LARGE', clientMessageId: 'long' });
    client.send({ type: 'user_message', content: 'x'.repeat(100), clientMessageId: 'ok' });
    await client.waitFor((message) => message.type === 'ack' && message.clientMessageId === 'ok');
    client.close();
  });

  test('permessage-deflate is never negotiated, even when the client offers it', async () => {
    const server = await serve();
    const socket = new WebSocket(server.url({ recallSetId: 'shared', token: 'token-alice' }), {
      perMessageDeflate: true,
    });
    await new Promise((resolve) => socket.once('open', resolve));
    expect(socket.extensions).toBe('');
    socket.close();
  });
});

describe('frame-level attacks on ws (X10, X11)', () => {
  test('thousands of tiny continuation fragments are closed with 1008', async () => {
    const server = await serve();
    const raw = await openRawFrameSocket(server.port, '/ws?recallSetId=shared&token=token-alice');
    raw.sendFrame({ fin: false, opcode: 0x1, payload: Buffer.from('[') });
    for (let index = 0; index < 17_000; index += 1) {
      raw.sendFrame({ fin: false, opcode: 0x0, payload: Buffer.from(' ') });
    }
    expect(await raw.closeCode).toBe(1008);
    raw.socket.destroy();
    const client = await join(server);
    client.close();
  });

  test('an upgrade with thousands of headers does not crash the server', async () => {
    const server = await serve();
    const headers = Array.from({ length: 3_000 }, (_, index) => `x-flood-${index}: 1`).join('\r\n');
    const response = await new Promise<string>((resolve) => {
      const socket = createConnection(server.port, '127.0.0.1', () => {
        socket.write(
          'GET /ws?recallSetId=shared&token=token-alice HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('error', () => resolve(text));
      socket.on('close', () => resolve(text));
    });
    expect(response.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 (101|4\d\d)/);
    const client = await join(server);
    client.close();
  });
});

describe('command rate limit (X14)', () => {
  test('a flood gets RATE_LIMITED with retryAfterMs, the socket stays open, and it recovers', async () => {
    const server = await serve({ rateLimit: { burst: 3, refillPerSecond: 20 } });
    const bystander = await join(server, 'token-bob');
    const client = await join(server);
    for (let index = 0; index < 6; index += 1) {
      client.send({ type: 'user_message', content: `m${index}`, clientMessageId: `m${index}` });
    }
    await client.waitFor((message) => message.type === 'error' && message.clientMessageId === 'm5');
    await client.waitFor((message) => message.type === 'ack' && message.clientMessageId === 'm2');
    const acks = client.messages.flatMap((message) =>
      message.type === 'ack' ? [message.clientMessageId] : [],
    );
    const limited = client.messages.filter(
      (message): message is Extract<ServerMessage, { type: 'error' }> => message.type === 'error',
    );
    expect(acks).toEqual(['m0', 'm1', 'm2']);
    expect(limited.map((error) => [error.code, error.clientMessageId])).toEqual([
      ['RATE_LIMITED', 'm3'],
      ['RATE_LIMITED', 'm4'],
      ['RATE_LIMITED', 'm5'],
    ]);
    const retryAfterMs = limited[0]?.retryAfterMs ?? 0;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(50);
    expect(server.logs.some((entry) => entry.message === 'rate limited')).toBe(true);

    // Another user's connection has its own budget.
    bystander.send({ type: 'user_message', content: 'fine', clientMessageId: 'b1' });
    await bystander.waitFor((message) => message.type === 'ack');

    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 10));
    client.send({ type: 'user_message', content: 'm3', clientMessageId: 'm3' });
    await client.waitFor((message) => message.type === 'ack' && message.clientMessageId === 'm3');
    // Pings are liveness checks, not commands: never rate limited.
    for (let index = 0; index < 20; index += 1) client.send({ type: 'ping' });
    await vi.waitFor(() =>
      expect(client.messages.filter((message) => message.type === 'pong')).toHaveLength(20),
    );
    client.close();
    bystander.close();
  });

  test("a user's sockets share one budget: more sockets buy no more commands", async () => {
    const server = await serve({
      rateLimit: { burst: 3, refillPerSecond: 1 },
      // Slow refill: no token comes back while the 8 commands arrive, even on a busy machine.
      userRateLimit: { burst: 4, refillPerSecond: 1 },
    });
    const sockets = await Promise.all([join(server), join(server), join(server), join(server)]);
    const bystander = await join(server, 'token-bob');
    // 8 commands, 2 per socket: within every connection budget, twice the user budget.
    sockets.forEach((socket, index) => {
      for (const round of [0, 1]) {
        socket.send({
          type: 'user_message',
          content: `s${index} r${round}`,
          clientMessageId: `s${index}-${round}`,
        });
      }
    });
    const answers = await Promise.all(
      sockets.flatMap((socket, index) =>
        [0, 1].map((round) =>
          socket.waitFor(
            (message) =>
              (message.type === 'ack' || message.type === 'error') &&
              message.clientMessageId === `s${index}-${round}`,
          ),
        ),
      ),
    );
    const limited = answers.filter(
      (message): message is Extract<ServerMessage, { type: 'error' }> =>
        message.type === 'error' && message.code === 'RATE_LIMITED',
    );
    expect(answers.filter((message) => message.type === 'ack')).toHaveLength(4);
    expect(limited).toHaveLength(4);
    for (const error of limited) {
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.retryAfterMs).toBeLessThanOrEqual(1_000);
    }

    // Another user has a budget of their own.
    bystander.send({ type: 'user_message', content: 'fine', clientMessageId: 'b1' });
    await bystander.waitFor(
      (message) => message.type === 'ack' && message.clientMessageId === 'b1',
    );

    // It recovers once the user's bucket has refilled, on any of the user's sockets.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const [first] = sockets;
    first?.send({ type: 'user_message', content: 'later', clientMessageId: 'later' });
    await first?.waitFor(
      (message) => message.type === 'ack' && message.clientMessageId === 'later',
    );
    for (const socket of [...sockets, bystander]) socket.close();
    // Logged per socket: the first refusal at once (naming the budget), the rest counted.
    await vi.waitFor(() => expect(server.server.connectionCount).toBe(0));
    const logged = server.logs.filter((entry) => entry.message === 'rate limited');
    expect(
      logged
        .filter((entry) => entry.fields.intervalMs === undefined)
        .every((entry) => entry.fields.scope === 'user'),
    ).toBe(true);
    expect(logged.reduce((sum, entry) => sum + Number(entry.fields.count), 0)).toBe(4);
  });
});
