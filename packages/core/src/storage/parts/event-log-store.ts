import type { NewSessionEvent, SessionEvent } from '../../events/envelope';
import type { Session } from '../../model/session';
import type { RecordReviewOptions } from './learning-state-store';

/** Options for {@link EventLogStore.append}. */
export interface AppendOptions {
  /** The seq the caller believes the log ends at (0 for an empty log). */
  expectedSeq: number;
  /**
   * Reviews the batch calls for, written in the same atomic write as the events (each as
   * {@link LearningStateStore.recordReview} writes it; a review of a point that no longer
   * exists is skipped). Honoured only by adapters whose `writesWithAppend` is true; the engine
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

/** Options for {@link EventLogStore.read}. */
export interface ReadOptions {
  /** Only events with `seq > afterSeq`. @default 0 */
  afterSeq?: number;
  /** At most this many events. @default unlimited */
  limit?: number;
}

/** Stops a subscription. */
export type Unsubscribe = () => void;

/**
 * The part of a {@link StorageAdapter} that holds each session's append-only event log: append
 * with an expected seq, read, subscribe. The append rules every adapter shares (well-formed
 * batches, seqs stamped from `expectedSeq + 1`) are `planAppend` on `@recall/core/storage/log`.
 */
export interface EventLogStore {
  /**
   * Who may write to this log. `'process'`: every writer lives in this process (the
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
   * True when {@link EventLogStore.append} honours `AppendOptions.reviews` and `session`,
   * writing them in the same atomic operation as the events. The engine then stores a turn's
   * recall events, their FSRS reviews and the session row in one round trip; otherwise it
   * calls `recordReview` and `saveSession` after the append. All of Recall's adapters do.
   * @default false
   */
  readonly writesWithAppend?: boolean;
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
}
