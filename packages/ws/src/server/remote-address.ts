import type { IncomingMessage } from 'node:http';

/**
 * The address a request came from: the TCP peer, or with `trustProxy` N > 0 the N-th entry
 * from the right of `X-Forwarded-For` (the one the outermost of your N proxies saw). Falls
 * back to the TCP peer when the header has fewer entries.
 */
export function remoteAddressOf(request: IncomingMessage, trustProxy: number): string | undefined {
  const peer = request.socket.remoteAddress;
  if (trustProxy === 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined) return peer;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return entries[entries.length - trustProxy] ?? peer;
}

/** Counts held sockets per address key against one cap. */
export interface AddressCounter {
  /** Counts one socket in; `null` when the key already holds `max`. Call the result once. */
  enter(key: string): (() => void) | null;
  /** Sockets held by `key`. */
  held(key: string): number;
}

/** Creates an {@link AddressCounter} (keys are dropped at zero). */
export function createAddressCounter(max: number): AddressCounter {
  const counts = new Map<string, number>();
  return {
    enter(key) {
      const count = counts.get(key) ?? 0;
      if (count >= max) return null;
      counts.set(key, count + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (counts.get(key) ?? 1) - 1;
        if (remaining <= 0) counts.delete(key);
        else counts.set(key, remaining);
      };
    },
    held: (key) => counts.get(key) ?? 0,
  };
}
