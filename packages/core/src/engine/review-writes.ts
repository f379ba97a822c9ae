import { toRecallError } from '../errors/recall-error';
import type { RecallSet } from '../model/recall-set';
import type { ReviewLog } from '../model/schedule';
import type { PlannedReview } from './review-plan';
import { loadRecallSet } from './recall-set-loader';
import { type EngineRuntime, reportError, type SessionEntry } from './runtime';

/**
 * Writes the reviews a just-appended batch calls for: each the point's new FSRS state and its
 * review log entry. A failed write is reported and kept in the session's owed reviews, retried
 * before its next command (and re-derived from the log by any new engine instance).
 */
export async function recordReviews(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: { recallSet: RecallSet; reviews: readonly PlannedReview[] },
): Promise<void> {
  if (options.reviews.length === 0) return;
  const failed = await writeReviews(runtime, {
    sessionId: entry.sessionId,
    recallSet: options.recallSet,
    reviews: options.reviews,
    verify: false,
  });
  entry.owedReviews.push(...failed);
}

/**
 * Writes the session's owed reviews — those its log calls for that may be missing from
 * storage (after a load, a write failure, or events appended by another writer) — skipping
 * any storage already holds. Never throws: failures are reported and stay owed.
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
    failed = await writeReviews(runtime, {
      sessionId: entry.sessionId,
      recallSet,
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

/** Writes `reviews` in order; returns the ones that failed (and later ones of their points). */
async function writeReviews(
  runtime: EngineRuntime,
  options: {
    sessionId: string;
    recallSet: RecallSet;
    reviews: readonly PlannedReview[];
    /** Read the point's logs first and skip a review already stored. */
    verify: boolean;
  },
): Promise<PlannedReview[]> {
  const { sessionId, recallSet } = options;
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
        const logs = stored.get(point.id) ?? (await runtime.storage.getReviewLogs(point.id));
        stored.set(point.id, logs);
        if (isRecorded(logs, review, sessionId)) continue;
      }
      const { schedule, log } = runtime.scheduler.rate({
        pointId: point.id,
        schedule: point.schedule,
        rating: review.rating,
        now: review.reviewedAt,
        logId: review.logId,
        sessionId,
      });
      await runtime.storage.recordReview(point.id, schedule, log);
      point.schedule = schedule;
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
