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
}

/** Creates a token bucket that starts full. */
export function createTokenBucket(options: TokenBucketOptions): TokenBucket {
  const now = options.now ?? Date.now;
  const refillPerMs = options.refillPerSecond / 1000;
  let tokens = options.capacity;
  let updatedAt = now();

  return {
    take() {
      const time = now();
      tokens = Math.min(options.capacity, tokens + (time - updatedAt) * refillPerMs);
      updatedAt = time;
      if (tokens >= 1) {
        tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterMs: Math.max(1, Math.ceil((1 - tokens) / refillPerMs)) };
    },
  };
}
