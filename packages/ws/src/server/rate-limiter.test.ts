import { describe, expect, test } from 'vitest';
import { BucketTable, createMemoryRateLimiter, isPending } from './rate-limiter';

const limit = { burst: 2, refillPerSecond: 1 };

describe('createMemoryRateLimiter', () => {
  test('one budget per key, created full, answered synchronously', () => {
    let time = 0;
    const limiter = createMemoryRateLimiter({ now: () => time });
    const take = (key: string) => {
      const result = limiter.take({ key, limit });
      if (isPending(result)) throw new Error('expected a synchronous answer');
      return result;
    };
    expect(take('commands:alice')).toEqual({ allowed: true });
    expect(take('commands:alice')).toEqual({ allowed: true });
    expect(take('commands:alice')).toEqual({ allowed: false, retryAfterMs: 1_000 });
    // Other keys — another user, or another kind of budget — are separate.
    expect(take('commands:bob')).toEqual({ allowed: true });
    expect(take('transcribe:alice')).toEqual({ allowed: true });
    time += 1_000;
    expect(take('commands:alice')).toEqual({ allowed: true });
  });

  test('buckets that have refilled are dropped, which changes no answer', () => {
    let time = 0;
    const limiter = createMemoryRateLimiter({ now: () => time });
    const take = (key: string) => limiter.take({ key, limit: { burst: 1, refillPerSecond: 1 } });
    expect(take('a')).toEqual({ allowed: true });
    expect(take('b')).toEqual({ allowed: true });
    // 'a' is still empty: not dropped, still refused.
    expect(take('a')).toMatchObject({ allowed: false });
    time += 1_000;
    expect(take('c')).toEqual({ allowed: true });
    expect(take('a')).toEqual({ allowed: true });
    expect(take('a')).toMatchObject({ allowed: false });
  });

  test('memory follows the keys in recent use: refilled buckets go as new keys come', () => {
    let time = 0;
    const table = new BucketTable(() => time);
    // 100,000 users, one command each, 1 ms apart; a bucket refills 400 ms after its take.
    const budget = { burst: 2, refillPerSecond: 5 };
    let largest = 0;
    let allowed = 0;
    for (let user = 0; user < 100_000; user += 1) {
      if (table.take({ key: `commands:${user}`, limit: budget }).allowed) allowed += 1;
      largest = Math.max(largest, table.size);
      time += 1;
    }
    expect(allowed).toBe(100_000);
    // Only the last 400 ms of users (plus one) are held, never the 100,000.
    expect(largest).toBeLessThanOrEqual(402);
    expect(table.size).toBeGreaterThanOrEqual(399);
  });

  test('a busy bucket is never dropped, however many keys come after it', () => {
    let time = 0;
    const table = new BucketTable(() => time);
    const budget = { burst: 1, refillPerSecond: 0.001 };
    expect(table.take({ key: 'commands:mallory', limit: budget })).toEqual({ allowed: true });
    for (let user = 0; user < 10_000; user += 1) {
      table.take({ key: `commands:${user}`, limit: budget });
      time += 1;
    }
    expect(table.take({ key: 'commands:mallory', limit: budget })).toMatchObject({
      allowed: false,
    });
  });
});
