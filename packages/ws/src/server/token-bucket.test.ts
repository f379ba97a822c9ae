import { describe, expect, test } from 'vitest';
import { createKeyedTokenBuckets, createTokenBucket } from './token-bucket';

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

describe('createKeyedTokenBuckets', () => {
  test('forKey gives views that share one bucket per key', () => {
    const buckets = createKeyedTokenBuckets({ capacity: 2, refillPerSecond: 1, now: () => 0 });
    const first = buckets.forKey('alice');
    const second = buckets.forKey('alice');
    const other = buckets.forKey('bob');
    expect(first.waitMs()).toBe(0);
    expect(first.take().allowed).toBe(true);
    expect(second.take().allowed).toBe(true);
    expect(first.take()).toEqual({ allowed: false, retryAfterMs: 1_000 });
    expect(second.waitMs()).toBe(1_000);
    expect(other.take().allowed).toBe(true);
  });

  test('keeps one bucket per key and drops buckets that have refilled', () => {
    let time = 0;
    const buckets = createKeyedTokenBuckets({
      capacity: 1,
      refillPerSecond: 1,
      now: () => time,
      pruneAbove: 1,
    });
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('b').allowed).toBe(true);
    expect(buckets.size).toBe(2);
    time += 1_000;
    expect(buckets.take('c').allowed).toBe(true);
    expect(buckets.size).toBe(1);
    expect(buckets.take('a').allowed).toBe(true);
  });
});
