import type { ReviewRating } from '../model/schedule';

/** FSRS ratings by name (ts-fsrs `Rating`). */
export const REVIEW_RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;

/** How a point's recall went in a session: what {@link ratingForRecall} rates. */
export interface RecallOutcome {
  /** The learner's answers that attempted the point as the focus and missed it. */
  failedAttempts: number;
  /** The evaluator's near misses on the point. */
  nearMisses: number;
  /**
   * Recalled while another point was the focus (or with none, e.g. in a rabbit hole): the
   * learner brought it up unprompted. @default false
   */
  volunteered?: boolean;
}

/**
 * The FSRS rating of a point recalled in a session, from how the recall went:
 *
 * - **Hard** (2): recalled after a near miss or a failed attempt (it took hints).
 * - **Easy** (4): volunteered — recalled unprompted, while another point was the focus.
 * - **Good** (3): recalled when first asked about, with no miss.
 *
 * **Again** (1) is never given for a recall: it goes to points the learner attempted and did
 * not recall (≥ 1 failed attempt or near miss, still pending) when the session pauses, once
 * per session. Points never attempted are not rated at all and stay due.
 *
 * @example
 * ratingForRecall({ failedAttempts: 0, nearMisses: 0 }); // 3 (Good)
 * ratingForRecall({ failedAttempts: 0, nearMisses: 0, volunteered: true }); // 4 (Easy)
 */
export function ratingForRecall(outcome: RecallOutcome): ReviewRating {
  if (outcome.nearMisses + outcome.failedAttempts > 0) return REVIEW_RATINGS.hard;
  return outcome.volunteered === true ? REVIEW_RATINGS.easy : REVIEW_RATINGS.good;
}
