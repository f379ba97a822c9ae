import * as z from 'zod';

/**
 * One learner's FSRS card state for one point, serialised (epoch ms instead of Date) so it
 * stores as JSON. Field meanings follow ts-fsrs' `Card`. Storage keeps one per (learner, point)
 * once the learner has reviewed the point; a point without one is new to that learner.
 */
export const pointScheduleSchema = z.object({
  due: z.number(),
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number(),
  scheduledDays: z.number(),
  learningSteps: z.number().int().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  /** 0 New, 1 Learning, 2 Review, 3 Relearning (ts-fsrs `State`). */
  state: z.number().int().min(0).max(3),
  lastReview: z.number().optional(),
});
/** One learner's serialised FSRS card state for one point (epoch ms for dates). */
export type PointSchedule = z.infer<typeof pointScheduleSchema>;

/** FSRS rating given to a point (ts-fsrs `Rating`: 1 Again, 2 Hard, 3 Good, 4 Easy). */
export const reviewRatingSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** An FSRS rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

/** One FSRS review of one point by one learner (storage keeps logs per learner and point). */
export const reviewLogSchema = z.object({
  id: z.string().min(1),
  pointId: z.string().min(1),
  sessionId: z.string().min(1).optional(),
  rating: reviewRatingSchema,
  /** Card state before the review (ts-fsrs `State`). */
  state: z.number().int().min(0).max(3),
  due: z.number(),
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number(),
  scheduledDays: z.number(),
  /** Epoch ms of the review. */
  reviewedAt: z.number(),
});
/** One FSRS review of one point by one learner, as stored. */
export type ReviewLog = z.infer<typeof reviewLogSchema>;
