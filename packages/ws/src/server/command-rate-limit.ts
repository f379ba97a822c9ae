import type { TokenBucket } from './token-bucket';

/** Which budget refused a command: the socket's own, or the one its user's sockets share. */
export type RateLimitScope = 'connection' | 'user';

/** The outcome of {@link CommandRateLimit.take}. */
export type CommandAdmission =
  | { allowed: true }
  | { allowed: false; retryAfterMs: number; scope: RateLimitScope };

/** The command budget of one connection. */
export interface CommandRateLimit {
  /** Takes one command from every budget, or from none when any of them is empty. */
  take(): CommandAdmission;
}

/** Options for {@link createCommandRateLimit}; `null` turns a budget off. */
export interface CommandRateLimitOptions {
  /** This socket's own bucket. */
  connection: TokenBucket | null;
  /** The bucket shared by every socket of the same user (so 16 sockets get 1 budget, not 16). */
  user: TokenBucket | null;
}

/**
 * Combines the per-connection and per-user buckets. A command is taken from both or from
 * neither, so a refusal by one budget does not drain the other, and `retryAfterMs` is the
 * wait until both have a token.
 */
export function createCommandRateLimit(options: CommandRateLimitOptions): CommandRateLimit {
  const budgets = (
    [
      ['connection', options.connection],
      ['user', options.user],
    ] as const
  ).flatMap(([scope, bucket]) => (bucket === null ? [] : [{ scope, bucket }]));

  return {
    take() {
      let refusal: { retryAfterMs: number; scope: RateLimitScope } | null = null;
      for (const { scope, bucket } of budgets) {
        const waitMs = bucket.waitMs();
        if (waitMs > 0 && (refusal === null || waitMs > refusal.retryAfterMs)) {
          refusal = { retryAfterMs: waitMs, scope };
        }
      }
      if (refusal !== null) return { allowed: false, ...refusal };
      for (const { bucket } of budgets) bucket.take();
      return { allowed: true };
    },
  };
}
