import { describe, expect, test } from 'vitest';
import { createTokenBucket } from './rate-limiter';

describe('createTokenBucket', () => {
  test('allows the burst, then refuses with the wait until the next token', () => {
    let time = 1_000;
    const bucket = createTokenBucket({ capacity: 3, refillPerSecond: 2, now: () => time });
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    expect(bucket.take()).toEqual({ allowed: false, retryAfterMs: 500 });
    time += 250;
    expect(bucket.take()).toEqual({ allowed: false, retryAfterMs: 250 });
    time += 250;
    expect(bucket.take()).toEqual({ allowed: true });
  });

  test('refills up to the capacity only', () => {
    let time = 0;
    const bucket = createTokenBucket({ capacity: 2, refillPerSecond: 10, now: () => time });
    time += 60_000;
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(false);
  });
});

describe('TokenBucket.waitMs', () => {
  test('reports the wait without taking a token', () => {
    let time = 0;
    const bucket = createTokenBucket({ capacity: 1, refillPerSecond: 4, now: () => time });
    expect(bucket.waitMs()).toBe(0);
    expect(bucket.waitMs()).toBe(0);
    expect(bucket.take()).toEqual({ allowed: true });
    expect(bucket.waitMs()).toBe(250);
    time += 100;
    expect(bucket.waitMs()).toBe(150);
    time += 150;
    expect(bucket.waitMs()).toBe(0);
    expect(bucket.take()).toEqual({ allowed: true });
  });
});
