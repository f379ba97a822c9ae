import { isPending, type RateLimitBudget, type RateLimiter } from './rate-limiter';
import type { TakeResult, TokenBucket } from './token-bucket';

/** Which budget refused a command: the socket's own, or the one its user's sockets share. */
export type RateLimitScope = 'connection' | 'user';

/** The outcome of {@link CommandRateLimit.take}. */
export type CommandAdmission =
  | { allowed: true }
  | { allowed: false; retryAfterMs: number; scope: RateLimitScope };

/** The command budget of one connection. */
export interface CommandRateLimit {
  /**
   * Takes one command from every budget, or from none when one of them refuses. Answers at
   * once unless the user's limiter is asynchronous (a shared store).
   */
  take(): CommandAdmission | Promise<CommandAdmission>;
}

/** Options for {@link createCommandRateLimit}; `null` turns a budget off. */
export interface CommandRateLimitOptions {
  /** This socket's own bucket (a socket lives on one node, so it is always local). */
  connection: TokenBucket | null;
  /** The budget every socket of the same user shares, through a {@link RateLimiter}. */
  user: { limiter: RateLimiter; key: string; limit: RateLimitBudget } | null;
  /** Called when the limiter throws or rejects; the command is then let through. */
  onLimiterError?: (error: unknown) => void;
}

const ALLOWED: CommandAdmission = Object.freeze({ allowed: true });

/**
 * Combines the per-connection bucket and the user's shared budget. The connection bucket is
 * checked first and taken only once the user's budget allowed the command, so a refusal by
 * either drains neither.
 */
export function createCommandRateLimit(options: CommandRateLimitOptions): CommandRateLimit {
  const { connection, user } = options;

  function finish(taken: TakeResult): CommandAdmission {
    if (!taken.allowed) return { allowed: false, retryAfterMs: taken.retryAfterMs, scope: 'user' };
    connection?.take();
    return ALLOWED;
  }

  function failOpen(error: unknown): CommandAdmission {
    options.onLimiterError?.(error);
    return finish({ allowed: true });
  }

  return {
    take() {
      const waitMs = connection?.waitMs() ?? 0;
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs, scope: 'connection' };
      if (user === null) return finish({ allowed: true });
      let taken: TakeResult | Promise<TakeResult>;
      try {
        taken = user.limiter.take({ key: user.key, limit: user.limit });
      } catch (error) {
        return failOpen(error);
      }
      return isPending(taken) ? Promise.resolve(taken).then(finish, failOpen) : finish(taken);
    },
  };
}
