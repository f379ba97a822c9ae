import { describe, expect, test } from 'vitest';
import { createMemoryRateLimiter, isPending } from './rate-limiter';

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

  test('past maxKeys, buckets that have refilled are dropped, which changes no answer', () => {
    let time = 0;
    const limiter = createMemoryRateLimiter({ now: () => time, maxKeys: 1 });
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
});
