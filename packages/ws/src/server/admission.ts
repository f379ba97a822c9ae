import { CLOSE_CODES } from '../protocol/close-codes';
import type { SessionRefusal } from './resolve-session';
import type { ResolvedServerOptions } from './server-options';
import { createKeyedTokenBuckets } from './token-bucket';

/** The outcome of {@link Admission.admit}: a held socket slot, or why there is none. */
export type AdmitResult =
  | { ok: true; release: () => void }
  | { ok: false; refusal: SessionRefusal };

/** Per-user connection limits: attempts per second and open sockets. */
export interface Admission {
  /** Takes a connection attempt and, if allowed, one of the user's socket slots. */
  admit(userId: string): AdmitResult;
}

/** Creates the per-user limits of `maxSocketsPerUser` and `connectionRateLimit`. */
export function createAdmission(
  options: Pick<ResolvedServerOptions, 'maxSocketsPerUser' | 'connectionRateLimit'>,
): Admission {
  const attempts = options.connectionRateLimit
    ? createKeyedTokenBuckets({
        capacity: options.connectionRateLimit.burst,
        refillPerSecond: options.connectionRateLimit.refillPerSecond,
      })
    : null;
  const openSockets = new Map<string, number>();

  return {
    admit(userId) {
      const attempt = attempts?.take(userId) ?? { allowed: true };
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
