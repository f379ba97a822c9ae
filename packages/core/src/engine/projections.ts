import { toRecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { RecallSet } from '../model/recall-set';
import type { ReviewRating } from '../model/schedule';
import type { Session } from '../model/session';
import { REVIEW_RATINGS, ratingForRecall } from '../scheduling/recall-rating';
import type { EngineSessionState } from '../session/session-state';
import { reportError, type EngineRuntime } from './runtime';

/** The session row: a projection of the log kept for queries. */
export function toSessionRow(state: EngineSessionState, fallbackStartedAt: number): Session {
  return {
    id: state.sessionId,
    recallSetId: state.recallSetId,
    ...(state.userId === null ? {} : { userId: state.userId }),
    status: state.status === 'created' ? 'in_progress' : state.status,
    targetPointIds: [...state.targetPointIds],
    recalledPointIds: [...state.recalledPointIds],
    startedAt: state.startedAt ?? fallbackStartedAt,
    ...(state.pausedAt === null ? {} : { pausedAt: state.pausedAt }),
    ...(state.resumedAt === null ? {} : { resumedAt: state.resumedAt }),
    ...(state.endedAt === null ? {} : { endedAt: state.endedAt }),
  };
}

/** Writes the session row from the current state; a failure is reported, not thrown. */
export async function saveSessionRow(
  runtime: EngineRuntime,
  state: EngineSessionState,
): Promise<void> {
  try {
    await runtime.storage.saveSession(toSessionRow(state, runtime.clock()));
  } catch (error) {
    reportError(runtime, state.sessionId, toRecallError(error));
  }
}

/**
 * FSRS for the points recalled by `events`, rated from how the recall went
 * ({@link ratingForRecall}); each writes the new card state and a review log entry.
 */
export async function rateRecalledPoints(
  runtime: EngineRuntime,
  options: { state: EngineSessionState; recallSet: RecallSet; events: readonly SessionEvent[] },
): Promise<void> {
  const ratings: Array<[string, ReviewRating]> = [];
  for (const event of options.events) {
    if (event.type !== 'recall_point_recalled') continue;
    const progress = options.state.pointProgress[event.data.pointId];
    if (progress !== undefined) ratings.push([event.data.pointId, ratingForRecall(progress)]);
  }
  await recordRatings(runtime, options.state, options.recallSet, ratings);
}

/** FSRS Again for points newly marked attempted-and-failed by a pause. */
export async function rateFailedPoints(
  runtime: EngineRuntime,
  options: { before: EngineSessionState; after: EngineSessionState; recallSet: RecallSet },
): Promise<void> {
  const newlyFailed = options.after.againRatedPointIds.filter(
    (pointId) => !options.before.againRatedPointIds.includes(pointId),
  );
  await recordRatings(
    runtime,
    options.after,
    options.recallSet,
    newlyFailed.map((pointId) => [pointId, REVIEW_RATINGS.again]),
  );
}

async function recordRatings(
  runtime: EngineRuntime,
  state: EngineSessionState,
  recallSet: RecallSet,
  ratings: ReadonlyArray<[string, ReviewRating]>,
): Promise<void> {
  for (const [pointId, rating] of ratings) {
    const point = recallSet.points.find((candidate) => candidate.id === pointId);
    if (point === undefined) continue;
    try {
      const { schedule, log } = runtime.scheduler.rate({
        pointId,
        schedule: point.schedule,
        rating,
        now: runtime.clock(),
        logId: runtime.ids(),
        sessionId: state.sessionId,
      });
      await runtime.storage.recordReview(pointId, schedule, log);
      point.schedule = schedule;
    } catch (error) {
      reportError(runtime, state.sessionId, toRecallError(error));
    }
  }
}
