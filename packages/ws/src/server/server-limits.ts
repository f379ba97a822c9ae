import type { FrameBudgetOptions } from './frame-budget';
import type { RateLimitBudget } from './rate-limiter';

/** A budget of new sessions (a token bucket: `burst` at once, then `refillPerSecond`). */
export interface SessionStartBudgetOptions {
  /** Session starts allowed at once. */
  burst?: number;
  /** Session starts added back per second (fractions allowed: `1 / 60` is one a minute). */
  refillPerSecond?: number;
}

/** Budgets of new sessions, by user and by remote address. */
export interface SessionStartLimitOptions {
  /**
   * Per user, or `false` for none.
   * @default { burst: 10, refillPerSecond: 0.1 } — 10 at once, then one every 10 s
   */
  perUser?: SessionStartBudgetOptions | false;
  /**
   * Per remote address (see `trustProxy`), or `false` for none. A classroom behind one NAT
   * shares it: the default lets 60 learners start at once and one more every second; a
   * flood of fresh ids from one address starts at most 60 + 1/s.
   * @default { burst: 60, refillPerSecond: 1 }
   */
  perAddress?: SessionStartBudgetOptions | false;
}

/**
 * What one peer may cost the server: inbound frames by size and count, sockets per address,
 * and new sessions. Every check runs in memory, before any storage work.
 */
export interface ServerLimitOptions {
  /**
   * Each socket's inbound budget. Every frame is charged by count and size before it is
   * parsed, refused or not; a frame over budget is refused unread with `RATE_LIMITED` and a
   * `retryAfterMs`. `false`: none.
   * @default { burstFrames: 60, framesPerSecond: 30, burstBytes: 65536, bytesPerSecond: 16384 }
   */
  frameBudget?: FrameBudgetOptions | false;
  /**
   * The inbound budget all sockets of one user share on this node (opening more sockets buys
   * no more). `false`: none.
   * @default { burstFrames: 120, framesPerSecond: 60, burstBytes: 131072, bytesPerSecond: 32768 }
   */
  userFrameBudget?: FrameBudgetOptions | false;
  /**
   * Refused frames (invalid, too large for the schema, over a frame budget) a socket may send
   * before it is closed with `FRAME_FLOOD` (4030): `burst` at once, then `refillPerSecond`.
   * `false`: never closed for it.
   * @default { burst: 20, refillPerSecond: 1 }
   */
  refusedFrameLimit?: RateLimitBudget | false;
  /**
   * Sockets one remote address may hold at once (open WebSockets and upgrades in progress;
   * on the server Recall creates, every TCP connection). Past it an upgrade is answered `503`.
   * IPv6 addresses count by their /64 prefix (one host usually owns a whole /64). Size it for
   * the largest site behind one NAT: a school of 600 learners with two tabs each needs 1,200.
   * @default 256
   */
  maxConnectionsPerAddress?: number;
  /**
   * How the remote address is taken. `0`: the TCP peer (`request.socket.remoteAddress`).
   * `N > 0`: behind N proxies you run, the N-th address from the right of
   * `X-Forwarded-For` (each proxy appends the address it saw; entries further left are
   * written by the client and cannot be trusted). With a proxy in front and `0`, every
   * learner shares the proxy's address and its limits.
   * @default 0
   */
  trustProxy?: number;
  /**
   * Budgets of new sessions (`?recallSetId=` connections, which may start one and call the
   * model), per user and per remote address; refused with `RATE_LIMITED` and a
   * `retryAfterMs`. `false`: none.
   * @default { perUser: { burst: 10, refillPerSecond: 0.1 }, perAddress: { burst: 60, refillPerSecond: 1 } }
   */
  sessionStartLimit?: SessionStartLimitOptions | false;
  /**
   * Sessions being started at once on this node (each may call the model); past it a
   * `?recallSetId=` connection is refused with `RATE_LIMITED` and a short `retryAfterMs`.
   * @default 32
   */
  maxConcurrentSessionStarts?: number;
}

/** {@link ServerLimitOptions} after defaults and validation. */
export interface ResolvedServerLimits {
  frameBudget: Required<FrameBudgetOptions> | false;
  userFrameBudget: Required<FrameBudgetOptions> | false;
  refusedFrameLimit: RateLimitBudget | false;
  maxConnectionsPerAddress: number;
  trustProxy: number;
  sessionStartLimit: { perUser: RateLimitBudget | false; perAddress: RateLimitBudget | false };
  maxConcurrentSessionStarts: number;
}

