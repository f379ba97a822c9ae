import type { FrameBudgetOptions } from './frame-budget';

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
  /**
   * @deprecated Refilled buckets are now dropped as they age, whatever the count; this
   * option no longer changes anything. A bucket that has not refilled is never dropped, so
   * no key ever gets a fresh budget early.
   */
  maxKeys?: number;
}

/** Buckets looked at per `take` for pruning: constant work, however many keys there are. */
const PRUNE_STEPS = 2;

interface BucketEntry {
  bucket: TokenBucket;
  lastUsed: number;
  fullAfterMs: number;
}

/**
 * The buckets of {@link createMemoryRateLimiter}, in least-recently-used order: every `take`
 * moves its key to the end and drops at most {@link PRUNE_STEPS} refilled buckets from the
 * old end. Internal; exported for tests.
 */
export class BucketTable {
  readonly #now: () => number;
  readonly #buckets = new Map<string, BucketEntry>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Keys held now. */
  get size(): number {
    return this.#buckets.size;
  }

  take({ key, limit }: RateLimitRequest): TakeResult {
    const time = this.#now();
    let entry = this.#buckets.get(key);
    if (entry === undefined) {
      entry = {
        bucket: createTokenBucket({
          capacity: limit.burst,
          refillPerSecond: limit.refillPerSecond,
          now: this.#now,
        }),
        lastUsed: time,
        fullAfterMs: (limit.burst / limit.refillPerSecond) * 1000,
      };
    } else {
      this.#buckets.delete(key);
    }
    entry.lastUsed = time;
    this.#buckets.set(key, entry);
    this.#prune(time);
    return entry.bucket.take();
  }

  #prune(time: number): void {
    for (let step = 0; step < PRUNE_STEPS; step += 1) {
      const oldest = this.#buckets.entries().next();
      if (oldest.done) return;
      const [key, entry] = oldest.value;
      // A bucket untouched long enough to refill completely is the same as a new one.
      if (time - entry.lastUsed < entry.fullAfterMs) return;
      this.#buckets.delete(key);
    }
  }
}

/**
 * Token buckets in this process's memory, one per key, created full on first use. Answers
 * synchronously, in constant time per `take`: keys are kept in least-recently-used order
 * and each `take` drops at most a couple of refilled buckets from the old end (a full
 * bucket is the same as a new one), so memory follows the keys in recent use. Share one
 * instance between servers of one process to share their budgets.
 */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const table = new BucketTable(options.now ?? Date.now);
  return { take: (request) => table.take(request) };
}

/** Whether a limiter's answer has to be awaited. */
export function isPending(result: TakeResult | Promise<TakeResult>): result is Promise<TakeResult> {
  return typeof (result as Promise<TakeResult>).then === 'function';
}

/** The outcome of {@link FrameMeter.charge}. */
export type FrameCharge = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts one budget's frames and bytes. */
export interface FrameMeter {
  /**
   * Charges one frame of `bytes` whatever happens to it next (refused frames cost the same as
   * accepted ones). Refused when the budget could not pay for it before the charge; the debt
   * is kept (down to one burst), so a sender that keeps going stays refused.
   */
  charge(bytes: number): FrameCharge;
}

/** Options for {@link createFrameMeter}. */
export interface FrameMeterOptions {
  budget: Required<FrameBudgetOptions>;
  /** Clock in epoch ms. @default Date.now */
  now?: () => number;
}

const ALLOWED: FrameCharge = Object.freeze({ allowed: true });

/** A frame meter that starts full. */
export function createFrameMeter(options: FrameMeterOptions): FrameMeter {
  const { budget } = options;
  const now = options.now ?? Date.now;
  let frames = budget.burstFrames;
  let bytes = budget.burstBytes;
  let updatedAt = now();

  function refill(): void {
    const time = now();
    const elapsedSeconds = Math.max(0, time - updatedAt) / 1000;
    frames = Math.min(budget.burstFrames, frames + elapsedSeconds * budget.framesPerSecond);
    bytes = Math.min(budget.burstBytes, bytes + elapsedSeconds * budget.bytesPerSecond);
    updatedAt = time;
  }

  return {
    charge(size) {
      refill();
      const allowed = frames >= 1 && bytes >= size;
      frames = Math.max(-budget.burstFrames, frames - 1);
      bytes = Math.max(-budget.burstBytes, bytes - size);
      if (allowed) return ALLOWED;
      const framesWait = frames >= 0 ? 0 : (-frames / budget.framesPerSecond) * 1000;
      const bytesWait = bytes >= 0 ? 0 : (-bytes / budget.bytesPerSecond) * 1000;
      return {
        allowed: false,
        retryAfterMs: Math.max(1, Math.ceil(framesWait), Math.ceil(bytesWait)),
      };
    },
  };
}
