import { RecallError, toRecallError } from '../errors/recall-error';
import type { CommandResult } from './engine-types';
import { reportError, type EngineRuntime, type SessionEntry } from './runtime';
import { settleOwedReviews } from './review-writes';
import { catchUp, pruneSessionCache } from './session-entry';

/** Resolves the command's promise; the task may keep running afterwards. */
export type Accept = (result: CommandResult) => void;

/**
 * Runs `task` after every earlier command of the session (FIFO). The returned promise
 * settles when the task calls `accept` (the command is durably taken) or fails before it;
 * failures after acceptance are reported as session errors, never thrown.
 */
export function enqueueCommand(
  runtime: EngineRuntime,
  entry: SessionEntry,
  task: (accept: Accept) => Promise<void>,
): Promise<CommandResult> {
  if (runtime.closed) {
    return Promise.reject(new RecallError('ABORTED', 'The engine is closed.'));
  }
  entry.pendingCommands += 1;
  return new Promise<CommandResult>((resolve, reject) => {
    let settled = false;
    const accept: Accept = (result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const run = async () => {
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
        entry.pendingCommands -= 1;
        pruneSessionCache(runtime);
      }
    };
    entry.queueTail = entry.queueTail.then(run);
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
