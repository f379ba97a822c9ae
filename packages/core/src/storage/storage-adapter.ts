import type { EventLogStore } from './parts/event-log-store';
import type { LearningStateStore } from './parts/learning-state-store';
import type { RecallSetStore } from './parts/recall-set-store';
import type { SessionRowStore } from './parts/session-row-store';
import type { SpendLedger } from './parts/spend-ledger';
import type { WriterClaimStore } from './parts/writer-claim-store';

export type {
  AppendOptions,
  AppendResult,
  EventLogStore,
  ReadOptions,
  Unsubscribe,
} from './parts/event-log-store';
export type {
  GetDuePointsOptions,
  GetReviewLogsOptions,
  GetSchedulesOptions,
  LearningStateStore,
  RecordReviewOptions,
} from './parts/learning-state-store';
export type { ListRecallSetsOptions, RecallSetStore } from './parts/recall-set-store';
export type {
  FindActiveSessionOptions,
  ListSessionsOptions,
  SessionRowStore,
} from './parts/session-row-store';
export type {
  AddSpendOptions,
  GetSpendOptions,
  SpendLedger,
  SpendTotals,
} from './parts/spend-ledger';
export type { ResponseLivenessOptions, WriterClaimStore } from './parts/writer-claim-store';

/**
 * Everything the engine persists. Implementations: in-memory (here), PGlite and PostgreSQL
 * (subpath exports). All methods are async and safe to call concurrently.
 *
 * It is made of named parts, each of which can be implemented and tested on its own:
 * - {@link EventLogStore}: each session's append-only log (append, read, subscribe);
 * - {@link RecallSetStore}: recall sets and their points, content shared by every learner;
 * - {@link LearningStateStore}: FSRS schedules and review logs, per learner and point;
 * - {@link SessionRowStore}: one summary row per session;
 * - {@link WriterClaimStore} (optional): which process is streaming a response;
 * - {@link SpendLedger} (optional, as `spend`): daily model-spend totals.
 *
 * Methods that touch learning state take the learner's `userId` ({@link LearnerOptions};
 * omitted means the anonymous learner). Version 2 of this contract made learning state per
 * learner.
 */
export interface StorageAdapter
  extends EventLogStore,
    RecallSetStore,
    LearningStateStore,
    SessionRowStore,
    Partial<WriterClaimStore> {
  readonly specificationVersion: 'recall-storage-v2';
  /**
   * Daily model-spend totals, needed when the engine has a spend budget
   * (`EngineConfig.dailyBudgetUsd`). Recall's adapters all provide it.
   */
  readonly spend?: SpendLedger;

  /** Releases connections, locks and timers. */
  close(): Promise<void>;
}
