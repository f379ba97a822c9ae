import { toRecallError } from '@recall/core';
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import { clientMessageParsing } from '../protocol/client-messages';
import { parseMessage } from '../protocol/internal/decode-frame';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import {
  type CommandRateLimitOptions,
  createCommandIntake,
  type InboundGuard,
} from '../server/command-intake';
import { type CommandMessage, answerCommand } from '../server/command-intake';
import {
  type EncodedMessage,
  encodeMessage,
  errorFrame,
  subscribeSessionFrames,
} from '../server/feed-serializer';
import type { ConnectionLog } from '../server/log-limits';
import type { ConnectionSettings } from './connection-options';

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

/** Options for {@link attachSessionConnection}. */
export interface AttachSessionConnectionOptions {
  socket: HostSocket;
  identity: ConnectionIdentity;
  /** Events with `seq > afterSeq` are sent first (history), then live ones. */
  afterSeq: number;
  /** The log's last seq when the connection was resolved: `history_end` follows it. */
  headSeq: number;
  settings: ConnectionSettings;
  /** The budget all sockets of this user share (`null`: no per-user limit). */
  userBudget: CommandRateLimitOptions['user'];
  /** Where refused frames are logged, aggregated per connection. */
  refusals: ConnectionLog;
  /** The frame budgets every inbound frame is charged to before it is parsed. */
  inbound: InboundGuard;
  /** Sees every valid client message, in arrival order (the in-process transport's record). */
  onMessage?: ((message: ClientMessage) => void) | undefined;
}

/** The longest a socket over its frame budget goes unread: well inside a heartbeat interval. */
const MAX_READ_HOLD_MS = 10_000;

/** How long a client closed for `FRAME_FLOOD` is asked to wait before reconnecting. */
const FRAME_FLOOD_RETRY_AFTER_MS = 30_000;

/** How long a closing socket may take to finish the close handshake before it is dropped. */
export const CLOSE_GRACE_MS = 1_000;

