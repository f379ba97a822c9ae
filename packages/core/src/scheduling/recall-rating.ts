import type { ReviewRating } from '../model/schedule';

/** FSRS ratings by name (ts-fsrs `Rating`). */
export const REVIEW_RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;

/** Exposure above this share of a point's key terms caps its rating at Hard. */
export const HARD_EXPOSURE = 1 / 3;

/** Exposure above this share caps the rating at Again. */
export const AGAIN_EXPOSURE = 2 / 3;

/** One tutor reply (a cloze) that showed more than this share caps the rating at Again. */
export const AGAIN_PEAK_EXPOSURE = 1 / 2;

/** Misses from which a recall is rated Again. */
export const AGAIN_MISSES = 3;

/** How a point's recall went in a session: what {@link ratingForRecall} rates. */
export interface RecallOutcome {
  /**
   * The learner's answers that tried the point and left it pending (wrong, "I don't know", a
   * pasted-back question, a near miss), at most one per answer.
   */
  misses: number;
  /**
   * Recalled while no question of the tutor asked about it (another point was the focus and
   * the tutor's latest question was about another point): the learner brought it up
   * unprompted. @default false
   */
  volunteered?: boolean;
  /** Recalled inside a rabbit hole (at most Good there). @default false */
  inRabbithole?: boolean;
  /** The share (0–1) of the point's key terms shown since the session's last start or resume. @default 0 */
  exposure?: number;
  /** The largest share (0–1) of its key terms one tutor reply showed. @default 0 */
  peakExposure?: number;
}

/**
 * The FSRS rating of a point recalled in a session: what the learner had to produce. The best
 * rating the recall earns, capped by every row that applies:
 *
 * | what happened | rating |
 * |---|---|
 * | volunteered (no question asked about it), not in a rabbit hole | Easy (4) |
 * | asked, first probe, nothing shown; or volunteered in a rabbit hole | Good (3) |
 * | 1–2 misses (a cue follows a miss), or exposure above 1/3 | Hard (2) |
 * | 3+ misses, a cloze that showed more than 1/2, or exposure above 2/3 | Again (1) |
 *
 * A point attempted and never recalled is rated Again when the session pauses (not here). A
 * point stays creditable whatever was shown: exposure only caps the rating.
 *
 * @example
 * ratingForRecall({ misses: 0 }); // 3 (Good)
 * ratingForRecall({ misses: 0, volunteered: true }); // 4 (Easy)
 * ratingForRecall({ misses: 0, volunteered: true, exposure: 0.5 }); // 2 (Hard)
 */
export function ratingForRecall(outcome: RecallOutcome): ReviewRating {
  const exposure = outcome.exposure ?? 0;
  const peak = outcome.peakExposure ?? 0;
  if (outcome.misses >= AGAIN_MISSES || peak > AGAIN_PEAK_EXPOSURE || exposure > AGAIN_EXPOSURE) {
    return REVIEW_RATINGS.again;
  }
  if (outcome.misses > 0 || exposure > HARD_EXPOSURE) return REVIEW_RATINGS.hard;
  return outcome.volunteered === true && outcome.inRabbithole !== true
    ? REVIEW_RATINGS.easy
    : REVIEW_RATINGS.good;
}
