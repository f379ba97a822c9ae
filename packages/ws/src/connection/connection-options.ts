import { DEFAULT_MAX_CLIENT_FRAME_BYTES, DEFAULT_MAX_CONTENT_LENGTH } from '../protocol/limits';
import type { RecallServerEngine } from '../server/engine-port';
import type { RecallServerLogger } from '../server/logger';
import { createMemoryRateLimiter, type RateLimiter } from '../server/rate-limiter';
import {
  type ResolvedServerLimits,
  resolveServerLimits,
  type ServerLimitOptions,
} from '../server/server-limits';

/** A command or connection rate limit (a token bucket). */
export interface RateLimitOptions {
  /** Commands accepted at once. @default 10 */
  burst?: number;
  /** Commands added back per second. @default 5 */
  refillPerSecond?: number;
}

/**
 * What one connection may send and hold, on any host (the Node server, the in-process
 * transport): frame sizes, command budgets, sockets per user, new sessions.
 */
export interface ConnectionLimitOptions
  extends Pick<
    ServerLimitOptions,
    | 'frameBudget'
    | 'userFrameBudget'
    | 'refusedFrameLimit'
    | 'sessionStartLimit'
    | 'maxConcurrentSessionStarts'
  > {
  /**
   * Largest frame in bytes; the socket is closed with 1009 above it. The default fits the
   * largest legitimate frame (8,000 characters of 3-byte UTF-8 text, about 24.2 KB) with a
   * third to spare; when `maxContentLength` is raised it grows to `3 × maxContentLength + 1024`.
   * @default 32768
   */
  maxPayload?: number;
  /** Largest `user_message.content` in characters. @default 8000 */
  maxContentLength?: number;
  /** Per-connection command rate limit, or `false` for none. @default { burst: 10, refillPerSecond: 5 } */
  rateLimit?: RateLimitOptions | false;
  /**
   * Command rate limit per user, shared by all of that user's sockets (so opening more
   * sockets buys no more budget), or `false` for none. Applies on top of `rateLimit`; a
   * command must fit both. Kept by `rateLimiter`: per node by default, so with N nodes a user
   * gets N budgets unless every node is given one shared limiter.
   * @default { burst: 20, refillPerSecond: 5 }
   */
  userRateLimit?: RateLimitOptions | false;
  /**
   * Where the per-user budgets (`userRateLimit`, `connectionRateLimit`) are kept, under the
   * keys `commands:<userId>` and `connections:<userId>`. Pass one limiter backed by a shared
   * store to every node (and to `createTranscribeHandler`) to give each user one budget
   * across the cluster. `rateLimit` (per socket) and `maxSocketsPerUser` stay per node.
   * @default createMemoryRateLimiter() — budgets in this process
   */
  rateLimiter?: RateLimiter;
  /** Open sockets allowed per user. @default 16 */
  maxSocketsPerUser?: number;
  /**
   * New connections per user (a reconnect flood is refused with the `RATE_LIMITED` close
   * code, which clients retry on their slow tier), or `false` for none.
   * @default { burst: 30, refillPerSecond: 1 }
   */
  connectionRateLimit?: RateLimitOptions | false;
  /** A socket whose send buffer would exceed this is closed as a slow consumer. @default 1048576 */
  maxBufferedBytes?: number;
}

/**
 * Where a connection's session is looked up: the owners of sessions and recall sets, and a
 * session's last seq. A `StorageAdapter` is one.
 */
export interface SessionDirectory {
  /** The recall set's owner (`undefined`: shared), or `null` when there is no such set. */
  getRecallSet(recallSetId: string): Promise<{ ownerId?: string | undefined } | null>;
  /** The session's learner (`undefined`: anonymous), or `null` when there is no such session. */
  getSession(sessionId: string): Promise<{ userId?: string | undefined } | null>;
  /** The seq of the session's last stored event (0 when none). */
  lastSeq(sessionId: string): Promise<number>;
}

