import type { ServerMessageOf } from '../protocol/server-messages';
import { errorFrame } from '../connection/refusals';
import type { ConnectionLog } from './log-limits';
import type { LogFields } from './logger';
import {
  createTokenBucket,
  type FrameCharge,
  type FrameMeter,
  isPending,
  type RateLimitBudget,
  type RateLimiter,
  type TakeResult,
  type TokenBucket,
} from './rate-limiter';
import type { ConnectionSettings } from '../connection/connection-options';
import { toRecallError } from '@recall/core';
import type { ClientMessage } from '../protocol/client-messages';
import type { RecallServerEngine } from './engine-port';

/** Options for {@link createCommandIntake}. */
export interface CommandIntakeOptions {
  /** The rate limit, the logger, and the engine admitted commands run on. */
  options: Pick<ConnectionSettings, 'rateLimit' | 'logger' | 'engine'>;
  /** The budget all sockets of this user share (`null`: no per-user limit). */
  userBudget: CommandRateLimitOptions['user'];
  /** Log fields naming the connection. */
  identity: LogFields;
  /** Where rate-limit refusals are logged, aggregated per connection. */
  refusals: ConnectionLog;
  /** Whether the connection is closing (admitted commands are then dropped). */
  isClosing(): boolean;
  /** Answers the client: an `ack`, a command's `error`, a `RATE_LIMITED` refusal. */
  send(message: ServerMessageOf<'ack'> | ServerMessageOf<'error'>): void;
  /** The session admitted commands run in. */
  sessionId: string;
}

/** The commands of one connection on their way to the engine. */
export interface CommandIntake {
  /**
   * Admits `message` through the rate limits, in arrival order, then runs it on the engine
   * and answers it (`ack` or `error`); or refuses it.
   */
  take(message: CommandMessage): void;
}

/**
 * Rate-limits a connection's commands and runs each admitted one on the engine at once, in
 * arrival order: the engine's per-session queue runs them one after another and refuses a
 * learner message beyond its bound (`SESSION_BUSY`). Waiting here for each acknowledgement
 * would hide a flood from that bound. Commands wait only while an asynchronous limiter (a
 * shared store) answers, so they keep their order.
 */
