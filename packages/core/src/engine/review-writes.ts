import { toRecallError } from '../errors/recall-error';
import type { LearnerOptions } from '../model/learner';
import type { RecallSet } from '../model/recall-set';
import type { PointSchedule, ReviewLog } from '../model/schedule';
import type { RecordReviewOptions } from '../storage/storage-adapter';
import type { PlannedReview } from './review-plan';
import { loadRecallSet } from './recall-set-loader';
import { type EngineRuntime, reportError, type SessionEntry } from './runtime';

/**
 * Writes the reviews a just-appended batch calls for: each the point's new FSRS state for the
 * session's learner and its review log entry. A failed write is reported and kept in the
 * session's owed reviews, retried before its next command (and re-derived from the log by any
 * new engine instance).
 */
export async function recordReviews(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: { recallSet: RecallSet; reviews: readonly PlannedReview[] },
): Promise<void> {
  if (options.reviews.length === 0) return;
  let schedules: Map<string, PointSchedule>;
  try {
    schedules = entry.schedules ?? (await readLearnerSchedules(runtime, entry));
  } catch (error) {
    reportError(runtime, entry.sessionId, toRecallError(error));
    entry.owedReviews.push(...options.reviews);
    return;
  }
  const failed = await writeReviews(runtime, entry, {
    recallSet: options.recallSet,
    schedules,
    reviews: options.reviews,
    verify: false,
  });
  entry.owedReviews.push(...failed);
}

/**
 * Writes the session's owed reviews — those its log calls for that may be missing from
 * storage (after a load, a write failure, or events appended by another writer) — skipping
 * any storage already holds. The learner's schedules are read afresh first, since another
 * writer may have moved them. Never throws: failures are reported and stay owed.
 */
export async function settleOwedReviews(
  runtime: EngineRuntime,
  entry: SessionEntry,
): Promise<void> {
  if (entry.owedReviews.length === 0) return;
  const owed = entry.owedReviews;
  entry.owedReviews = [];
  let failed: PlannedReview[];
  try {
    const recallSet = await loadRecallSet(runtime, entry.state.recallSetId);
    const schedules = await readLearnerSchedules(runtime, entry);
    failed = await writeReviews(runtime, entry, {
      recallSet,
      schedules,
      reviews: owed,
      verify: true,
    });
  } catch (error) {
    const recallError = toRecallError(error);
    // A deleted set has no points left to schedule.
    failed = recallError.code === 'RECALL_SET_NOT_FOUND' ? [] : owed;
    reportError(runtime, entry.sessionId, recallError);
  }
  entry.owedReviews = [...failed, ...entry.owedReviews];
}

/**
 * The learner a session's learning state belongs to: its user, or the anonymous learner for a
 * session started without a `userId`.
 */
export function learnerOf(entry: SessionEntry): LearnerOptions {
  const { userId } = entry.state;
  return userId === null ? {} : { userId };
}

/** The storage writes of rated reviews, and the learner's schedules once they are written. */
export interface RatedReviews {
  writes: RecordReviewOptions[];
  schedules: Map<string, PointSchedule>;
}

/**
 * Rates `reviews` in order from `schedules` (a new card for a point the learner never
 * reviewed), each later review of a point building on the earlier one, without touching
 * `schedules`: the writes to pass to the storage and the schedules they leave.
 */
export function rateReviews(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: {
    recallSet: RecallSet;
    schedules: ReadonlyMap<string, PointSchedule>;
    reviews: readonly PlannedReview[];
  },
): RatedReviews {
  const schedules = new Map(options.schedules);
  const writes: RecordReviewOptions[] = [];
  const learner = learnerOf(entry);
  for (const review of options.reviews) {
    const point = options.recallSet.points.find((candidate) => candidate.id === review.pointId);
    if (point === undefined) continue;
    const { schedule, log } = runtime.scheduler.rate({
      pointId: point.id,
      schedule: schedules.get(point.id) ?? runtime.scheduler.createSchedule(point.createdAt),
      rating: review.rating,
      now: review.reviewedAt,
      logId: review.logId,
      sessionId: entry.sessionId,
    });
    writes.push({ ...learner, schedule, log });
    schedules.set(point.id, schedule);
  }
  return { writes, schedules };
}

/** Reads the session's learner's schedules of its set into the entry: one statement. */
export async function readLearnerSchedules(
  runtime: EngineRuntime,
  entry: SessionEntry,
): Promise<Map<string, PointSchedule>> {
  const schedules = await runtime.storage.getSchedules({
    recallSetId: entry.state.recallSetId,
    ...learnerOf(entry),
  });
  entry.schedules = schedules;
  return schedules;
}

/**
 * Writes `reviews` in order, rating each from the learner's current schedule of the point (a
 * new card for a point the learner never reviewed) and updating `schedules` as it goes;
 * returns the ones that failed (and later ones of their points).
 */
async function writeReviews(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: {
    recallSet: RecallSet;
    schedules: Map<string, PointSchedule>;
    reviews: readonly PlannedReview[];
    /** Read the point's logs first and skip a review already stored. */
    verify: boolean;
  },
): Promise<PlannedReview[]> {
  const { recallSet, schedules } = options;
  const { sessionId } = entry;
  const learner = learnerOf(entry);
  const failed: PlannedReview[] = [];
  const stored = new Map<string, ReviewLog[]>();
  for (const review of options.reviews) {
    const point = recallSet.points.find((candidate) => candidate.id === review.pointId);
    if (point === undefined) continue;
    // A later review of a point builds on the earlier one: never skip ahead of a failure.
    if (failed.some((earlier) => earlier.pointId === review.pointId)) {
      failed.push(review);
      continue;
    }
    try {
      if (options.verify) {
        const logs =
          stored.get(point.id) ??
          (await runtime.storage.getReviewLogs({ pointId: point.id, ...learner }));
        stored.set(point.id, logs);
        if (isRecorded(logs, review, sessionId)) continue;
      }
      const { schedule, log } = runtime.scheduler.rate({
        pointId: point.id,
        schedule: schedules.get(point.id) ?? runtime.scheduler.createSchedule(point.createdAt),
        rating: review.rating,
        now: review.reviewedAt,
        logId: review.logId,
        sessionId,
      });
      await runtime.storage.recordReview({ ...learner, schedule, log });
      schedules.set(point.id, schedule);
      stored.get(point.id)?.push(log);
    } catch (error) {
      failed.push(review);
      reportError(runtime, sessionId, toRecallError(error));
    }
  }
  return failed;
}

/**
 * Whether `logs` hold the review: its log id, or — for logs written before ids were derived
 * from events — a log of the same session and kind (a point gets at most one recall review
 * and one Again per session).
 */
function isRecorded(logs: readonly ReviewLog[], review: PlannedReview, sessionId: string): boolean {
  const again = review.rating === 1;
  return logs.some(
    (log) =>
      log.id === review.logId || (log.sessionId === sessionId && (log.rating === 1) === again),
  );
}
