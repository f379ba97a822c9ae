/** Options for {@link createTokenBucket}. */
export interface TokenBucketOptions {
  /** Tokens available at once (the burst). */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
  /** Clock in epoch ms. @default Date.now */
  now?: () => number;
}

/** The outcome of {@link TokenBucket.take}. */
export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A token bucket: `capacity` commands at once, then `refillPerSecond` per second. */
export interface TokenBucket {
  take(): TakeResult;
  /** Milliseconds until {@link take} would succeed (0: now); takes nothing. */
  waitMs(): number;
}

/** Creates a token bucket that starts full. */
export function createTokenBucket(options: TokenBucketOptions): TokenBucket {
  const now = options.now ?? Date.now;
  const refillPerMs = options.refillPerSecond / 1000;
  let tokens = options.capacity;
  let updatedAt = now();

  function refill(): void {
    const time = now();
    tokens = Math.min(options.capacity, tokens + (time - updatedAt) * refillPerMs);
    updatedAt = time;
  }

  function waitMs(): number {
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / refillPerMs));
  }

  return {
    take() {
      refill();
      if (tokens >= 1) {
        tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterMs: waitMs() };
    },
    waitMs() {
      refill();
      return waitMs();
    },
  };
}

/** Token buckets per key (e.g. per user), created on first use and pruned once full again. */
export interface KeyedTokenBuckets {
  take(key: string): TakeResult;
  /** Milliseconds until `take(key)` would succeed (0: now); takes nothing. */
  waitMs(key: string): number;
  /** The bucket of one key, as a {@link TokenBucket} (e.g. shared by one user's sockets). */
  forKey(key: string): TokenBucket;
  /** Keys currently tracked. */
  readonly size: number;
}

/** Creates per-key token buckets with the same options; full, idle buckets are dropped. */
export function createKeyedTokenBuckets(
  options: TokenBucketOptions & { pruneAbove?: number },
): KeyedTokenBuckets {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { bucket: TokenBucket; lastUsed: number }>();
  const fullAfterMs = (options.capacity / options.refillPerSecond) * 1000;
  const pruneAbove = options.pruneAbove ?? 1_000;

  function prune(time: number): void {
    for (const [key, entry] of buckets) {
      // A bucket untouched long enough to refill completely is the same as a new one.
      if (time - entry.lastUsed >= fullAfterMs) buckets.delete(key);
    }
  }

  const keyed: KeyedTokenBuckets = {
    take(key) {
      const time = now();
      if (buckets.size > pruneAbove) prune(time);
      let entry = buckets.get(key);
      if (entry === undefined) {
        entry = { bucket: createTokenBucket({ ...options, now }), lastUsed: time };
        buckets.set(key, entry);
      }
      entry.lastUsed = time;
      return entry.bucket.take();
    },
    waitMs(key) {
      // No bucket yet is a full one.
      return buckets.get(key)?.bucket.waitMs() ?? 0;
    },
    forKey(key) {
      return { take: () => keyed.take(key), waitMs: () => keyed.waitMs(key) };
    },
    get size() {
      return buckets.size;
    },
  };
  return keyed;
}
