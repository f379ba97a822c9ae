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

describe('createKeyedTokenBuckets', () => {
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
