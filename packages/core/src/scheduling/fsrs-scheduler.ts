import { type Card, createEmptyCard, fsrs, type Grade } from 'ts-fsrs';
import type { PointSchedule, ReviewLog, ReviewRating } from '../model/schedule';

/** Options for {@link createFsrsScheduler}. */
export interface FsrsSchedulerOptions {
  /** Target probability of recall at the due date. @default 0.9 */
  requestRetention?: number;
  /** Longest interval between reviews, in days. @default 365 */
  maximumInterval?: number;
  /** Randomise intervals slightly (ts-fsrs fuzz). Off keeps schedules deterministic. @default false */
  enableFuzz?: boolean;
}

/** Options for {@link FsrsScheduler.rate}. */
export interface RateOptions {
  pointId: string;
  schedule: PointSchedule;
  rating: ReviewRating;
  /** Epoch ms of the review. */
  now: number;
  /** Id of the review log entry. */
  logId: string;
  sessionId?: string;
}

/** FSRS over our serialisable {@link PointSchedule}. */
export interface FsrsScheduler {
  readonly requestRetention: number;
  readonly maximumInterval: number;
  /** A new card, due at `now`: the state a learner who never reviewed a point is rated from. */
  createSchedule(now: number): PointSchedule;
  /** The schedule after a review with `rating`, and the review's log entry. */
  rate(options: RateOptions): { schedule: PointSchedule; log: ReviewLog };
}

/**
 * A ts-fsrs `fsrs()` scheduler without short-term learning steps (`enable_short_term: false`):
 * a recall session reviews a point once, so every rating schedules whole days ahead. A new
 * card is next due in 1 day after Again, 2 after Hard, 3 after Good and 8 after Easy (the
 * defaults; retention and maximum interval change them).
 *
 * @example
 * const scheduler = createFsrsScheduler({ requestRetention: 0.85 });
 * const { schedule, log } = scheduler.rate({ pointId, schedule: scheduler.createSchedule(now), rating: 3, now, logId });
 */
export function createFsrsScheduler(options: FsrsSchedulerOptions = {}): FsrsScheduler {
  const requestRetention = options.requestRetention ?? 0.9;
  const maximumInterval = options.maximumInterval ?? 365;
  if (!(requestRetention > 0 && requestRetention < 1)) {
    throw new TypeError(`requestRetention must be between 0 and 1, got ${requestRetention}.`);
  }
  if (!(maximumInterval >= 1)) {
    throw new TypeError(`maximumInterval must be at least 1 day, got ${maximumInterval}.`);
  }
  const algorithm = fsrs({
    request_retention: requestRetention,
    maximum_interval: maximumInterval,
    enable_fuzz: options.enableFuzz ?? false,
    // With short-term steps on, Good on a new card would be due again in 10 minutes: the set
    // would look due right after a good session.
    enable_short_term: false,
  });
  return {
    requestRetention,
    maximumInterval,
    createSchedule(now) {
      return fromCard(createEmptyCard(new Date(now)));
    },
    rate({ pointId, schedule, rating, now, logId, sessionId }) {
      const { card, log } = algorithm.next(toCard(schedule), new Date(now), rating as Grade);
      return {
        schedule: clampInterval(fromCard(card), now, maximumInterval),
        log: {
          id: logId,
          pointId,
          ...(sessionId === undefined ? {} : { sessionId }),
          rating,
          state: log.state,
          due: log.due.getTime(),
          stability: log.stability,
          difficulty: log.difficulty,
          elapsedDays: log.elapsed_days,
          scheduledDays: log.scheduled_days,
          reviewedAt: now,
        },
      };
    },
  };
}

function toCard(schedule: PointSchedule): Card {
  return {
    due: new Date(schedule.due),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    elapsed_days: schedule.elapsedDays,
    scheduled_days: schedule.scheduledDays,
    learning_steps: schedule.learningSteps,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: schedule.state,
    ...(schedule.lastReview === undefined ? {} : { last_review: new Date(schedule.lastReview) }),
  };
}

function fromCard(card: Card): PointSchedule {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.last_review === undefined ? {} : { lastReview: card.last_review.getTime() }),
  };
}

const DAY_MS = 86_400_000;

// ts-fsrs keeps Easy > Good > Hard by a day each, which can push an interval a day or two past
// `maximum_interval`; the maximum is a promise to the learner, so it is enforced here.
function clampInterval(
  schedule: PointSchedule,
  now: number,
  maximumInterval: number,
): PointSchedule {
  if (schedule.scheduledDays <= maximumInterval) return schedule;
  return { ...schedule, scheduledDays: maximumInterval, due: now + maximumInterval * DAY_MS };
}
