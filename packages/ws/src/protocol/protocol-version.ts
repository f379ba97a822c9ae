// Plain constants only (no zod): the browser client offers these when it connects.

/** The protocol version this package speaks, offered and selected as a WebSocket subprotocol. */
export const PROTOCOL_VERSION = 'recall.v2';

/** Every protocol version a Recall server of this package speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [PROTOCOL_VERSION];

/**
 * The version to speak with a client that offered `offered` (the `Sec-WebSocket-Protocol`
 * values, in the client's order of preference), or `null` when it offers none of ours.
 */
export function selectProtocolVersion(offered: Iterable<string>): string | null {
  for (const version of offered) {
    if (SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return version;
  }
  return null;
}

/** The `UNSUPPORTED_PROTOCOL` message for a client that offered `offered`. */
export function unsupportedProtocolMessage(offered: readonly string[]): string {
  const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ');
  const got = offered.length === 0 ? 'none' : offered.join(', ');
  return `This server speaks the Recall protocol ${supported} (WebSocket subprotocol); the client offered ${got}. Update the client.`;
}
