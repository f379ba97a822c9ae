import type { NewSessionEvent, SessionEvent } from '../events/envelope';
import type { RecallPoint, RecallSet, RecallSetSummary } from '../model/recall-set';
import type { PointSchedule, ReviewLog } from '../model/schedule';
import type { Session, SessionStatus } from '../model/session';

/** Options for {@link StorageAdapter.append}. */
export interface AppendOptions {
  /** The seq the caller believes the log ends at (0 for an empty log). */
  expectedSeq: number;
}

/**
 * The outcome of an append. `duplicate` means every event id was already stored (a retried
 * batch) or the batch's `user_message` carries a `clientMessageId` the session already has;
 * `events` then holds the events that were stored before, and nothing new was written.
 */
export type AppendResult =
  | { status: 'appended'; events: SessionEvent[] }
  | { status: 'duplicate'; events: SessionEvent[] };

/** Options for {@link StorageAdapter.read}. */
export interface ReadOptions {
  /** Only events with `seq > afterSeq`. @default 0 */
  afterSeq?: number;
  /** At most this many events. @default unlimited */
  limit?: number;
}

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** Options for {@link StorageAdapter.listSessions}. */
export interface ListSessionsOptions {
  recallSetId?: string;
  userId?: string;
  status?: SessionStatus;
}

/**
 * Everything the engine persists. Implementations: in-memory (here), PGlite and PostgreSQL
 * (subpath exports). All methods are async and safe to call concurrently.
 */
export interface StorageAdapter {
  readonly specificationVersion: 'recall-storage-v1';
  /**
   * Who may write to this storage. `'process'`: every writer lives in this process (the
   * in-memory adapter; PGlite, whose directory lock admits one process), so a response left
   * open in the log by no live engine of this process was cut off by a crash and is closed
   * at once by the next command. `'shared'`: other processes may write (PostgreSQL), so an
   * open response may be another node's live turn and is taken over only after the engine's
   * `orphanedResponseMs`. Engines of one process see each other's live turns only through the
   * same storage object: a wrapper around a process-scoped adapter should be the one object
   * every engine of the process uses, or declare `'shared'`.
   * @default 'shared' (the safe choice for third-party adapters)
   */
  readonly scope?: 'process' | 'shared';

  // Recall sets and points
  /** Inserts or replaces a recall set with its points and resources. */
  saveRecallSet(recallSet: RecallSet): Promise<void>;
  getRecallSet(recallSetId: string): Promise<RecallSet | null>;
  /** Sets with due counts at `now` (epoch ms). */
  listRecallSets(options: { now: number; ownerId?: string }): Promise<RecallSetSummary[]>;
  /** Points of a set whose FSRS `due ≤ now`, in position order. */
  getDuePoints(recallSetId: string, now: number): Promise<RecallPoint[]>;
  /** Writes a point's new FSRS state and its review log entry atomically. */
  recordReview(pointId: string, schedule: PointSchedule, log: ReviewLog): Promise<void>;
  getReviewLogs(pointId: string): Promise<ReviewLog[]>;

  // Sessions
  /** Inserts or replaces a session row. */
  saveSession(session: Session): Promise<void>;
  getSession(sessionId: string): Promise<Session | null>;
  /** The set's in-progress or paused session, newest first; null when none. */
  findActiveSession(recallSetId: string, options?: { userId?: string }): Promise<Session | null>;
  listSessions(options?: ListSessionsOptions): Promise<Session[]>;

  // Event log
  /**
   * Appends a batch atomically. This is the one place an event gets its `sessionId` and its
   * `seq`: seqs are assigned gaplessly from `expectedSeq + 1` (fields of those names on the
   * given events are ignored). Throws `ConcurrencyError` when the log no longer ends at
   * `expectedSeq`.
   */
  append(
    sessionId: string,
    events: readonly NewSessionEvent[],
    options: AppendOptions,
  ): Promise<AppendResult>;
  /** Events in seq order. */
  read(sessionId: string, options?: ReadOptions): Promise<SessionEvent[]>;
  /** The seq of the last stored event (0 when none). */
  lastSeq(sessionId: string): Promise<number>;
  /**
   * Delivers every event appended after `afterSeq`, in order, exactly once — including
   * events appended by other processes on the same database.
   */
  subscribe(
    sessionId: string,
    afterSeq: number,
    onEvent: (event: SessionEvent) => void,
  ): Unsubscribe;

  /** Releases connections, locks and timers. */
  close(): Promise<void>;
}
