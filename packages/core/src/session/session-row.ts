import type { SessionEvent, SessionEventOf } from '../events/envelope';
import type { Session } from '../model/session';
import { reduceSession } from './reduce-session';
import { type EngineSessionState, createSessionState } from './session-state';

/**
 * The session row for a folded state: the projection of the log that storage keeps for
 * queries (`findActiveSession`, `listSessions`). `fallbackStartedAt` serves a session whose
 * `session_started` is not folded yet.
 */
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

/**
 * The log's first `session_started` when it makes the log self-sufficient (it records the
 * target points); undefined for a log without one, or written before starts recorded them.
 */
export function selfDescribingStart(
  events: readonly SessionEvent[],
): SessionEventOf<'session_started'> | undefined {
  const start = events.find(
    (event): event is SessionEventOf<'session_started'> => event.type === 'session_started',
  );
  return start?.data.targetPointIds === undefined ? undefined : start;
}

/**
 * Rebuilds a session's row from its log alone (e.g. after `importSessionLog`), with the same
 * reducer and projection the engine uses. Null when the log cannot describe its session
 * (see {@link selfDescribingStart}).
 */
export function sessionRowFromLog(events: readonly SessionEvent[]): Session | null {
  const start = selfDescribingStart(events);
  if (start === undefined) return null;
  const initial = createSessionState({
    sessionId: start.sessionId,
    recallSetId: start.data.recallSetId,
    targetPointIds: [],
  });
  return toSessionRow(events.reduce(reduceSession, initial), start.timestamp);
}
