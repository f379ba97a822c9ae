import type { NewSessionEvent, SessionEvent } from '../events/envelope';
import type { LearnerOptions } from '../model/learner';
import type { RecallPoint, RecallSet, RecallSetSummary } from '../model/recall-set';
import type { PointSchedule, ReviewLog } from '../model/schedule';
import type { Session, SessionStatus } from '../model/session';

/** Options for {@link StorageAdapter.append}. */
export interface AppendOptions {
  /** The seq the caller believes the log ends at (0 for an empty log). */
  expectedSeq: number;
  /**
   * Reviews the batch calls for, written in the same atomic write as the events (each as
   * {@link StorageAdapter.recordReview} writes it; a review of a point that no longer exists
   * is skipped). Honoured only by adapters whose `writesWithAppend` is true; the engine
   * passes it only to them. Nothing is written when the append is a duplicate or fails.
   */
  reviews?: readonly RecordReviewOptions[];
  /** The session row after the batch, saved with it like `reviews` (as `saveSession` would). */
  session?: Session;
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

/** Options for {@link StorageAdapter.listSessions}: filters, each left out to match any. */
export interface ListSessionsOptions {
  recallSetId?: string;
  /** Sessions of this user only. Omitted: every user's and anonymous sessions. */
  userId?: string;
  status?: SessionStatus;
}

/** Options for {@link StorageAdapter.listRecallSets}. */
export interface ListRecallSetsOptions extends LearnerOptions {
  /** Epoch ms the due counts are computed at. */
  now: number;
}

/** Options for {@link StorageAdapter.getSchedules}. */
export interface GetSchedulesOptions extends LearnerOptions {
  recallSetId: string;
}

/** Options for {@link StorageAdapter.getDuePoints}. */
export interface GetDuePointsOptions extends LearnerOptions {
  recallSetId: string;
  /** Epoch ms: points due at or before it are returned. */
  now: number;
}

/** Options for {@link StorageAdapter.recordReview}. */
export interface RecordReviewOptions extends LearnerOptions {
  /** The learner's card state for `log.pointId` after the review. */
  schedule: PointSchedule;
  /** The review; its `pointId` names the point, its `id` makes a retried call harmless. */
  log: ReviewLog;
}

/** Options for {@link StorageAdapter.getReviewLogs}. */
export interface GetReviewLogsOptions extends LearnerOptions {
  pointId: string;
}

/** Options for {@link StorageAdapter.isResponseLive}: where the response's start is stored. */
export interface ResponseLivenessOptions {
  sessionId: string;
  /** The seq of the response's `assistant_streaming_start`. */
  seq: number;
}

/** Options for {@link StorageAdapter.findActiveSession}. */
export interface FindActiveSessionOptions extends LearnerOptions {
  recallSetId: string;
}

/** Options for {@link SpendLedger.getSpend}: whose total and which day. */
export interface GetSpendOptions extends LearnerOptions {
  /** The UTC day the totals belong to, as `YYYY-MM-DD` (adapters treat it as an opaque key). */
  day: string;
}

/** Options for {@link SpendLedger.addSpend}. */
export interface AddSpendOptions extends GetSpendOptions {
  /** Estimated USD cost of one model call (non-negative). */
  costUsd: number;
}

/** A day's estimated model spend: one learner's and everyone's. */
export interface SpendTotals {
  learnerUsd: number;
  globalUsd: number;
}

/**
 * Daily model-spend totals, shared by every node on the same database: the engine's spend
 * guard reads them before each model call and adds each call's estimated cost after it.
 */
export interface SpendLedger {
  /** Adds `costUsd` to the learner's and to the global total of `day`, atomically. */
  addSpend(options: AddSpendOptions): Promise<void>;
  /** The learner's and the global total of `day` (0 when nothing was spent). */
  getSpend(options: GetSpendOptions): Promise<SpendTotals>;
}

/**
 * Everything the engine persists. Implementations: in-memory (here), PGlite and PostgreSQL
 * (subpath exports). All methods are async and safe to call concurrently.
 *
 * A recall set and its points are content, shared by every learner who studies the set.
 * Learning state — FSRS schedules and review logs — belongs to one learner and one point:
 * methods that touch it take the learner's `userId` ({@link LearnerOptions}; omitted means the
 * anonymous learner). Version 2 of this contract made learning state per learner.
 */
export interface StorageAdapter {
  readonly specificationVersion: 'recall-storage-v2';
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
  /**
   * True when {@link append} honours `AppendOptions.reviews` and `session`, writing them in
   * the same atomic operation as the events. The engine then stores a turn's recall events,
   * their FSRS reviews and the session row in one round trip; otherwise it calls
   * `recordReview` and `saveSession` after the append. All of Recall's adapters do.
   * @default false
   */
  readonly writesWithAppend?: boolean;

