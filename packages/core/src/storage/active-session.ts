import { RecallError } from '../errors/recall-error';

/**
 * The unique index that keeps one active (in progress or paused) session per learner and
 * recall set on a shared database, so two nodes starting the same learner's session at once
 * cannot both create one.
 */
export const ACTIVE_SESSION_INDEX = 'recall_sessions_active_idx';

const NAME = 'ActiveSessionTaken';

/**
 * The error of an append whose session row would give the learner a second active session of
 * the set: another node started one first. The engine then adopts that session.
 */
export function activeSessionTaken(sessionId: string, cause: unknown): RecallError {
  const error = new RecallError(
    'CONCURRENCY_CONFLICT',
    `Session ${sessionId}: the learner already has an active session of this recall set.`,
    { cause },
  );
  error.name = NAME;
  return error;
}

/** Whether `error` came from {@link activeSessionTaken}. */
export function isActiveSessionTaken(error: unknown): boolean {
  return RecallError.isInstance(error) && error.name === NAME;
}

/** The constraint a driver error names, if any. */
export function constraintOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error) {
    const constraint = (error as { constraint: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
