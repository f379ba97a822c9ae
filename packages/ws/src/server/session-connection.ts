import { type EngineFeedItem, toRecallError } from '@recall/core';
import { type WebSocket, WebSocket as WebSocketClass } from 'ws';
import { CLOSE_CODES } from '../protocol/close-codes';
import { parseClientMessage } from '../protocol/parse-client-message';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import { type CommandMessage, dispatchCommand } from './dispatch-command';
import { type EncodedMessage, encodeFeedItem, encodeMessage } from './feed-serializer';
import type { ConnectionLog } from './log-limits';
import type { ResolvedServerOptions } from './server-options';
import {
  type CommandAdmission,
  type CommandRateLimitOptions,
  createCommandRateLimit,
} from './command-rate-limit';
import { createTokenBucket } from './token-bucket';
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
  options: ResolvedServerOptions;
  /** The budget all sockets of this user share (`null`: no per-user limit). */
  userBudget: CommandRateLimitOptions['user'];
  /** Where refused frames are logged, aggregated per connection. */
  refusals: ConnectionLog;
}

/** How long a closing socket may take to finish the close handshake before it is dropped. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Serves one session over one socket: streams the engine feed from `afterSeq` (history,
 * then live, with no gap or duplicate — the engine's `subscribe` guarantees the seam),
 * parses each frame, runs commands in arrival order and answers `ack` / `error` / `pong`.
 */
export function attachSessionConnection(attach: AttachSessionConnectionOptions): SessionConnection {
  const { socket, identity, options } = attach;
  const { engine, logger } = options;
  const rateLimit = createCommandRateLimit({
    connection: options.rateLimit
      ? createTokenBucket({
          capacity: options.rateLimit.burst,
          refillPerSecond: options.rateLimit.refillPerSecond,
        })
      : null,
    user: attach.userBudget,
    onLimiterError: (error) =>
      logger.error?.('rate limiter failed; command let through', {
        ...identity,
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  // Commands wait here only while an asynchronous limiter answers, so they keep their order.
  let admissions: Promise<void> = Promise.resolve();
  let pendingAdmissions = 0;
  let alive = true;
  let closing = false;
  let unsubscribe: (() => void) | null = null;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  function write(encoded: EncodedMessage): void {
    if (closing || socket.readyState !== WebSocketClass.OPEN) return;
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

  function onFeedItem(item: EngineFeedItem): void {
    const encoded = encodeFeedItem(item);
    if (encoded !== null) write(encoded);
  }

  async function runCommand(message: CommandMessage): Promise<void> {
    const { clientMessageId } = message;
    try {
      await dispatchCommand(engine, identity.sessionId, message);
      if (clientMessageId !== undefined) send({ type: 'ack', clientMessageId });
    } catch (error) {
      const recallError = toRecallError(error);
      if (recallError.code === 'INTERNAL_ERROR') {
        logger.error?.('command failed', {
          ...identity,
          command: message.type,
          error: recallError.message,
        });
      }
      send({
        type: 'error',
        code: recallError.code,
        // Internal failures say nothing about the server's insides.
        message:
          recallError.code === 'INTERNAL_ERROR'
            ? 'The command failed on the server.'
            : recallError.message,
        ...(recallError.retryAfterMs === undefined
          ? {}
          : { retryAfterMs: recallError.retryAfterMs }),
        ...(clientMessageId === undefined ? {} : { clientMessageId }),
      });
    }
  }

  function onFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    alive = true;
    if (closing) return;
    const raw = isBinary ? data : Buffer.isBuffer(data) ? data.toString('utf8') : data;
    const parsed = parseClientMessage(raw, {
      maxBytes: options.maxPayload,
      maxContentLength: options.maxContentLength,
    });
    if (!parsed.ok) {
      attach.refusals.refused('info', 'invalid frame', { code: parsed.error.code });
      send({ type: 'error', ...parsed.error });
      return;
    }
    const message = parsed.message;
    // Pings are liveness checks (cheap, answered at once), not commands: never rate limited.
    if (message.type === 'ping') {
      send({ type: 'pong', timestamp: Date.now() });
      return;
    }
    if (pendingAdmissions === 0) {
      const taken = rateLimit.take();
      if (taken instanceof Promise) {
        queueAdmission(() => taken.then((result) => admit(message, result)));
      } else {
        admit(message, taken);
      }
      return;
    }
    queueAdmission(async () => admit(message, await rateLimit.take()));
  }

  function queueAdmission(run: () => Promise<void>): void {
    pendingAdmissions += 1;
    admissions = admissions
      .then(run)
      .catch((error: unknown) => {
        // A failure here must not stall every later command of the socket.
        logger.error?.('command admission failed', {
          ...identity,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        pendingAdmissions -= 1;
      });
  }

  function admit(message: CommandMessage, taken: CommandAdmission): void {
    if (closing) return;
    if (!taken.allowed) {
      attach.refusals.refused('warn', 'rate limited', {
        command: message.type,
        scope: taken.scope,
      });
      send({
        type: 'error',
        code: 'RATE_LIMITED',
        message: `Too many messages; retry in ${taken.retryAfterMs} ms.`,
        retryAfterMs: taken.retryAfterMs,
        ...(message.clientMessageId === undefined
          ? {}
          : { clientMessageId: message.clientMessageId }),
      });
      return;
    }
    // Handed to the engine at once, in arrival order: its per-session queue runs them one
    // after another and refuses a learner message beyond its bound (SESSION_BUSY). Waiting
    // here for each acknowledgement would hide a flood from that bound.
    void runCommand(message);
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
    attach.refusals.close();
    closing = true;
    unsubscribe?.();
    unsubscribe = null;
    resolveClosed();
  });

  try {
    const stop = engine.subscribe(identity.sessionId, { afterSeq: attach.afterSeq }, onFeedItem);
    // The history may already have tripped the slow-consumer limit.
    if (closing) stop();
    else unsubscribe = stop;
  } catch (error) {
    const recallError = toRecallError(error);
    logger.error?.('subscribe failed', { ...identity, error: recallError.message });
    send({ type: 'error', code: recallError.code, message: 'Could not attach to the session.' });
    close(CLOSE_CODES.INTERNAL.code, 'subscribe failed');
  }

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
