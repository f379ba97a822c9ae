import { toRecallError } from '../errors/recall-error';
import type { Session } from '../model/session';
import type { EngineSessionState } from '../session/session-state';
import { reportError, type EngineRuntime } from './runtime';

/** The session row: a projection of the log kept for queries. */
export function toSessionRow(state: EngineSessionState, fallbackStartedAt: number): Session {
  return {
    id: state.sessionId,
    recallSetId: state.recallSetId,
    ...(state.userId === null ? {} : { userId: state.userId }),
    status: state.status === 'created' ? 'in_progress' : state.status,
    targetPointIds: [...state.targetPointIds],
    recalledPointIds: [...state.recalledPointIds],
    startedAt: state.startedAt ?? fallbackStartedAt,
    ...(state.pausedAt === null ? {} : { pausedAt: state.pausedAt }),
    ...(state.resumedAt === null ? {} : { resumedAt: state.resumedAt }),
    ...(state.endedAt === null ? {} : { endedAt: state.endedAt }),
  };
}

/** Writes the session row from the current state; a failure is reported, not thrown. */
export async function saveSessionRow(
  runtime: EngineRuntime,
  state: EngineSessionState,
): Promise<void> {
  try {
    await runtime.storage.saveSession(toSessionRow(state, runtime.clock()));
  } catch (error) {
    reportError(runtime, state.sessionId, toRecallError(error));
  }
}
