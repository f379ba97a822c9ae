import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cookie that carries a browser's anonymous identity. */
export const IDENTITY_COOKIE = 'recall_demo_id';

/** A year: the browser keeps its learner (and their schedules) across visits. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 128 random bits, hex-encoded. */
const TOKEN = /^[0-9a-f]{32}$/;

/** Options for {@link createDemoIdentity}. */
export interface DemoIdentityOptions {
  /**
   * Mark the cookie `Secure`. `'auto'`: when the request arrived over TLS. Behind a proxy that
   * terminates TLS, pass `true`. @default 'auto'
   */
  secure?: boolean | 'auto';
}

/** Who a request is, in the demo: one anonymous user per browser. */
export interface DemoIdentity {
  /** The request's user, from its cookie; `null` without a valid one (→ 401 on the socket). */
  read(request: IncomingMessage): string | null;
  /** The request's user, creating one on first visit (the cookie is set on `response`). */
  ensure(request: IncomingMessage, response: ServerResponse): string;
}

/**
 * The demo's sign-in: every browser gets its own anonymous user the first time it asks for
 * anything — a random 128-bit token in an `HttpOnly`, `SameSite=Lax` cookie. The user id is
 * derived from the token by SHA-256, so ids in the database and in logs never reveal the
 * cookie that proves them. A real app replaces this with its own sign-in.
 */
export function createDemoIdentity(options: DemoIdentityOptions = {}): DemoIdentity {
  const secure = options.secure ?? 'auto';

  function read(request: IncomingMessage): string | null {
    const token = readCookie(request.headers.cookie, IDENTITY_COOKIE);
    return token !== null && TOKEN.test(token) ? userIdOf(token) : null;
  }

  return {
    read,
    ensure(request, response) {
      const known = read(request);
      if (known !== null) return known;
      const token = randomBytes(16).toString('hex');
      const tls = 'encrypted' in request.socket && request.socket.encrypted === true;
      const attributes = [
        `${IDENTITY_COOKIE}=${token}`,
        'Path=/',
        `Max-Age=${MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure === true || (secure === 'auto' && tls) ? ['Secure'] : []),
      ];
      response.appendHeader('set-cookie', attributes.join('; '));
      return userIdOf(token);
    },
  };
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
