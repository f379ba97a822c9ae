import type { RecallPoint } from './recall-set';
import type { PointSchedule } from './schedule';

/**
 * Names the learner whose learning state (FSRS schedules, review logs, active session) a call
 * reads or writes. A set's points are shared content; their schedules belong to one learner.
 */
export interface LearnerOptions {
  /**
   * The learner's user id. Omit it for the **anonymous learner**: the one learner that every
   * session started without a `userId` belongs to. It is a learner of its own kind rather than
   * a user id, so no real user's state is ever read or written in its place (storage adapters
   * reject `''`: user ids are non-empty).
   */
  userId?: string;
}

/**
 * When `point` is due for a learner whose schedule for it is `schedule` (undefined when the
 * learner never reviewed it): the schedule's `due`, or — for a point new to the learner — the
 * point's `createdAt`.
 */
export function pointDueAt(
  point: Pick<RecallPoint, 'createdAt'>,
  schedule: PointSchedule | undefined,
): number {
  return schedule?.due ?? point.createdAt;
}