export const LIMIT_DEFAULTS = {
  // Two of the largest frames at once, then one every two seconds: far above what a learner
  // types, and a burst small enough that a dozen sockets' worth parses in milliseconds.
  frameBudget: {
    burstFrames: 60,
    framesPerSecond: 30,
    burstBytes: 64 * 1024,
    bytesPerSecond: 16 * 1024,
  },
  userFrameBudget: {
    burstFrames: 120,
    framesPerSecond: 60,
    burstBytes: 128 * 1024,
    bytesPerSecond: 32 * 1024,
  },
  refusedFrameLimit: { burst: 20, refillPerSecond: 1 },
  maxConnectionsPerAddress: 256,
  trustProxy: 0,
  sessionStartLimit: {
    perUser: { burst: 10, refillPerSecond: 0.1 },
    perAddress: { burst: 60, refillPerSecond: 1 },
  },
  maxConcurrentSessionStarts: 32,
} as const;

function fail(message: string): never {
  throw new TypeError(`createRecallServer: ${message}`);
}

function requireCount(name: string, value: number, allowZero = false): void {
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0)) {
    fail(
      `\`${name}\` must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${String(value)}.`,
    );
  }
}

function requireRate(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value)) fail(`\`${name}\` must be a positive number.`);
}

function resolveFrameBudget(
  name: string,
  value: FrameBudgetOptions | false | undefined,
  defaults: Required<FrameBudgetOptions>,
  maxPayload: number,
): Required<FrameBudgetOptions> | false {
  if (value === false) return false;
  // Two of the largest frames at least, when the payload limit was raised.
  const scaled = { ...defaults, burstBytes: Math.max(defaults.burstBytes, 2 * maxPayload) };
  const resolved = { ...scaled, ...value };
  requireCount(`${name}.burstFrames`, resolved.burstFrames);
  requireCount(`${name}.burstBytes`, resolved.burstBytes);
  requireRate(`${name}.framesPerSecond`, resolved.framesPerSecond);
  requireRate(`${name}.bytesPerSecond`, resolved.bytesPerSecond);
  if (resolved.burstBytes < maxPayload) {
    fail(
      `\`${name}.burstBytes\` (${resolved.burstBytes}) must be at least \`maxPayload\` (${maxPayload}).`,
    );
  }
  return resolved;
}

function resolveBudget(
  name: string,
  value: SessionStartBudgetOptions | false | undefined,
  defaults: RateLimitBudget,
): RateLimitBudget | false {
  if (value === false) return false;
  const resolved = { ...defaults, ...value };
  requireCount(`${name}.burst`, resolved.burst);
  requireRate(`${name}.refillPerSecond`, resolved.refillPerSecond);
  return resolved;
}

/** Applies defaults to {@link ServerLimitOptions} and rejects impossible values. */
export function resolveServerLimits(
  options: ServerLimitOptions,
  maxPayload: number,
): ResolvedServerLimits {
  const maxConnectionsPerAddress =
    options.maxConnectionsPerAddress ?? LIMIT_DEFAULTS.maxConnectionsPerAddress;
  requireCount('maxConnectionsPerAddress', maxConnectionsPerAddress);
  const trustProxy = options.trustProxy ?? LIMIT_DEFAULTS.trustProxy;
  requireCount('trustProxy', trustProxy, true);
  const maxConcurrentSessionStarts =
    options.maxConcurrentSessionStarts ?? LIMIT_DEFAULTS.maxConcurrentSessionStarts;
  requireCount('maxConcurrentSessionStarts', maxConcurrentSessionStarts);
  const sessionStart = options.sessionStartLimit;
  return {
    frameBudget: resolveFrameBudget(
      'frameBudget',
      options.frameBudget,
      LIMIT_DEFAULTS.frameBudget,
      maxPayload,
    ),
    userFrameBudget: resolveFrameBudget(
      'userFrameBudget',
      options.userFrameBudget,
      LIMIT_DEFAULTS.userFrameBudget,
      maxPayload,
    ),
    refusedFrameLimit: resolveBudget(
      'refusedFrameLimit',
      options.refusedFrameLimit,
      LIMIT_DEFAULTS.refusedFrameLimit,
    ),
    maxConnectionsPerAddress,
    trustProxy,
    sessionStartLimit:
      sessionStart === false
        ? { perUser: false, perAddress: false }
        : {
            perUser: resolveBudget(
              'sessionStartLimit.perUser',
              sessionStart?.perUser,
              LIMIT_DEFAULTS.sessionStartLimit.perUser,
            ),
            perAddress: resolveBudget(
              'sessionStartLimit.perAddress',
              sessionStart?.perAddress,
              LIMIT_DEFAULTS.sessionStartLimit.perAddress,
            ),
          },
    maxConcurrentSessionStarts,
  };
}
