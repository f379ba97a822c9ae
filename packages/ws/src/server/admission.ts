import { CLOSE_CODES } from '../protocol/close-codes';
import type { SessionRefusal } from './resolve-session';
import { isPending, type RateLimiter } from './rate-limiter';
import type { ResolvedServerOptions } from './server-options';
import type { TakeResult } from './token-bucket';

/** The outcome of {@link Admission.admit}: a held socket slot, or why there is none. */
export type AdmitResult =
  | { ok: true; release: () => void }
  | { ok: false; refusal: SessionRefusal };

/** Per-user connection limits: attempts per second and open sockets. */
export interface Admission {
  /** Takes a connection attempt and, if allowed, one of the user's socket slots. */
  admit(userId: string): Promise<AdmitResult>;
}

/**
 * Creates the per-user limits: `connectionRateLimit` through the rate limiter (shared across
 * nodes when the limiter is), `maxSocketsPerUser` counted on this node.
 */
export function createAdmission(
  options: Pick<
    ResolvedServerOptions,
    'maxSocketsPerUser' | 'connectionRateLimit' | 'rateLimiter' | 'logger'
  >,
): Admission {
  const openSockets = new Map<string, number>();

  async function takeAttempt(limiter: RateLimiter, userId: string): Promise<TakeResult> {
    const limit = options.connectionRateLimit;
    if (limit === false) return { allowed: true };
    try {
      const taken = limiter.take({ key: `connections:${userId}`, limit });
      return isPending(taken) ? await taken : taken;
    } catch (error) {
      options.logger.error?.('rate limiter failed; connection let through', {
        userId,
        error: error instanceof Error ? error.message : String(error),
      });
      return { allowed: true };
    }
  }

  return {
    async admit(userId) {
      const attempt = await takeAttempt(options.rateLimiter, userId);
      if (!attempt.allowed) {
        return {
          ok: false,
          refusal: {
            code: 'RATE_LIMITED',
            message: `Too many connection attempts; retry in ${attempt.retryAfterMs} ms.`,
            retryAfterMs: attempt.retryAfterMs,
            closeCode: CLOSE_CODES.RATE_LIMITED.code,
            logReason: 'too many connection attempts',
          },
        };
      }
      const open = openSockets.get(userId) ?? 0;
      if (open >= options.maxSocketsPerUser) {
        return {
          ok: false,
          refusal: {
            code: 'RATE_LIMITED',
            message: `At most ${options.maxSocketsPerUser} connections per user.`,
            closeCode: CLOSE_CODES.RATE_LIMITED.code,
            logReason: 'too many sockets for user',
          },
        };
      }
      openSockets.set(userId, open + 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const count = (openSockets.get(userId) ?? 1) - 1;
          if (count <= 0) openSockets.delete(userId);
          else openSockets.set(userId, count);
        },
      };
    },
  };
}