/** {@link ConnectionLimitOptions} after defaults and validation. */
export interface ResolvedConnectionLimits extends ResolvedServerLimits {
  maxPayload: number;
  maxContentLength: number;
  rateLimit: Required<RateLimitOptions> | false;
  userRateLimit: Required<RateLimitOptions> | false;
  rateLimiter: RateLimiter;
  maxSocketsPerUser: number;
  connectionRateLimit: Required<RateLimitOptions> | false;
  maxBufferedBytes: number;
}

/** Everything the connection core runs on, resolved. */
export interface ConnectionSettings extends ResolvedConnectionLimits {
  engine: RecallServerEngine;
  storage: SessionDirectory;
  logger: RecallServerLogger;
}

const DEFAULTS = {
  maxPayload: DEFAULT_MAX_CLIENT_FRAME_BYTES,
  maxContentLength: DEFAULT_MAX_CONTENT_LENGTH,
  rateLimit: { burst: 10, refillPerSecond: 5 },
  userRateLimit: { burst: 20, refillPerSecond: 5 },
  maxSocketsPerUser: 16,
  connectionRateLimit: { burst: 30, refillPerSecond: 1 },
  maxBufferedBytes: 1024 * 1024,
} as const;

/** Throws the `TypeError` of an invalid count (`allowZero`: 0 is valid). */
export function requirePositiveInteger(name: string, value: number, allowZero = false): void {
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0)) {
    throw new TypeError(
      `createRecallServer: \`${name}\` must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${String(value)}.`,
    );
  }
}

function resolveRateLimit(
  name: string,
  value: RateLimitOptions | false | undefined,
  defaults: Required<RateLimitOptions>,
): Required<RateLimitOptions> | false {
  if (value === false) return false;
  const resolved = { ...defaults, ...value };
  requirePositiveInteger(`${name}.burst`, resolved.burst);
  if (!(resolved.refillPerSecond > 0)) {
    throw new TypeError(`createRecallServer: \`${name}.refillPerSecond\` must be positive.`);
  }
  return resolved;
}

/**
 * Applies the defaults of {@link ConnectionLimitOptions} (and of the server limits the core
 * applies) and rejects impossible values with a `TypeError`.
 */
export function resolveConnectionLimits(
  options: ConnectionLimitOptions & ServerLimitOptions,
): ResolvedConnectionLimits {
  const maxContentLength = options.maxContentLength ?? DEFAULTS.maxContentLength;
  requirePositiveInteger('maxContentLength', maxContentLength);
  const maxPayload =
    options.maxPayload ?? Math.max(DEFAULTS.maxPayload, 3 * maxContentLength + 1024);
  requirePositiveInteger('maxPayload', maxPayload);
  if (maxContentLength > maxPayload) {
    throw new TypeError(
      `createRecallServer: \`maxContentLength\` (${maxContentLength}) cannot exceed \`maxPayload\` (${maxPayload}).`,
    );
  }
  const rateLimit = resolveRateLimit('rateLimit', options.rateLimit, DEFAULTS.rateLimit);
  const userRateLimit = resolveRateLimit(
    'userRateLimit',
    options.userRateLimit,
    DEFAULTS.userRateLimit,
  );
  const connectionRateLimit = resolveRateLimit(
    'connectionRateLimit',
    options.connectionRateLimit,
    DEFAULTS.connectionRateLimit,
  );
  const maxSocketsPerUser = options.maxSocketsPerUser ?? DEFAULTS.maxSocketsPerUser;
  requirePositiveInteger('maxSocketsPerUser', maxSocketsPerUser);
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULTS.maxBufferedBytes;
  requirePositiveInteger('maxBufferedBytes', maxBufferedBytes);
  if (options.rateLimiter !== undefined && typeof options.rateLimiter?.take !== 'function') {
    throw new TypeError('createRecallServer: `rateLimiter` must have a `take` method.');
  }
  return {
    ...resolveServerLimits(options, maxPayload),
    maxPayload,
    maxContentLength,
    rateLimit,
    userRateLimit,
    maxSocketsPerUser,
    connectionRateLimit,
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    maxBufferedBytes,
  };
}
