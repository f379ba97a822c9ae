import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMemoryRateLimiter, type RateLimitBudget } from '@recall/ws/server';

/** The cookie that carries a browser's anonymous identity. */
export const IDENTITY_COOKIE = 'recall_demo_id';

/** A year: the browser keeps its learner (and their schedules) across visits. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 128 random bits, hex-encoded; signed, `<token>.<signature>`. */
const TOKEN = /^[0-9a-f]{32}$/;
const SIGNED = /^([0-9a-f]{32})\.([0-9a-f]{64})$/;

/** New learners one address may be given at once, then per second: a classroom arrives at once. */
export const DEFAULT_NEW_LEARNER_BUDGET: RateLimitBudget = { burst: 60, refillPerSecond: 1 };

/** Options for {@link createDemoIdentity}. */
export interface DemoIdentityOptions {
  /** The key cookies are signed with (HMAC-SHA256): at least 32 bytes. */
  key: Buffer;
  /**
   * Mark the cookie `Secure`. `'auto'`: when the request arrived over TLS. Behind a proxy that
   * terminates TLS, pass `true`. @default 'auto'
   */
  secure?: boolean | 'auto';
  /**
   * Whether a learner already has data: an unsigned cookie from before cookies were signed is
   * re-signed for such a learner rather than replaced (their sessions stay theirs).
   * @default () => false
   */
  hasData?: (userId: string) => Promise<boolean>;
  /** New learners per remote address, or `false` for no limit. @default DEFAULT_NEW_LEARNER_BUDGET */
  newLearnerBudget?: RateLimitBudget | false;
  /** Clock for the budget. @default Date.now */
  now?: () => number;
}

/** The outcome of {@link DemoIdentity.ensure}. */
export type EnsuredLearner =
  | { ok: true; userId: string }
  /** No learner could be issued: the address used up its budget of new learners. */
  | { ok: false; retryAfterMs: number };

/** Who a request is, in the demo: one anonymous user per browser. */
export interface DemoIdentity {
  /**
   * The request's user from its signed cookie; `null` without one (→ 401 on the socket).
   * In memory only: it runs before the WebSocket upgrade completes.
   */
  read(request: IncomingMessage): string | null;
  /**
   * The request's user, issuing one (and its cookie, set on `response`) on a first visit,
   * within the address's budget of new learners.
   */
  ensure(request: IncomingMessage, response: ServerResponse): Promise<EnsuredLearner>;
}

/**
 * The demo's sign-in: every browser gets its own anonymous learner the first time it asks
 * for anything — a random 128-bit token, signed with the server's key, in an `HttpOnly`,
 * `SameSite=Lax` cookie. Only ids this server issued are accepted: a made-up token is not a
 * learner. New learners are issued under a per-address budget. The user id is derived from
 * the token by SHA-256, so ids in the database and in logs never reveal the cookie that
 * proves them. A real app replaces this with its own sign-in.
 */
export function createDemoIdentity(options: DemoIdentityOptions): DemoIdentity {
  if (options.key.length < 32) {
    throw new TypeError('createDemoIdentity: the cookie key must be at least 32 bytes.');
  }
  const secure = options.secure ?? 'auto';
  const budget = options.newLearnerBudget ?? DEFAULT_NEW_LEARNER_BUDGET;
  const limiter = createMemoryRateLimiter(options.now === undefined ? {} : { now: options.now });

  const sign = (token: string) => signature(options.key, token);

  function verified(cookie: string | null): string | null {
    const match = cookie === null ? null : SIGNED.exec(cookie);
    if (match === null) return null;
    const [, token = '', signature = ''] = match;
    const expected = Buffer.from(sign(token), 'hex');
    const given = Buffer.from(signature, 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
  }

  function setCookie(request: IncomingMessage, response: ServerResponse, token: string): void {
    const tls = 'encrypted' in request.socket && request.socket.encrypted === true;
    const attributes = [
      `${IDENTITY_COOKIE}=${signToken(options.key, token)}`,
      'Path=/',
      `Max-Age=${MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure === true || (secure === 'auto' && tls) ? ['Secure'] : []),
    ];
    response.appendHeader('set-cookie', attributes.join('; '));
  }

  function read(request: IncomingMessage): string | null {
    const token = verified(readCookie(request.headers.cookie, IDENTITY_COOKIE));
    return token === null ? null : userIdOf(token);
  }

  return {
    read,
    async ensure(request, response) {
      const cookie = readCookie(request.headers.cookie, IDENTITY_COOKIE);
      const signed = verified(cookie);
      if (signed !== null) return { ok: true, userId: userIdOf(signed) };
      // A cookie from before signing: keep the learner if they have anything stored.
      if (cookie !== null && TOKEN.test(cookie) && (await options.hasData?.(userIdOf(cookie)))) {
        setCookie(request, response, cookie);
        return { ok: true, userId: userIdOf(cookie) };
      }
      if (budget !== false) {
        const address = request.socket.remoteAddress ?? 'unknown';
        const taken = limiter.take({ key: `learners:${address}`, limit: budget });
        // The memory limiter answers synchronously.
        if ('allowed' in taken && !taken.allowed)
          return { ok: false, retryAfterMs: taken.retryAfterMs };
      }
      const token = randomBytes(16).toString('hex');
      setCookie(request, response, token);
      return { ok: true, userId: userIdOf(token) };
    },
  };
}

/** The HMAC-SHA256 of a token under `key`, hex. */
function signature(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('hex');
}

/** The cookie value this server issues for `token`: `<token>.<signature>`. */
export function signToken(key: Buffer, token: string): string {
  return `${token}.${signature(key, token)}`;
}

/** The user id a token stands for. */
export function userIdOf(token: string): string {
  return `anon-${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
