import type { IncomingMessage } from 'node:http';

/**
 * The host names a server listening on a loopback address answers by default (any port).
 * DNS rebinding points an attacker's name at 127.0.0.1: the browser then sends
 * `Host: attacker.example`, which is not on this list.
 */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/**
 * Host names a server answers: `'app.example'` (any port), `'app.example:8443'` (that port
 * only), `'.example.com'` (`example.com` and every subdomain), bracketed IPv6 such as
 * `'[::1]'` — or `'any'` when something in front (a proxy) already checks the `Host` header.
 */
export type AllowedHosts = readonly string[] | 'any';

/** A parsed `Host` header: lower-cased name (IPv6 in brackets) and port, if any. */
interface HostHeader {
  name: string;
  port: string | null;
}

const NAME = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * Whether the request's `Host` header names a host this server answers, so a page on a
 * rebound DNS name (whose requests carry the attacker's host name) is refused. Exact matching
 * (case-insensitive; a trailing dot ignored), no wildcards except a leading-dot entry for a
 * domain and its subdomains. A missing or malformed `Host` is refused unless `'any'`.
 * Use it for your own routes too (e.g. a JSON API next to the socket).
 *
 * @example
 * if (!isHostAllowed(request, ['app.example'])) return respond(403, 'Host not allowed');
 */
export function isHostAllowed(
  request: Pick<IncomingMessage, 'headers'>,
  allowedHosts: AllowedHosts,
): boolean {
  if (allowedHosts === 'any') return true;
  const host = parseHost(request.headers.host);
  if (host === null) return false;
  return allowedHosts.some((entry) => matches(host, entry));
}

/** Why a host allowlist entry cannot be used, or `null` when it is fine. */
export function invalidHostEntry(entry: string): string | null {
  if (typeof entry !== 'string' || entry.length === 0) return 'entries must be non-empty strings';
  if (entry.includes('*')) return 'entries are matched exactly; use ".example.com" for subdomains';
  if (entry.includes('/')) return `"${entry}" is a URL; give the host name only`;
  const parsed = parseHost(entry.startsWith('.') ? entry.slice(1) : entry);
  if (parsed === null) return `"${entry}" is not a host name`;
  if (entry.startsWith('.') && parsed.port !== null) return `"${entry}" cannot carry a port`;
  return null;
}

function matches(host: HostHeader, entry: string): boolean {
  const wanted = parseHost(entry.startsWith('.') ? entry.slice(1) : entry);
  if (wanted === null) return false;
  if (wanted.port !== null && wanted.port !== host.port) return false;
  if (entry.startsWith('.')) {
    return host.name === wanted.name || host.name.endsWith(`.${wanted.name}`);
  }
  return host.name === wanted.name;
}

function parseHost(value: string | undefined): HostHeader | null {
  if (value === undefined || value.length === 0 || value.length > 255) return null;
  const text = value.trim().toLowerCase();
  let name = text;
  let port: string | null = null;
  const separator = text.startsWith('[') ? text.indexOf(']:') + 1 : text.lastIndexOf(':');
  if (separator > 0) {
    name = text.slice(0, separator);
    port = text.slice(separator + 1);
    if (!/^\d{1,5}$/.test(port)) return null;
  }
  if (name.endsWith('.') && !name.startsWith('[')) name = name.slice(0, -1);
  return NAME.test(name) ? { name, port } : null;
}

function isLoopbackAddress(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    address === 'localhost' ||
    address === '::1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)
  );
}

/**
 * `createRecallServer`'s `allowedHosts` after validation and defaults: the loopback names when
 * Recall listens itself on a loopback address; otherwise the caller must name them.
 */
export function resolveAllowedHosts(options: {
  allowedHosts: AllowedHosts | undefined;
  port: number | undefined;
  host: string;
}): AllowedHosts {
  const { allowedHosts } = options;
  if (allowedHosts === 'any') return 'any';
  if (allowedHosts !== undefined) {
    if (!Array.isArray(allowedHosts) || allowedHosts.length === 0) {
      throw new TypeError(
        "createRecallServer: `allowedHosts` must be a non-empty list of host names or 'any'.",
      );
    }
    for (const entry of allowedHosts) {
      const problem = invalidHostEntry(entry);
      if (problem !== null) {
        throw new TypeError(`createRecallServer: \`allowedHosts\`: ${problem}.`);
      }
    }
    return Object.freeze([...allowedHosts]);
  }
  if (options.port !== undefined && isLoopbackAddress(options.host)) {
    return LOOPBACK_HOSTS;
  }
  throw new TypeError(
    options.port === undefined
      ? "createRecallServer: attached to your server, Recall cannot tell which host names are yours: pass `allowedHosts` (e.g. ['app.example']), or 'any' when a proxy in front checks the Host header."
      : `createRecallServer: listening on ${options.host}, pass \`allowedHosts\` with the host names clients use (e.g. ['app.example']), or 'any' when a proxy in front checks the Host header.`,
  );
}