/** A timer that never keeps a Node process alive (browsers have no `unref`). */
export function later(milliseconds: number, run: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, milliseconds);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * Serves one session over one socket: streams the engine feed from `afterSeq` (history,
 * then live, with no gap or duplicate — the engine's `subscribe` guarantees the seam),
 * charges and parses each frame, answers pings, rate-limits commands, hands them to the
 * engine in arrival order and answers `ack` / `error`.
 */
export function attachSessionConnection(attach: AttachSessionConnectionOptions): SessionConnection {
  const { socket, identity, settings } = attach;
  const { logger } = settings;
  let alive = true;
  let closing = false;
  let unsubscribe: (() => void) | null = null;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  function write(encoded: EncodedMessage): void {
    if (closing || !socket.isOpen) return;
    // Length in UTF-16 units: close enough to bytes for a back-pressure threshold.
    if (socket.bufferedAmount + encoded.length > settings.maxBufferedBytes) {
      logger.warn?.('slow consumer disconnected', {
        ...identity,
        bufferedAmount: socket.bufferedAmount,
      });
      close(CLOSE_CODES.SLOW_CONSUMER.code, 'slow consumer');
      return;
    }
    socket.send(encoded);
  }

  function send(message: ServerMessage): void {
    write(encodeMessage(message));
  }

  // `parseClientMessage`'s options, resolved once for every frame of the connection.
  const parsing = clientMessageParsing({
    maxBytes: settings.maxPayload,
    maxContentLength: settings.maxContentLength,
  });

  const commands = createCommandIntake({
    options: settings,
    userBudget: attach.userBudget,
    identity: { ...identity },
    refusals: attach.refusals,
    isClosing: () => closing,
    send,
    run: (message) => void runCommand(message),
  });

  /** Runs one command on the engine and answers it (`ack` or `error`). */
  async function runCommand(message: CommandMessage): Promise<void> {
    const answer = await answerCommand({
      engine: settings.engine,
      sessionId: identity.sessionId,
      message,
      onInternalError: (error) =>
        logger.error?.('command failed', {
          ...identity,
          command: message.type,
          error: error.message,
        }),
    });
    if (answer !== null) send(answer);
  }

  function receive(data: unknown, bytes: number): void {
    alive = true;
    if (closing) return;
    // The protocol's own limit (`ws` enforces it before a frame reaches us).
    if (bytes > settings.maxPayload) {
      close(CLOSE_CODES.MESSAGE_TOO_BIG.code, '');
      return;
    }
    // Charged before anything is decoded: refused frames cost their weight too.
    const charged = attach.inbound.charge(bytes);
    if (!charged.allowed) {
      refuse('over frame budget', {
        code: 'RATE_LIMITED',
        message: `Too many frames; retry in ${charged.retryAfterMs} ms.`,
        retryAfterMs: charged.retryAfterMs,
      });
      holdReading(charged.retryAfterMs);
      return;
    }
    const parsed = parseMessage<ClientMessage>(data, parsing);
    if (!parsed.ok) {
      refuse('invalid frame', parsed.error);
      return;
    }
    attach.onMessage?.(parsed.message);
    // Pings are liveness checks (cheap, answered at once), not commands: never rate limited.
    if (parsed.message.type === 'ping') send({ type: 'pong', timestamp: Date.now() });
    else commands.take(parsed.message);
  }

  /**
   * Stops reading the socket until its budget has refilled: what the peer sends meanwhile
   * waits in the host (on Node, in TCP buffers: its own sends stall) and costs nothing.
   */
  function holdReading(milliseconds: number): void {
    if (closing || resumeTimer !== undefined) return;
    socket.pause();
    resumeTimer = later(Math.min(milliseconds, MAX_READ_HOLD_MS), () => {
      resumeTimer = undefined;
      if (!closing) socket.resume();
    });
  }

  /** Answers a refused frame, or closes a socket that keeps sending them. */
  function refuse(reason: string, error: Parameters<typeof errorFrame>[0]): void {
    attach.refusals.refused('info', reason, { code: error.code });
    if (attach.inbound.countRefusal()) {
      send(errorFrame(error));
      return;
    }
    logger.warn?.('too many refused frames; closing', { ...identity });
    close(
      CLOSE_CODES.FRAME_FLOOD.code,
      'too many refused frames',
      errorFrame({
        code: 'RATE_LIMITED',
        message: 'Too many refused frames; reconnect later.',
        retryAfterMs: FRAME_FLOOD_RETRY_AFTER_MS,
      }),
    );
  }

  function close(code: number, reason: string, notice?: ServerMessageOf<'error'>): void {
    if (closing) return;
    if (notice !== undefined) send(notice);
    closing = true;
    unsubscribe?.();
    unsubscribe = null;
    if (!socket.isOpen) return;
    socket.close(code, reason);
    // A slow or dead peer may never answer the close frame.
    later(CLOSE_GRACE_MS, () => socket.terminate());
  }

  const connection: SessionConnection = {
    identity,
    closed,
    receive,
    pong() {
      alive = true;
    },
    ended() {
      if (resumeTimer !== undefined) clearTimeout(resumeTimer);
      attach.refusals.close();
      closing = true;
      unsubscribe?.();
      unsubscribe = null;
      resolveClosed();
    },
    heartbeat() {
      if (closing) return;
      if (!alive) {
        logger.info?.('heartbeat missed; terminating', { ...identity });
        closing = true;
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping?.();
    },
    close,
  };
  // History after `afterSeq`, `history_end`, then live frames; nothing once the history
  // tripped the slow-consumer limit; answered, then closed, when the subscription fails.
  try {
    const stop = subscribeSessionFrames({
      engine: settings.engine,
      sessionId: identity.sessionId,
      afterSeq: attach.afterSeq,
      headSeq: attach.headSeq,
      send: write,
    });
    if (closing) stop();
    else unsubscribe = stop;
  } catch (error) {
    const recallError = toRecallError(error);
    logger.error?.('subscribe failed', { ...identity, error: recallError.message });
    send(errorFrame({ code: recallError.code, message: 'Could not attach to the session.' }));
    close(CLOSE_CODES.INTERNAL.code, 'subscribe failed');
  }
  return connection;
}
