import { describe, expect, test, vi } from 'vitest';
import type { ServerMessage } from '../src/protocol/server-messages';
import { useSharedSetRawServers } from './harness/shared-set';

// Hostile frames, size limits and frame-level attacks (X7–X13): security-frames.test.ts.
const { serve, join } = useSharedSetRawServers();

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
