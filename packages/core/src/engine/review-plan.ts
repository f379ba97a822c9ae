import type { SessionEvent } from '../events/envelope';
import type { ReviewRating } from '../model/schedule';
import { REVIEW_RATINGS, ratingForRecall } from '../scheduling/recall-rating';
import { reduceSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';

/** One FSRS review that an event of the log calls for. */
export interface PlannedReview {
  /** The review log id, derived from the causing event (see {@link reviewLogId}). */
  logId: string;
  pointId: string;
  rating: ReviewRating;
  /** The causing event's timestamp: the review's time, the same on every retry. */
  reviewedAt: number;
}

/**
 * The review log id of the review `eventId` calls for on `pointId`. Deterministic, so a write
 * retried after a crash — by this engine or another instance — is stored once (storage
 * adapters ignore a log id they already hold).
 */
export function reviewLogId(eventId: string, pointId: string): string {
  return `${eventId}:${pointId}`;
}

/**
 * The reviews `events` call for, folded from `state` (the state before them): each
 * `recall_point_recalled` rates its point from how the recall went ({@link ratingForRecall}:
 * volunteered unless the point is what the learner message answered — its focus, or the point
 * the tutor had moved on to);
 * each `session_paused` rates Again the points it newly marks attempted-and-failed. Pure: the
 * log alone decides which reviews exist, so they can be re-derived after a crash.
 */
export function planReviews(
  state: EngineSessionState,
  events: readonly SessionEvent[],
): PlannedReview[] {
  const reviews: PlannedReview[] = [];
  let current = state;
  for (const event of events) {
    if (event.sessionId !== current.sessionId || event.seq <= current.lastSeq) continue;
    const next = reduceSession(current, event);
    if (event.type === 'recall_point_recalled') {
      const { pointId } = event.data;
      const progress = current.pointProgress[pointId];
      if (current.checklist[pointId] === 'pending' && progress !== undefined) {
        reviews.push({
          logId: reviewLogId(event.id, pointId),
          pointId,
          rating: ratingForRecall({
            ...progress,
            volunteered:
              pointId !== current.answeringFocusPointId &&
              pointId !== current.answeringAlternativePointId,
          }),
          reviewedAt: event.timestamp,
        });
      }
    } else if (event.type === 'session_paused') {
      for (const pointId of next.againRatedPointIds) {
        if (current.againRatedPointIds.includes(pointId)) continue;
        reviews.push({
          logId: reviewLogId(event.id, pointId),
          pointId,
          rating: REVIEW_RATINGS.again,
          reviewedAt: event.timestamp,
        });
      }
    }
    current = next;
  }
  return reviews;
}
