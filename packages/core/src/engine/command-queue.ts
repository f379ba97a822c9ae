import { RecallError, toRecallError } from '../errors/recall-error';
import type { CommandResult } from './engine-types';
import { reportError, type EngineRuntime, type SessionEntry } from './runtime';
import { settleOwedReviews } from './review-writes';
import { refuseWhenBusy, timeLearnerTurn } from './session-busy';
import { catchUp, pruneSessionCache } from './session-entry';

/** Resolves the command's promise; the task may keep running afterwards. */
export type Accept = (result: CommandResult) => void;

/** Options for {@link enqueueCommand}. */
export interface EnqueueOptions {
  /**
   * The command is a learner message: refused with `SESSION_BUSY` before it is queued (so
   * before anything is stored) when the session already has a running and a queued command.
   */
  learnerMessage?: { clientMessageId: string | undefined };
}

/**
 * Runs `task` after every earlier command of the session (FIFO). The returned promise
 * settles when the task calls `accept` (the command is durably taken) or fails before it;
 * failures after acceptance are reported as session errors, never thrown.
 */
export function enqueueCommand(
  runtime: EngineRuntime,
  entry: SessionEntry,
  task: (accept: Accept) => Promise<void>,
  options: EnqueueOptions = {},
): Promise<CommandResult> {
  if (runtime.closed) {
    return Promise.reject(new RecallError('ABORTED', 'The engine is closed.'));
  }
  const { learnerMessage } = options;
  const busy =
    learnerMessage === undefined
      ? null
      : refuseWhenBusy(runtime, entry, learnerMessage.clientMessageId);
  if (busy !== null) return Promise.reject(busy);
  entry.pendingCommands += 1;
  return new Promise<CommandResult>((resolve, reject) => {
    let settled = false;
    const accept: Accept = (result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const run = async () => {
      const finishTiming = learnerMessage === undefined ? null : timeLearnerTurn(runtime, entry);
      try {
        if (runtime.closed) throw new RecallError('ABORTED', 'The engine is closed.');
        await catchUp(runtime, entry);
        await settleOwedReviews(runtime, entry);
        await task(accept);
        if (!settled) throw new RecallError('INTERNAL_ERROR', 'The command produced no result.');
      } catch (error) {
        const recallError = toRecallError(error);
        if (settled) reportError(runtime, entry.sessionId, recallError);
        else {
          settled = true;
          reject(recallError);
        }
      } finally {
        finishTiming?.();
        entry.pendingCommands -= 1;
        pruneSessionCache(runtime);
      }
    };
    entry.queueTail = entry.queueTail.then(run);
  });
}

/**
 * Queues a learner message's turn; refused with `SESSION_BUSY` (retryable, with an estimate
 * in `retryAfterMs`) before anything is stored when the session already has a running and a
 * queued command (see `refuseWhenBusy`).
 */
export function enqueueLearnerMessage(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: { clientMessageId?: string | undefined },
  task: (accept: Accept) => Promise<void>,
): Promise<CommandResult> {
  return enqueueCommand(runtime, entry, task, {
    learnerMessage: { clientMessageId: options.clientMessageId },
  });
}

/** Resolves once the session has no queued or running command. */
export async function whenSessionIdle(entry: SessionEntry): Promise<void> {
  let tail: Promise<void> | undefined;
  while (tail !== entry.queueTail) {
    tail = entry.queueTail;
    await tail;
  }
}
