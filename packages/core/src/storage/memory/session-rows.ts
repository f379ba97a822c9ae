// The in-memory adapter's session-row part: one row per session, copied in and out.
import type { Session } from '../../model/session';
import { learnerKey } from '../learner-key';
import type { ListSessionsOptions, SessionRowStore } from '../parts/session-row-store';

/** The session-row part, plus the synchronous write the event-log part makes with an append. */
export interface MemorySessionRowStore extends SessionRowStore {
  /** Stores a copy of the row at once. */
  saveSessionNow(session: Session): void;
}

/** An empty session-row part. */
export function createMemorySessionRowStore(): MemorySessionRowStore {
  const sessions = new Map<string, Session>();

  function saveSessionNow(session: Session): void {
    sessions.set(session.id, structuredClone(session));
  }

  return {
    saveSessionNow,
    async saveSession(session) {
      saveSessionNow(session);
    },
    async getSession(sessionId) {
      const session = sessions.get(sessionId);
      return session ? structuredClone(session) : null;
    },
    async findActiveSession({ recallSetId, userId }) {
      learnerKey(userId);
      const active = [...sessions.values()]
        .filter(
          (session) =>
            session.recallSetId === recallSetId &&
            (session.status === 'in_progress' || session.status === 'paused') &&
            session.userId === userId,
        )
        .sort((a, b) => b.startedAt - a.startedAt);
      return active[0] ? structuredClone(active[0]) : null;
    },
    async listSessions(options: ListSessionsOptions = {}) {
      return [...sessions.values()]
        .filter(
          (session) =>
            (options.recallSetId === undefined || session.recallSetId === options.recallSetId) &&
            (options.userId === undefined || session.userId === options.userId) &&
            (options.status === undefined || session.status === options.status),
        )
        .sort((a, b) => b.startedAt - a.startedAt)
        .map((session) => structuredClone(session));
    },
  };
}
