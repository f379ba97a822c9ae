import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODE_POLICIES as CLOSE_CODES } from '../protocol/close-code-policies';
import type { ProtocolParseError } from '../protocol/parse-result';
import { PROTOCOL_VERSION } from '../protocol/protocol-version';
import type { ServerMessage } from '../protocol/server-messages';
import { decodeServerMessage } from './decode-server-message';
import { createTimers } from './timers';
import {
  WEBSOCKET_OPEN,
  type WebSocketLike,
  type WebSocketLikeConstructor,
} from './websocket-like';

/** What one connection reports to its owner. */
export interface ConnectionEvents {
  onOpen(): void;
  onFrame(frame: ServerMessage): void;
  /** A frame that is not a valid protocol message was dropped (the connection goes on). */
  onProtocolError(error: ProtocolParseError): void;
  /** The link is gone (closed by the server, dropped, or abandoned as dead). Called once. */
  onClose(code: number, reason: string): void;
}

/** Options for {@link openConnection}. */
export interface ConnectionOptions {
  url: string;
  WebSocket: WebSocketLikeConstructor;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  connectTimeoutMs: number;
  events: ConnectionEvents;
}

/** One socket's life: open (offering `recall.v2`), heartbeat, frames in and out, close. */
export interface Connection {
  /** Sends a message if the socket is open; returns whether it was written. */
  send(message: ClientMessage): boolean;
  /** Closes without reporting `onClose` (the owner is closing on purpose). */
  close(code?: number): void;
}

type TimerName = 'connect' | 'heartbeat' | 'pong';

/**
 * Opens one socket. A socket that has not opened within `connectTimeoutMs`, or that stays
 * silent for `heartbeatTimeoutMs` after a protocol `ping`, is abandoned as dead and reported
 * closed with 1006 without waiting for the browser to notice.
 */
export function openConnection(options: ConnectionOptions): Connection {
  const { events } = options;
  const timers = createTimers<TimerName>();
  let socket: WebSocketLike | null = null;

  function detach(): WebSocketLike | null {
    const current = socket;
    timers.clearAll();
    socket = null;
    if (current !== null) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.onerror = () => {};
    }
    return current;
  }

  function drop(code: number, reason: string): void {
    if (socket === null) return;
    detach();
    events.onClose(code, reason);
  }

  function abandon(): void {
    const dead = detach();
    try {
      dead?.close();
    } catch {
      // Already closing.
    }
    events.onClose(CLOSE_CODES.ABNORMAL.code, '');
  }

  function send(message: ClientMessage): boolean {
    if (socket?.readyState !== WEBSOCKET_OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function ping(): void {
    send({ type: 'ping' });
    if (!timers.has('pong')) timers.set('pong', options.heartbeatTimeoutMs, abandon);
  }

  try {
    socket = new options.WebSocket(options.url, [PROTOCOL_VERSION]);
  } catch {
    // An invalid URL, or a sandbox refusing sockets: report it like a dropped link.
    queueMicrotask(() => events.onClose(CLOSE_CODES.ABNORMAL.code, ''));
    return { send: () => false, close: () => {} };
  }
  const opened = socket;
  opened.onopen = () => {
    timers.clear('connect');
    events.onOpen();
    ping();
    timers.every('heartbeat', options.heartbeatIntervalMs, ping);
  };
  opened.onmessage = (event) => {
    // Any frame proves the link alive.
    timers.clear('pong');
    const decoded = decodeServerMessage(event.data);
    if (decoded.ok) events.onFrame(decoded.message);
    else events.onProtocolError(decoded.error);
  };
  opened.onclose = (event) => drop(event.code, event.reason);
  opened.onerror = () => {};
  timers.set('connect', options.connectTimeoutMs, abandon);

  return {
    send,
    close(code) {
      const current = detach();
      try {
        current?.close(code);
      } catch {
        // Already closing.
      }
    },
  };
}
