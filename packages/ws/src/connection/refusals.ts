import { isRetryableCode, type RecallErrorCode } from '@recall/core';
import { CLOSE_CODES } from '../protocol/close-codes';
import type { ServerMessageOf } from '../protocol/server-messages';
import type { ConnectionLog } from '../server/log-limits';
import type { RecallServerLogger } from '../server/logger';
import type { ConnectionIdentity, HostSocket } from './host-socket';

// How a connection says no: the `error` frame (a refused frame or command, a failed turn),
// the frames refused one by one (answered, read later when over budget, the socket closed
// when they keep coming) and the grace a closing socket gets. Off the way of a valid frame.

/** Options of {@link errorFrame}. */
export interface ErrorFrameOptions {
  code: RecallErrorCode;
  message: string;
  retryAfterMs?: number | undefined;
  clientMessageId?: string | undefined;
}

/** The `error` frame for `code`; `retryable` comes from the error table. */
export function errorFrame(options: ErrorFrameOptions): ServerMessageOf<'error'> {
  const { code, message, retryAfterMs, clientMessageId } = options;
  return {
    type: 'error',
    code,
    message,
    retryable: isRetryableCode(code),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(clientMessageId === undefined ? {} : { clientMessageId }),
  };
}

/** How long a closing socket may take to finish the close handshake before it is dropped. */
export const CLOSE_GRACE_MS = 1_000;

/** A timer that never keeps a Node process alive (browsers have no `unref`). */
export function later(milliseconds: number, run: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, milliseconds);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** The longest a socket over its frame budget goes unread: well inside a heartbeat interval. */
const MAX_READ_HOLD_MS = 10_000;

/** How long a client closed for `FRAME_FLOOD` is asked to wait before reconnecting. */
const FRAME_FLOOD_RETRY_AFTER_MS = 30_000;

/** Options for {@link createFrameRefusals}: the connection whose frames are refused. */
export interface FrameRefusalsOptions {
  socket: HostSocket;
  identity: ConnectionIdentity;
  logger: RecallServerLogger;
  /** Where refused frames are logged, aggregated per connection. */
  refusals: ConnectionLog;
  /** Counts one refused frame; `false` once the socket has sent too many and must close. */
  countRefusal(): boolean;
  /** Whether the connection is closing (its socket is then neither held nor resumed). */
  isClosing(): boolean;
  /** Answers the client. */
  send(message: ServerMessageOf<'error'>): void;
  /** Closes the connection (after sending `notice`). */
  close(code: number, reason: string, notice: ServerMessageOf<'error'>): void;
}

/** The refusals of one connection's inbound frames. */
export interface FrameRefusals {
  /** Answers a refused frame, or closes a socket that keeps sending them. */
  refuse(reason: string, error: ErrorFrameOptions): void;
  /** Refuses a frame over the frame budget and stops reading until the budget has refilled. */
  overBudget(retryAfterMs: number): void;
  /** Cancels a pending resume: the socket has ended. */
  stop(): void;
}

/** Creates the refusals of one connection. */
export function createFrameRefusals(options: FrameRefusalsOptions): FrameRefusals {
  const { socket, identity } = options;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;

  function refuse(reason: string, error: ErrorFrameOptions): void {
    options.refusals.refused('info', reason, { code: error.code });
    if (options.countRefusal()) {
      options.send(errorFrame(error));
      return;
    }
    options.logger.warn?.('too many refused frames; closing', { ...identity });
    options.close(
      CLOSE_CODES.FRAME_FLOOD.code,
      'too many refused frames',
      errorFrame({
        code: 'RATE_LIMITED',
        message: 'Too many refused frames; reconnect later.',
        retryAfterMs: FRAME_FLOOD_RETRY_AFTER_MS,
      }),
    );
  }

  /**
   * Stops reading the socket until its budget has refilled: what the peer sends meanwhile
   * waits in the host (on Node, in TCP buffers: its own sends stall) and costs nothing.
   */
  function holdReading(milliseconds: number): void {
    if (options.isClosing() || resumeTimer !== undefined) return;
    socket.pause();
    resumeTimer = later(Math.min(milliseconds, MAX_READ_HOLD_MS), () => {
      resumeTimer = undefined;
      if (!options.isClosing()) socket.resume();
    });
  }

  return {
    refuse,
    overBudget(retryAfterMs) {
      refuse('over frame budget', {
        code: 'RATE_LIMITED',
        message: `Too many frames; retry in ${retryAfterMs} ms.`,
        retryAfterMs,
      });
      holdReading(retryAfterMs);
    },
    stop() {
      if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    },
  };
}
