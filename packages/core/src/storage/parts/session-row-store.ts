import type { LearnerOptions } from '../../model/learner';
import type { Session, SessionStatus } from '../../model/session';

/** Options for {@link SessionRowStore.listSessions}: filters, each left out to match any. */
export interface ListSessionsOptions {
  recallSetId?: string;
  /** Sessions of this user only. Omitted: every user's and anonymous sessions. */
  userId?: string;
  status?: SessionStatus;
}

/** Options for {@link SessionRowStore.findActiveSession}. */
export interface FindActiveSessionOptions extends LearnerOptions {
  recallSetId: string;
}

/**
 * The part of a {@link StorageAdapter} that holds session rows: one summary row per session
 * (status, targets, recalled points), kept beside its event log so sessions can be found and
 * listed without reading logs. The log stays the record; a row can be rebuilt from it.
 */
export interface SessionRowStore {
  /** Inserts or replaces a session row. */
  saveSession(session: Session): Promise<void>;
  /** The session's row, or null. */
  getSession(sessionId: string): Promise<Session | null>;
  /**
   * The learner's newest in-progress or paused session of the set; null when none. Without a
   * `userId`, the anonymous learner's (sessions stored without a `userId`) — never a user's.
   */
  findActiveSession(options: FindActiveSessionOptions): Promise<Session | null>;
  /** The rows matching every given filter, newest `startedAt` first. */
  listSessions(options?: ListSessionsOptions): Promise<Session[]>;
}
