import { createTokenBucket, type TakeResult, type TokenBucket } from './token-bucket';

/** A budget: `burst` requests at once, then `refillPerSecond` per second. */
export interface RateLimitBudget {
  burst: number;
  refillPerSecond: number;
}

/** One request for a unit of budget. */
export interface RateLimitRequest {
  /**
   * Whose budget, for what: `commands:<userId>` (WebSocket commands of a user),
   * `connections:<userId>` (new sockets of a user), `transcribe:<userId>` (voice uploads).
   */
  key: string;
  /** The budget the server is configured with for this kind of key. */
  limit: RateLimitBudget;
}

/**
 * Decides whether a request fits its key's budget and takes one unit if it does. The same
 * interface serves the WebSocket server and the transcribe handler. The default,
 * {@link createMemoryRateLimiter}, keeps budgets in this process, so each node of a cluster
 * gives a user a budget of its own; pass one limiter backed by a shared store (Redis, your
 * database) to every node to give each user one budget across the cluster. A limiter that
 * throws or rejects lets the request through and the failure is logged, so an outage of the
 * store never stops sessions (the per-connection limit and the engine's pending-work bound
 * still apply).
 *
 * @example
 * const limiter: RateLimiter = {
 *   async take({ key, limit }) {
 *     const waitMs = await redisTokenBucket(key, limit.burst, limit.refillPerSecond);
 *     return waitMs === 0 ? { allowed: true } : { allowed: false, retryAfterMs: waitMs };
 *   },
 * };
 */
export interface RateLimiter {
  take(request: RateLimitRequest): TakeResult | Promise<TakeResult>;
}

/** Options for {@link createMemoryRateLimiter}. */
export interface MemoryRateLimiterOptions {
  /** Clock in epoch ms. @default Date.now */
  now?: () => number;
  /** Keys kept before idle, refilled ones are dropped. @default 10000 */
  maxKeys?: number;
}

/**
 * Token buckets in this process's memory, one per key, created full on first use. Answers
 * synchronously. Share one instance between servers of one process to share their budgets.
 */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const buckets = new Map<string, { bucket: TokenBucket; lastUsed: number; fullAfterMs: number }>();

  function prune(time: number): void {
    for (const [key, entry] of buckets) {
      // A bucket untouched long enough to refill completely is the same as a new one.
      if (time - entry.lastUsed >= entry.fullAfterMs) buckets.delete(key);
    }
  }

  return {
    take({ key, limit }) {
      const time = now();
      if (buckets.size >= maxKeys) prune(time);
      let entry = buckets.get(key);
      if (entry === undefined) {
        entry = {
          bucket: createTokenBucket({
            capacity: limit.burst,
            refillPerSecond: limit.refillPerSecond,
            now,
          }),
          lastUsed: time,
          fullAfterMs: (limit.burst / limit.refillPerSecond) * 1000,
        };
        buckets.set(key, entry);
      }
      entry.lastUsed = time;
      return entry.bucket.take();
    },
  };
}

/** Whether a limiter's answer has to be awaited. */
export function isPending(result: TakeResult | Promise<TakeResult>): result is Promise<TakeResult> {
  return typeof (result as Promise<TakeResult>).then === 'function';
}
