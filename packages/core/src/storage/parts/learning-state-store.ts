import type { LearnerOptions } from '../../model/learner';
import type { RecallPoint } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';

/** Options for {@link LearningStateStore.getSchedules}. */
export interface GetSchedulesOptions extends LearnerOptions {
  recallSetId: string;
}

/** Options for {@link LearningStateStore.getDuePoints}. */
export interface GetDuePointsOptions extends LearnerOptions {
  recallSetId: string;
  /** Epoch ms: points due at or before it are returned. */
  now: number;
}

/** Options for {@link LearningStateStore.recordReview}. */
export interface RecordReviewOptions extends LearnerOptions {
  /** The learner's card state for `log.pointId` after the review. */
  schedule: PointSchedule;
  /** The review; its `pointId` names the point, its `id` makes a retried call harmless. */
  log: ReviewLog;
}

/** Options for {@link LearningStateStore.getReviewLogs}. */
export interface GetReviewLogsOptions extends LearnerOptions {
  pointId: string;
}

/**
 * The part of a {@link StorageAdapter} that holds learning state — FSRS schedules and review
 * logs — which belongs to one learner and one point of a {@link RecallSetStore}'s sets. Every
 * method takes the learner's `userId` ({@link LearnerOptions}; omitted means the anonymous
 * learner, and an empty one is refused with a `TypeError`).
 */
export interface LearningStateStore {
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
}
