import { toRecallError } from '@recall/core';
import { type WebSocket, WebSocket as WebSocketClass } from 'ws';
import { CLOSE_CODES } from '../protocol/close-codes';
import { parseClientMessage } from '../protocol/parse-client-message';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import { createCommandIntake } from './command-intake';
import type { CommandRateLimitOptions } from './command-rate-limit';
import { type CommandMessage, answerCommand } from './dispatch-command';
import { type EncodedMessage, encodeMessage, errorFrame } from './feed-serializer';
import { frameByteLength, type InboundGuard } from './inbound-guard';
import type { ConnectionLog } from './log-limits';
import type { ResolvedServerOptions } from './server-options';
import { subscribeSessionFrames } from './session-subscription';
import { coalesceWrites } from './write-coalescing';

/** Who is on the other end of a connection, for logs and per-user limits. */
export interface ConnectionIdentity {
  userId: string;
  sessionId: string;
  remoteAddress: string | undefined;
}

/** One attached socket, as the server manages it. */
export interface SessionConnection {
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
  socket: WebSocket;
  identity: ConnectionIdentity;
  /** Events with `seq > afterSeq` are sent first (history), then live ones. */
  afterSeq: number;
  /** The log's last seq when the connection was resolved: `history_end` follows it. */
  headSeq: number;
  options: ResolvedServerOptions;
  /** The budget all sockets of this user share (`null`: no per-user limit). */
  userBudget: CommandRateLimitOptions['user'];
  /** Where refused frames are logged, aggregated per connection. */
  refusals: ConnectionLog;
  /** The frame budgets every inbound frame is charged to before it is parsed. */
  inbound: InboundGuard;
}

/** The longest a socket over its frame budget goes unread: well inside a heartbeat interval. */
const MAX_READ_HOLD_MS = 10_000;

/** How long a client closed for `FRAME_FLOOD` is asked to wait before reconnecting. */
const FRAME_FLOOD_RETRY_AFTER_MS = 30_000;

/** How long a closing socket may take to finish the close handshake before it is dropped. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Serves one session over one socket: streams the engine feed from `afterSeq` (history,
 * then live, with no gap or duplicate — the engine's `subscribe` guarantees the seam),
 * parses each frame, hands commands to the engine in arrival order and answers `ack` /
 * `error` / `pong`.
 */
export function attachSessionConnection(attach: AttachSessionConnectionOptions): SessionConnection {
  const { socket, identity, options } = attach;
  const { logger } = options;
  let alive = true;
  let closing = false;
  let unsubscribe: (() => void) | null = null;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  function write(encoded: EncodedMessage): void {
    if (closing || socket.readyState !== WebSocketClass.OPEN) return;
    // Length in UTF-16 units: close enough to bytes for a back-pressure threshold.
    if (socket.bufferedAmount + encoded.length > options.maxBufferedBytes) {
      logger.warn?.('slow consumer disconnected', {
        ...identity,
        bufferedAmount: socket.bufferedAmount,
      });
      close(CLOSE_CODES.SLOW_CONSUMER.code, 'slow consumer');
      return;
    }
    coalesceWrites(socket);
    socket.send(encoded, { binary: false });
  }

  function send(message: ServerMessage): void {
    write(encodeMessage(message));
  }

  const commands = createCommandIntake({
    options,
    userBudget: attach.userBudget,
    identity: { ...identity },
    refusals: attach.refusals,
    isClosing: () => closing,
    send,
    run: (message) => void runCommand(attach, message, send),
  });

  function onFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    alive = true;
    if (closing) return;
    // Charged before anything is decoded: refused frames cost their weight too.
    const charged = attach.inbound.charge(frameByteLength(data));
    if (!charged.allowed) {
      refuse('over frame budget', {
        code: 'RATE_LIMITED',
        message: `Too many frames; retry in ${charged.retryAfterMs} ms.`,
        retryAfterMs: charged.retryAfterMs,
      });
      holdReading(charged.retryAfterMs);
      return;
    }
    const raw = isBinary ? data : Buffer.isBuffer(data) ? data.toString('utf8') : data;
    const parsed = parseClientMessage(raw, {
      maxBytes: options.maxPayload,
      maxContentLength: options.maxContentLength,
    });
    if (!parsed.ok) {
      refuse('invalid frame', parsed.error);
      return;
    }
    // Pings are liveness checks (cheap, answered at once), not commands: never rate limited.
    if (parsed.message.type === 'ping') send({ type: 'pong', timestamp: Date.now() });
    else commands.take(parsed.message);
  }

  let resumeTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Stops reading the socket until its budget has refilled: what the peer sends meanwhile
   * waits in TCP buffers (its own sends stall) and costs this process nothing.
   */
  function holdReading(milliseconds: number): void {
    if (closing || resumeTimer !== undefined) return;
    socket.pause();
    resumeTimer = setTimeout(
      () => {
        resumeTimer = undefined;
        if (!closing) socket.resume();
      },
      Math.min(milliseconds, MAX_READ_HOLD_MS),
    );
    resumeTimer.unref();
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
    if (
      socket.readyState === WebSocketClass.OPEN ||
      socket.readyState === WebSocketClass.CONNECTING
    ) {
      socket.close(code, reason);
      // A slow or dead peer may never answer the close frame.
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  socket.on('error', (error) => {
    logger.info?.('socket error', { ...identity, error: error.message });
  });
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('message', onFrame);
  socket.on('close', () => {
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    attach.refusals.close();
    closing = true;
    unsubscribe?.();
    unsubscribe = null;
    resolveClosed();
  });

  unsubscribe = subscribe(attach, { write, send, close, isClosing: () => closing });

  return {
    identity,
    closed,
    heartbeat() {
      if (closing) return;
      if (!alive) {
        logger.info?.('heartbeat missed; terminating', { ...identity });
        closing = true;
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    },
    close,
  };
}

/** Runs one command on the engine and answers it (`ack` or `error`). */
async function runCommand(
  { options, identity }: AttachSessionConnectionOptions,
  message: CommandMessage,
  send: (message: ServerMessage) => void,
): Promise<void> {
  const answer = await answerCommand({
    engine: options.engine,
    sessionId: identity.sessionId,
    message,
    onInternalError: (error) =>
      options.logger.error?.('command failed', {
        ...identity,
        command: message.type,
        error: error.message,
      }),
  });
  if (answer !== null) send(answer);
}

/** What {@link subscribe} needs of the connection. */
interface FrameSink {
  write(encoded: EncodedMessage): void;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
  isClosing(): boolean;
}

/**
 * History after `afterSeq`, `history_end`, then live frames. Returns the unsubscribe function,
 * or `null` once the connection is closing (the history may already have tripped the
 * slow-consumer limit) or the subscription failed (answered, then closed).
 */
function subscribe(
  { options, identity, afterSeq, headSeq }: AttachSessionConnectionOptions,
  sink: FrameSink,
): (() => void) | null {
  try {
    const stop = subscribeSessionFrames({
      engine: options.engine,
      sessionId: identity.sessionId,
      afterSeq,
      headSeq,
      send: sink.write,
    });
    if (!sink.isClosing()) return stop;
    stop();
  } catch (error) {
    const recallError = toRecallError(error);
    options.logger.error?.('subscribe failed', { ...identity, error: recallError.message });
    sink.send(errorFrame({ code: recallError.code, message: 'Could not attach to the session.' }));
    sink.close(CLOSE_CODES.INTERNAL.code, 'subscribe failed');
  }
  return null;
}
