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
 * Whether a question asked about the point: it is the focus the learner's message answered,
 * the point the tutor's latest reply asked about, or the branch the tutor may have taken.
 * Inside a rabbit hole nothing was asked.
 */
function wasAsked(state: EngineSessionState, pointId: string): boolean {
  if (state.mode !== 'recall') return false;
  return (
    pointId === state.answeringFocusPointId ||
    pointId === state.answeringAlternativePointId ||
    pointId === state.askedPointId
  );
}

/**
 * The reviews `events` call for, folded from `state` (the state before them): each
 * `recall_point_recalled` rates its point from how the recall went ({@link ratingForRecall}:
 * its misses, the exposure the event records, volunteered unless a question asked about it —
 * the focus, the point the tutor's latest reply asked about, or the one it had moved on to);
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
      const { pointId, exposure, peakExposure } = event.data;
      const progress = current.pointProgress[pointId];
      if (current.checklist[pointId] === 'pending' && progress !== undefined) {
        reviews.push({
          logId: reviewLogId(event.id, pointId),
          pointId,
          rating: ratingForRecall({
            misses: progress.misses,
            volunteered: !wasAsked(current, pointId),
            inRabbithole: current.mode === 'rabbithole',
            ...(exposure === undefined ? {} : { exposure }),
            ...(peakExposure === undefined ? {} : { peakExposure }),
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
