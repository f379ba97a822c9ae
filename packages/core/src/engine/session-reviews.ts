import { toRecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { LearnerOptions } from '../model/learner';
import type { RecallPoint, RecallSet } from '../model/recall-set';
import type { PointSchedule, ReviewLog, ReviewRating } from '../model/schedule';
import type { RecordReviewOptions } from '../storage/storage-adapter';
import { REVIEW_RATINGS, ratingForRecall } from '../scheduling/recall-rating';
import { reduceSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { loadRecallSet, reportError } from './runtime';
import type { SessionActor } from './session-actor';

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

/**
 * Writes the reviews a just-appended batch calls for: each the point's new FSRS state for the
 * session's learner and its review log entry. A failed write is reported and kept in the
 * session's owed reviews, retried before its next command (and re-derived from the log by any
 * new engine instance).
 */
export async function recordReviews(
  actor: SessionActor,
  options: { recallSet: RecallSet; reviews: readonly PlannedReview[] },
): Promise<void> {
  if (options.reviews.length === 0) return;
  let schedules: Map<string, PointSchedule>;
  try {
    schedules = actor.schedules ?? (await readLearnerSchedules(actor));
  } catch (error) {
    reportError(actor.runtime, actor.sessionId, toRecallError(error));
    actor.oweReviews(options.reviews);
    return;
  }
  const failed = await writeReviews(actor, { ...options, schedules, verify: false });
  actor.oweReviews(failed);
}

/**
 * Writes the session's owed reviews — those its log calls for that may be missing from
 * storage (after a load, a write failure, or events appended by another writer) — skipping
 * any storage already holds. The learner's schedules are read afresh first, since another
 * writer may have moved them. Never throws: failures are reported and stay owed.
 */
export async function settleOwedReviews(actor: SessionActor): Promise<void> {
  const owed = actor.takeOwedReviews();
  if (owed.length === 0) return;
  let failed: PlannedReview[];
  try {
    const recallSet = await loadRecallSet(actor.runtime, actor.state.recallSetId);
    const schedules = await readLearnerSchedules(actor);
    failed = await writeReviews(actor, { recallSet, schedules, reviews: owed, verify: true });
  } catch (error) {
    const recallError = toRecallError(error);
    // A deleted set has no points left to schedule.
    failed = recallError.code === 'RECALL_SET_NOT_FOUND' ? [] : owed;
    reportError(actor.runtime, actor.sessionId, recallError);
  }
  actor.oweReviews(failed, { first: true });
}

/**
 * The learner a session's learning state belongs to: its user, or the anonymous learner for a
 * session started without a `userId`.
 */
export function learnerOf(actor: SessionActor): LearnerOptions {
  const { userId } = actor.state;
  return userId === null ? {} : { userId };
}

/** The storage writes of rated reviews, and the learner's schedules once they are written. */
export interface RatedReviews {
  writes: RecordReviewOptions[];
  schedules: Map<string, PointSchedule>;
}

/**
 * Rates `reviews` in order from `schedules` (a new card for a point the learner never
 * reviewed), each later review of a point building on the earlier one, without touching
 * `schedules`: the writes to pass to the storage and the schedules they leave.
 */
export function rateReviews(
  actor: SessionActor,
  options: {
    recallSet: RecallSet;
    schedules: ReadonlyMap<string, PointSchedule>;
    reviews: readonly PlannedReview[];
  },
): RatedReviews {
  const schedules = new Map(options.schedules);
  const writes: RecordReviewOptions[] = [];
  const learner = learnerOf(actor);
  for (const review of options.reviews) {
    const point = options.recallSet.points.find((candidate) => candidate.id === review.pointId);
    if (point === undefined) continue;
    const { schedule, log } = ratePoint(actor, point, schedules, review);
    writes.push({ ...learner, schedule, log });
    schedules.set(point.id, schedule);
  }
  return { writes, schedules };
}

/** Reads the session's learner's schedules of its set into the actor: one statement. */
export async function readLearnerSchedules(
  actor: SessionActor,
): Promise<Map<string, PointSchedule>> {
  const schedules = await actor.runtime.storage.getSchedules({
    recallSetId: actor.state.recallSetId,
    ...learnerOf(actor),
  });
  actor.useSchedules(schedules);
  return schedules;
}

/** One review rated from the point's schedule in `schedules` (a new card when it has none). */
function ratePoint(
  actor: SessionActor,
  point: RecallPoint,
  schedules: ReadonlyMap<string, PointSchedule>,
  review: PlannedReview,
): { schedule: PointSchedule; log: ReviewLog } {
  const { scheduler } = actor.runtime;
  return scheduler.rate({
    pointId: point.id,
    schedule: schedules.get(point.id) ?? scheduler.createSchedule(point.createdAt),
    rating: review.rating,
    now: review.reviewedAt,
    logId: review.logId,
    sessionId: actor.sessionId,
  });
}

/**
 * Writes `reviews` in order, rating each from the learner's current schedule of the point (a
 * new card for a point the learner never reviewed) and updating `schedules` as it goes;
 * returns the ones that failed (and later ones of their points). With `verify`, reads the
 * point's logs first and skips a review already stored.
 */
async function writeReviews(
  actor: SessionActor,
  options: {
    recallSet: RecallSet;
    schedules: Map<string, PointSchedule>;
    reviews: readonly PlannedReview[];
    verify: boolean;
  },
): Promise<PlannedReview[]> {
  const { recallSet, schedules } = options;
  const { runtime, sessionId } = actor;
  const learner = learnerOf(actor);
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
        const logs =
          stored.get(point.id) ??
          (await runtime.storage.getReviewLogs({ pointId: point.id, ...learner }));
        stored.set(point.id, logs);
        if (isRecorded(logs, review, sessionId)) continue;
      }
      const { schedule, log } = ratePoint(actor, point, schedules, review);
      await runtime.storage.recordReview({ ...learner, schedule, log });
      schedules.set(point.id, schedule);
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