  // Recall sets and points (shared content)
  /**
   * Inserts or replaces a recall set with its points and resources. Never touches learning
   * state of the points it keeps: points match by id, so an edited set keeps every learner's
   * schedules; a new point is new to every learner. A point left out of the set is deleted
   * together with its learners' schedules; review logs are history and stay.
   */
  saveRecallSet(recallSet: RecallSet): Promise<void>;
  /**
   * The set with its points and resources, or null. The result may be a deep-frozen object
   * shared by every caller (Recall's adapters cache sets until one is saved, on any node):
   * treat it as read-only and copy it to edit.
   */
  getRecallSet(recallSetId: string): Promise<RecallSet | null>;
  /**
   * The sets the learner may study — shared sets and their own (`ownerId === userId`), never
   * another user's — by name, with the learner's due counts at `now`. The anonymous learner
   * owns no set, so it sees the shared ones.
   *
   * @example
   * const sets = await storage.listRecallSets({ now: Date.now(), userId: request.user.id });
   */
  listRecallSets(options: ListRecallSetsOptions): Promise<RecallSetSummary[]>;

  // Learning state (per learner and point)
  /**
   * The learner's FSRS schedules for the set's points, by point id, in one read. A point the
   * learner never reviewed has no entry: it is new, due from its `createdAt`.
   */
  getSchedules(options: GetSchedulesOptions): Promise<Map<string, PointSchedule>>;
  /** The set's points due for the learner at `now` (never reviewed counts as due), in position order. */
  getDuePoints(options: GetDuePointsOptions): Promise<RecallPoint[]>;
  /**
   * Writes the learner's new schedule for `log.pointId` and the review log atomically. A log id
   * already stored writes nothing (neither log nor schedule), so a retried call is harmless.
   * Rejects when the point does not exist.
   */
  recordReview(options: RecordReviewOptions): Promise<void>;
  /** The learner's review logs of a point, in the order they were recorded. */
  getReviewLogs(options: GetReviewLogsOptions): Promise<ReviewLog[]>;

  // Sessions
  /** Inserts or replaces a session row. */
  saveSession(session: Session): Promise<void>;
  getSession(sessionId: string): Promise<Session | null>;
  /**
   * The learner's newest in-progress or paused session of the set; null when none. Without a
   * `userId`, the anonymous learner's (sessions stored without a `userId`) — never a user's.
   */
  findActiveSession(options: FindActiveSessionOptions): Promise<Session | null>;
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
  /**
   * Events in seq order. Events returned here, by `append` and to subscribers may be
   * deep-frozen and shared (the in-memory adapter stores them frozen): never mutate them.
   */
  read(sessionId: string, options?: ReadOptions): Promise<SessionEvent[]>;
  /** The seq of the last stored event (0 when none). */
  lastSeq(sessionId: string): Promise<number>;
  /**
   * The seq the session's log ends at, as this adapter instance knows it without a round
   * trip — from its own appends and its live feed — or `undefined` when it cannot vouch for
   * it (a session it has not seen, a live feed that is not connected). A value may lag a
   * concurrent append by another process by the time its notification takes; the append's
   * `expectedSeq` check stays the guard. The engine skips a catch-up read when this equals
   * the head it has cached.
   */
  knownLastSeq?(sessionId: string): number | undefined;
  /**
   * Delivers every event appended after `afterSeq`, in order, exactly once — including
   * events appended by other processes on the same database.
   */
  subscribe(
    sessionId: string,
    afterSeq: number,
    onEvent: (event: SessionEvent) => void,
  ): Unsubscribe;

  // Writers' liveness across processes (optional)
  /**
   * Marks a response as streamed by a live writer of this process until the returned release
   * is called or the process dies (its mark must vanish with it). The engine claims each
   * response before appending its `assistant_streaming_start`. Implement it together with
   * {@link isResponseLive} on a storage shared by several processes so that a dead node's open
   * turn is taken over at once; without them the engine waits `orphanedResponseMs`.
   * PostgreSQL implements both with advisory locks.
   */
  claimResponse?(responseId: string): Promise<() => Promise<void>>;
  /**
   * Whether a live process holds a {@link claimResponse} mark on the response. The engine
   * passes where its `assistant_streaming_start` is stored, so an adapter can look it up
   * by key.
   */
  isResponseLive?(responseId: string, options?: ResponseLivenessOptions): Promise<boolean>;

  // Model spend (optional)
  /**
   * Daily model-spend totals, needed when the engine has a spend budget
   * (`EngineConfig.dailyBudgetUsd`). Recall's adapters all provide it.
   */
  readonly spend?: SpendLedger;

  /** Releases connections, locks and timers. */
  close(): Promise<void>;
}
