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
