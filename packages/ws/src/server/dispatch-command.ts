import { toRecallError } from '@recall/core';
import type { ClientMessage } from '../protocol/client-messages';
import type { ServerMessageOf } from '../protocol/server-messages';
import type { RecallServerEngine } from './engine-port';
import { errorFrame } from './feed-serializer';

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