export function createCommandIntake(intake: CommandIntakeOptions): CommandIntake {
  const { options, identity } = intake;
  const { logger } = options;
  const rateLimit = createCommandRateLimit({
    connection: options.rateLimit
      ? createTokenBucket({
          capacity: options.rateLimit.burst,
          refillPerSecond: options.rateLimit.refillPerSecond,
        })
      : null,
    user: intake.userBudget,
    onLimiterError: (error) =>
      logger.error?.('rate limiter failed; command let through', {
        ...identity,
        error: describe(error),
      }),
  });
  let admissions: Promise<void> = Promise.resolve();
  let pendingAdmissions = 0;

  function queueAdmission(run: () => Promise<void>): void {
    pendingAdmissions += 1;
    admissions = admissions
      .then(run)
      .catch((error: unknown) => {
        // A failure here must not stall every later command of the socket.
        logger.error?.('command admission failed', { ...identity, error: describe(error) });
      })
      .finally(() => {
        pendingAdmissions -= 1;
      });
  }

  /** Runs one admitted command on the engine and answers it (`ack` or `error`). */
  async function run(message: CommandMessage): Promise<void> {
    const answer = await answerCommand({
      engine: options.engine,
      sessionId: intake.sessionId,
      message,
      onInternalError: (error) =>
        logger.error?.('command failed', {
          ...identity,
          command: message.type,
          error: error.message,
        }),
    });
    if (answer !== null) intake.send(answer);
  }

  function admit(message: CommandMessage, taken: CommandAdmission): void {
    if (intake.isClosing()) return;
    if (taken.allowed) {
      void run(message);
      return;
    }
    intake.refusals.refused('warn', 'rate limited', { command: message.type, scope: taken.scope });
    intake.send(
      errorFrame({
        code: 'RATE_LIMITED',
        message: `Too many messages; retry in ${taken.retryAfterMs} ms.`,
        retryAfterMs: taken.retryAfterMs,
        clientMessageId: message.clientMessageId,
      }),
    );
  }

  return {
    take(message) {
      if (pendingAdmissions > 0) {
        queueAdmission(async () => admit(message, await rateLimit.take()));
        return;
      }
      const taken = rateLimit.take();
      if (taken instanceof Promise) {
        queueAdmission(() => taken.then((result) => admit(message, result)));
      } else {
        admit(message, taken);
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Which budget refused a command: the socket's own, or the one its user's sockets share. */
export type RateLimitScope = 'connection' | 'user';

/** The outcome of {@link CommandRateLimit.take}. */
export type CommandAdmission =
  | { allowed: true }
  | { allowed: false; retryAfterMs: number; scope: RateLimitScope };

/** The command budget of one connection. */
export interface CommandRateLimit {
  /**
   * Takes one command from every budget, or from none when one of them refuses. Answers at
   * once unless the user's limiter is asynchronous (a shared store).
   */
  take(): CommandAdmission | Promise<CommandAdmission>;
}

/** Options for {@link createCommandRateLimit}; `null` turns a budget off. */
export interface CommandRateLimitOptions {
  /** This socket's own bucket (a socket lives on one node, so it is always local). */
  connection: TokenBucket | null;
  /** The budget every socket of the same user shares, through a {@link RateLimiter}. */
  user: { limiter: RateLimiter; key: string; limit: RateLimitBudget } | null;
  /** Called when the limiter throws or rejects; the command is then let through. */
  onLimiterError?: (error: unknown) => void;
}

const ALLOWED: CommandAdmission = Object.freeze({ allowed: true });

/**
 * Combines the per-connection bucket and the user's shared budget. The connection bucket is
 * checked first and taken only once the user's budget allowed the command, so a refusal by
 * either drains neither.
 */
export function createCommandRateLimit(options: CommandRateLimitOptions): CommandRateLimit {
  const { connection, user } = options;

  function finish(taken: TakeResult): CommandAdmission {
    if (!taken.allowed) return { allowed: false, retryAfterMs: taken.retryAfterMs, scope: 'user' };
    connection?.take();
    return ALLOWED;
  }

  function failOpen(error: unknown): CommandAdmission {
    options.onLimiterError?.(error);
    return finish({ allowed: true });
  }

  return {
    take() {
      const waitMs = connection?.waitMs() ?? 0;
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs, scope: 'connection' };
      if (user === null) return finish({ allowed: true });
      let taken: TakeResult | Promise<TakeResult>;
      try {
        taken = user.limiter.take({ key: user.key, limit: user.limit });
      } catch (error) {
        return failOpen(error);
      }
      return isPending(taken) ? Promise.resolve(taken).then(finish, failOpen) : finish(taken);
    },
  };
}

/** What one socket's inbound frames may cost before they are parsed. */
export interface InboundGuard {
  /** Charges a frame of `bytes` to the socket's and the user's budgets (both, always). */
  charge(bytes: number): FrameCharge;
  /** Counts one refused frame; `false` once the socket has sent too many and must close. */
  countRefusal(): boolean;
}

/** Options for {@link createInboundGuard}; `null` turns a part off. */
export interface InboundGuardOptions {
  socket: FrameMeter | null;
  user: FrameMeter | null;
  refusedFrameLimit: RateLimitBudget | null;
}

/** Combines a socket's frame budget, its user's and its refused-frame limit. */
export function createInboundGuard(options: InboundGuardOptions): InboundGuard {
  const refusals: TokenBucket | null =
    options.refusedFrameLimit === null
      ? null
      : createTokenBucket({
          capacity: options.refusedFrameLimit.burst,
          refillPerSecond: options.refusedFrameLimit.refillPerSecond,
        });
  return {
    charge(bytes) {
      const socket = options.socket?.charge(bytes) ?? { allowed: true };
      const user = options.user?.charge(bytes) ?? { allowed: true };
      if (socket.allowed && user.allowed) return socket;
      const waits = [socket, user].map((charge) => (charge.allowed ? 0 : charge.retryAfterMs));
      return { allowed: false, retryAfterMs: Math.max(...waits) };
    },
    countRefusal() {
      return refusals === null || refusals.take().allowed;
    },
  };
}

/** A client message that is a session command (everything but `ping`). */
export type CommandMessage = Exclude<ClientMessage, { type: 'ping' }>;

/** Options for {@link answerCommand}. */
export interface AnswerCommandOptions {
  engine: RecallServerEngine;
  sessionId: string;
  message: CommandMessage;
  /** Called with an unexpected failure (code `INTERNAL_ERROR`) before it is answered. */
  onInternalError?: (error: Error) => void;
}

/**
 * Runs one command on the engine (`engine.dispatch`) and returns its answer:
 * `ack { clientMessageId, seq }` once the engine has durably accepted it (`seq`: the last
 * event it stored), or the `error` frame the client can act on (an unexpected failure says
 * nothing about the server's insides). A command without `clientMessageId` is answered only
 * when it fails. Never rejects.
 */
export async function answerCommand(
  options: AnswerCommandOptions,
): Promise<ServerMessageOf<'ack'> | ServerMessageOf<'error'> | null> {
  const { clientMessageId } = options.message;
  try {
    const result = await options.engine.dispatch(options.sessionId, options.message);
    return clientMessageId === undefined
      ? null
      : { type: 'ack', clientMessageId, seq: result.lastSeq };
  } catch (error) {
    const recallError = toRecallError(error);
    if (recallError.code === 'INTERNAL_ERROR') options.onInternalError?.(recallError);
    return errorFrame({
      code: recallError.code,
      message:
        recallError.code === 'INTERNAL_ERROR'
          ? 'The command failed on the server.'
          : recallError.message,
      retryAfterMs: recallError.retryAfterMs,
      clientMessageId,
    });
  }
}
