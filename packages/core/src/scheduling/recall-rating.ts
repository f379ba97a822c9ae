import type { ReviewRating } from '../model/schedule';
import type { PointProgress } from '../session/session-state';

/** FSRS ratings by name (ts-fsrs `Rating`). */
export const REVIEW_RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;

/**
 * The FSRS rating of a point recalled in a session, from how the recall went. "Misses"
 * are the point's near misses plus its failed attempts (answers given while it was the
 * tutor's focus that did not recall it — each one earns a narrower hint):
 *
 * - **Easy** (4): no misses — a crisp answer on the first attempt, or recalled unprompted.
 * - **Good** (3): exactly one miss.
 * - **Hard** (2): two or more misses.
 *
 * **Again** (1) is never given for a recall: it goes to points the learner attempted and
 * failed (≥ 1 miss, still pending) when the session is left, once per session. Points
 * never probed are not rated at all and stay due.
 */
export function ratingForRecall(progress: PointProgress): ReviewRating {
  const misses = progress.nearMisses + progress.failedAttempts;
  if (misses === 0) return REVIEW_RATINGS.easy;
  if (misses === 1) return REVIEW_RATINGS.good;
  return REVIEW_RATINGS.hard;
}
