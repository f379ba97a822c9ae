import { CLOSE_CODES } from '../protocol/close-codes';
import type { SessionRefusal } from './resolve-session';
import { isPending, type RateLimitBudget } from './rate-limiter';
import type { ConnectionSettings } from '../connection/connection-options';
import type { TakeResult } from './rate-limiter';

/** The outcome of {@link Admission.admit}: a held socket slot, or why there is none. */
export type AdmitResult =
  | { ok: true; release: () => void }
  | { ok: false; refusal: SessionRefusal };

/** Who asks to connect, and whether the connection may start a session. */
export interface AdmissionRequest {
  userId: string;
  /** The remote address's key (see `addressKey`). */
  addressKey: string;
  /** A `?recallSetId=` connection, which may start a session (and call the model). */
  startsSession: boolean;
}

/** Per-user connection limits and the budgets of new sessions, all checked in memory. */
export interface Admission {
  /**
   * Takes a connection attempt, a session start when the request may start one (user budget
   * first, then the address's), and one of the user's socket slots. The result's `release`
   * frees the slot; `sessionStarted` must be called once the session is resolved.
   */
  admit(request: AdmissionRequest): Promise<AdmitResult & { sessionStarted?: () => void }>;
}

/** How long a start refused for too many concurrent starts is asked to wait. */
const BUSY_RETRY_AFTER_MS = 2_000;

/**
 * Creates the per-user limits: `connectionRateLimit` and `sessionStartLimit` through the rate
 * limiter (shared across nodes when the limiter is), `maxSocketsPerUser` and
 * `maxConcurrentSessionStarts` counted on this node.
 */
export function createAdmission(
  options: Pick<
    ConnectionSettings,
    | 'maxSocketsPerUser'
    | 'connectionRateLimit'
    | 'sessionStartLimit'
    | 'maxConcurrentSessionStarts'
    | 'rateLimiter'
    | 'logger'
  >,
): Admission {
  const openSockets = new Map<string, number>();
  let starting = 0;

  async function take(key: string, limit: RateLimitBudget | false): Promise<TakeResult> {
    if (limit === false) return { allowed: true };
    try {
      const taken = options.rateLimiter.take({ key, limit });
      return isPending(taken) ? await taken : taken;
    } catch (error) {
      options.logger.error?.('rate limiter failed; connection let through', {
        key: key.slice(0, key.indexOf(':')),
        error: error instanceof Error ? error.message : String(error),
      });
      return { allowed: true };
    }
  }

  /** A session-start refusal, or `undefined` when the start fits every budget. */
  async function takeSessionStart(request: AdmissionRequest): Promise<SessionRefusal | undefined> {
    const { perUser, perAddress } = options.sessionStartLimit;
    const user = await take(`session-starts:${request.userId}`, perUser);
    if (!user.allowed) {
      return rateLimited(user.retryAfterMs, 'Too many new sessions', 'session starts of user');
    }
    const address = await take(`session-starts-address:${request.addressKey}`, perAddress);
    if (!address.allowed) {
      return rateLimited(
        address.retryAfterMs,
        'Too many new sessions from your network',
        'session starts of address',
      );
    }
    return undefined;
  }

  return {
    async admit(request) {
      const { userId } = request;
      const attempt = await take(`connections:${userId}`, options.connectionRateLimit);
      if (!attempt.allowed) {
        return {
          ok: false,
          refusal: rateLimited(
            attempt.retryAfterMs,
            'Too many connection attempts',
            'too many connection attempts',
          ),
        };
      }
      if (request.startsSession) {
        // Reserved before the budgets' awaits, so concurrent upgrades cannot all slip past.
        if (starting >= options.maxConcurrentSessionStarts) {
          const refusal = rateLimited(
            BUSY_RETRY_AFTER_MS,
            'Too many sessions are starting',
            'session starts busy',
          );
          return { ok: false, refusal };
        }
        starting += 1;
        const refusal = await takeSessionStart(request);
        if (refusal !== undefined) {
          starting -= 1;
          return { ok: false, refusal };
        }
      }
      let started = !request.startsSession;
      const open = openSockets.get(userId) ?? 0;
      if (open >= options.maxSocketsPerUser) {
        if (!started) starting -= 1;
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
        sessionStarted() {
          if (started) return;
          started = true;
          starting -= 1;
        },
        release() {
          if (!started) {
            started = true;
            starting -= 1;
          }
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

function rateLimited(retryAfterMs: number, what: string, logReason: string): SessionRefusal {
  return {
    code: 'RATE_LIMITED',
    message: `${what}; retry in ${retryAfterMs} ms.`,
    retryAfterMs,
    closeCode: CLOSE_CODES.RATE_LIMITED.code,
    logReason,
  };
}
