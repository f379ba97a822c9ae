import type { ServerMessageOf } from '../protocol/server-messages';

// What a host (the Node server, the in-process transport) and the connection core hand each
// other: the socket one way, the connection's input the other. Types only.

/** A server frame serialized once, ready to be written to any number of sockets. */
export type EncodedMessage = string;

/**
 * One open WebSocket as a host hands it to the connection core: the `ws` library's socket
 * behind the Node server, a WebSocket-like pair in the in-process transport.
 */
export interface HostSocket {
  /** Whether frames can still be sent (the socket is open). */
  readonly isOpen: boolean;
  /** Bytes written but not yet sent (back-pressure). */
  readonly bufferedAmount: number;
  /** Sends one text frame. */
  send(frame: EncodedMessage): void;
  /** Starts the close handshake with `code`. */
  close(code: number, reason: string): void;
  /** Drops the socket at once (no close handshake). */
  terminate(): void;
  /** Stops delivering inbound frames; they wait in the host until {@link resume}. */
  pause(): void;
  resume(): void;
  /** Sends a protocol-level ping; hosts without one omit it. */
  ping?(): void;
}

/** Who is on the other end of a connection, for logs and per-user limits. */
export interface ConnectionIdentity {
  userId: string;
  sessionId: string;
  remoteAddress: string | undefined;
}

/** What the host reports to a connection: frames, pongs and the socket's end. */
export interface ConnectionInput {
  /** One inbound frame: its text, or a binary payload (refused), and its size in bytes. */
  receive(data: unknown, bytes: number): void;
  /** The peer answered a ping. */
  pong(): void;
  /** The socket is closed (by either side). */
  ended(): void;
}

/** One attached socket, as the core manages it. */
export interface SessionConnection extends ConnectionInput {
  readonly identity: ConnectionIdentity;
  /** Terminates the peer if it missed the previous ping, then pings again. */
  heartbeat(): void;
  /**
   * Closes with `code` (after sending `notice`, if given); terminates the socket if the close
   * handshake does not finish.
   */
  close(code: number, reason: string, notice?: ServerMessageOf<'error'>): void;
  /** Resolves once the socket is fully closed. */
  readonly closed: Promise<void>;
}
