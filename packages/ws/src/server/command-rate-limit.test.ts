import { describe, expect, test } from 'vitest';
import { createCommandRateLimit } from './command-intake';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { createTokenBucket } from './rate-limiter';

const USER_LIMIT = { burst: 4, refillPerSecond: 2 };

describe('createCommandRateLimit', () => {
  test("one user's sockets share the user budget; each keeps its own as well", () => {
    let time = 0;
    const now = () => time;
    const limiter = createMemoryRateLimiter({ now });
    const socket = (userId = 'alice') =>
      createCommandRateLimit({
        connection: createTokenBucket({ capacity: 3, refillPerSecond: 2, now }),
        user: { limiter, key: `commands:${userId}`, limit: USER_LIMIT },
      });
    const [first, second, third] = [socket(), socket(), socket()];
    // The connection budget (3) stops one socket first…
    expect([first.take(), first.take(), first.take()]).toEqual(Array(3).fill({ allowed: true }));
    expect(first.take()).toEqual({ allowed: false, retryAfterMs: 500, scope: 'connection' });
    // …and the user budget (4) stops the next socket after one more command.
    expect(second.take()).toEqual({ allowed: true });
    expect(second.take()).toEqual({ allowed: false, retryAfterMs: 500, scope: 'user' });
    expect(third.take()).toMatchObject({ allowed: false, scope: 'user' });
    // Other users are unaffected.
    expect(socket('bob').take()).toEqual({ allowed: true });
    time += 500;
    expect(third.take()).toEqual({ allowed: true });
  });

  test('a refusal by one budget takes nothing from the other', () => {
    let time = 0;
    const now = () => time;
    const connection = createTokenBucket({ capacity: 5, refillPerSecond: 10, now });
    const limiter = createMemoryRateLimiter({ now });
    const user = { limiter, key: 'commands:alice', limit: { burst: 1, refillPerSecond: 1 } };
    const limit = createCommandRateLimit({ connection, user });
    expect(limit.take()).toEqual({ allowed: true });
    for (let index = 0; index < 10; index += 1) {
      expect(limit.take()).toMatchObject({ allowed: false, scope: 'user' });
    }
    // The refused commands did not drain the connection's 4 remaining tokens.
    time += 1_000;
    expect(limit.take()).toEqual({ allowed: true });
    for (let index = 0; index < 3; index += 1) expect(connection.take().allowed).toBe(true);
    // The connection refuses first without asking the user's limiter.
    let asked = 0;
    const counting: RateLimiter = {
      take: (request) => {
        asked += 1;
        return limiter.take(request);
      },
    };
    const drained = createTokenBucket({ capacity: 1, refillPerSecond: 4, now });
    drained.take();
    const both = createCommandRateLimit({
      connection: drained,
      user: { ...user, limiter: counting },
    });
    expect(both.take()).toEqual({ allowed: false, retryAfterMs: 250, scope: 'connection' });
    expect(asked).toBe(0);
  });

  test('an asynchronous limiter is awaited; one that fails lets the command through and reports it', async () => {
    const shared = createMemoryRateLimiter();
    const remote: RateLimiter = { take: async (request) => shared.take(request) };
    const limit = createCommandRateLimit({
      connection: null,
      user: { limiter: remote, key: 'commands:alice', limit: { burst: 1, refillPerSecond: 0.001 } },
    });
    expect(await limit.take()).toEqual({ allowed: true });
    expect(await limit.take()).toMatchObject({ allowed: false, scope: 'user' });

    const failures: unknown[] = [];
    for (const broken of [
      { take: () => Promise.reject(new Error('store down')) },
      {
        take: () => {
          throw new Error('store down');
        },
      },
    ] satisfies RateLimiter[]) {
      const failing = createCommandRateLimit({
        connection: null,
        user: { limiter: broken, key: 'commands:bob', limit: USER_LIMIT },
        onLimiterError: (error) => failures.push(error),
      });
      expect(await failing.take()).toEqual({ allowed: true });
    }
    expect(failures).toHaveLength(2);
  });

  test('with both budgets off every command is allowed', () => {
    const limit = createCommandRateLimit({ connection: null, user: null });
    for (let index = 0; index < 100; index += 1) expect(limit.take()).toEqual({ allowed: true });
  });
});
