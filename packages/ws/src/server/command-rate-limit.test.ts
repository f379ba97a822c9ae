import { describe, expect, test } from 'vitest';
import { createCommandRateLimit } from './command-rate-limit';
import { createKeyedTokenBuckets, createTokenBucket } from './token-bucket';

describe('createCommandRateLimit', () => {
  test("one user's sockets share the user budget; each keeps its own as well", () => {
    let time = 0;
    const now = () => time;
    const users = createKeyedTokenBuckets({ capacity: 4, refillPerSecond: 2, now });
    const socket = () =>
      createCommandRateLimit({
        connection: createTokenBucket({ capacity: 3, refillPerSecond: 2, now }),
        user: users.forKey('alice'),
      });
    const [first, second, third] = [socket(), socket(), socket()];
    // The connection budget (3) stops one socket first…
    expect([first.take(), first.take(), first.take()].every((taken) => taken.allowed)).toBe(true);
    expect(first.take()).toEqual({ allowed: false, retryAfterMs: 500, scope: 'connection' });
    // …and the user budget (4) stops the next socket after one more command.
    expect(second.take()).toEqual({ allowed: true });
    expect(second.take()).toEqual({ allowed: false, retryAfterMs: 500, scope: 'user' });
    expect(third.take()).toMatchObject({ allowed: false, scope: 'user' });
    // Other users are unaffected.
    const bob = createCommandRateLimit({ connection: null, user: users.forKey('bob') });
    expect(bob.take()).toEqual({ allowed: true });
    time += 500;
    expect(third.take()).toEqual({ allowed: true });
  });

  test('a refusal by one budget takes nothing from the other; retryAfterMs waits for both', () => {
    let time = 0;
    const now = () => time;
    const connection = createTokenBucket({ capacity: 5, refillPerSecond: 10, now });
    const user = createTokenBucket({ capacity: 1, refillPerSecond: 1, now });
    const limit = createCommandRateLimit({ connection, user });
    expect(limit.take()).toEqual({ allowed: true });
    for (let index = 0; index < 10; index += 1) {
      expect(limit.take()).toMatchObject({ allowed: false, scope: 'user' });
    }
    // The refused commands did not drain the connection's 4 remaining tokens.
    time += 1_000;
    expect(limit.take()).toEqual({ allowed: true });
    for (let index = 0; index < 3; index += 1) expect(connection.take().allowed).toBe(true);

    const empty = createTokenBucket({ capacity: 1, refillPerSecond: 1, now });
    empty.take();
    const drained = createTokenBucket({ capacity: 1, refillPerSecond: 4, now });
    drained.take();
    const both = createCommandRateLimit({ connection: drained, user: empty });
    expect(both.take()).toEqual({ allowed: false, retryAfterMs: 1_000, scope: 'user' });
  });

  test('with both budgets off every command is allowed', () => {
    const limit = createCommandRateLimit({ connection: null, user: null });
    for (let index = 0; index < 100; index += 1) expect(limit.take()).toEqual({ allowed: true });
  });
});
