// The key per-address limits count a remote address under, shared by both hosts (the Node
// server and the in-process transport), so both group addresses alike. Platform-neutral: no
// `node:net`, since the in-process transport also runs in browsers (stories, app tests).

/** One IPv6 group: 1 to 4 hex digits. */
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
/** An IPv4 address written in the last 32 bits of an IPv6 one (`64:ff9b::192.0.2.1`). */
const DOTTED_TAIL =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** The eight 16-bit groups of an IPv6 address as hex text, or `null` when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parts = halves.map((half) => (half.length === 0 ? [] : half.split(':')));
  const last = parts[parts.length - 1]!;
  // A dotted IPv4 tail stands for the last two groups.
  if (last.length > 0 && DOTTED_TAIL.test(last[last.length - 1]!)) last.splice(-1, 1, '0', '0');
  if (!parts.every((groups) => groups.every((group) => HEX_GROUP.test(group)))) return null;
  const [left = [], right = []] = parts;
  if (halves.length === 1) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing >= 1 ? [...left, ...Array<string>(missing).fill('0'), ...right] : null;
}

/**
 * The key an address is counted under: IPv4 as it is (IPv4-mapped IPv6 unwrapped), IPv6 by
 * its /64 prefix, since one host is usually given a whole /64 and could rotate through it.
 * Anything else (a name, an unparsable string) is its own key; no address is `'unknown'`.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address.length === 0) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const groups = bare.includes(':') ? ipv6Groups(bare) : null;
  if (groups === null) return bare;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
