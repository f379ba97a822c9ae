import { createConnection } from 'node:net';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { CLIENT_MESSAGE_TYPES } from '../src/protocol/message-types';
import { parseClientMessage } from '../src/protocol/client-messages';
import { PROTOCOL_PARSE_ERROR_CODES } from '../src/protocol/parse-result';
import type { ServerMessage } from '../src/protocol/server-messages';
import { openRawFrameSocket } from './harness/raw-frames';
import { useSharedSetRawServers } from './harness/shared-set';

// The command rate limits (X14): security-rate-limits.test.ts.
const { serve, join } = useSharedSetRawServers();

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
