import type { IncomingMessage } from 'node:http';

/**
 * Whether the upgrade's `Origin` may connect (cross-site WebSocket hijacking defence).
 * Comparison is exact — no wildcard or substring matching. A missing `Origin` means a
 * non-browser client, which cannot be hijacked cross-site, so it is allowed.
 */
export function isOriginAllowed(
  request: IncomingMessage,
  allowedOrigins: readonly string[] | 'same-host' | 'any',
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || allowedOrigins === 'any') return true;
  if (allowedOrigins === 'same-host') {
    const host = request.headers.host;
    if (host === undefined) return false;
    try {
      return new URL(origin).host === host.toLowerCase();
    } catch {
      return false;
    }
  }
  return allowedOrigins.includes(origin);
}
