import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

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

/**
 * The key an address is counted under: IPv4 as it is (IPv4-mapped IPv6 unwrapped), IPv6 by
 * its /64 prefix, since one host is usually given a whole /64 and could rotate through it.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address.length === 0) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head.length > 0 ? head.split(':') : [];
  const right = tail.length > 0 ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
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
