// The in-memory adapter's learning-state part: FSRS schedules and review logs per (learner,
// point), over the points its recall-set part holds.
import { pointDueAt } from '../../model/learner';
import type { RecallPoint } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import { learnerKey } from '../learner-key';
import type { LearningStateStore, RecordReviewOptions } from '../parts/learning-state-store';

/** What the learning-state part reads of the recall sets: their points. */
export interface MemoryPointIndex {
  /** The points of the set, or none when no set has that id. */
  pointsOf(recallSetId: string): readonly RecallPoint[];
  /** Whether any stored set has a point with this id. */
  pointExists(pointId: string): boolean;
}

/** The learning-state part, plus the synchronous write the event-log part makes with an append. */
export interface MemoryLearningStateStore extends LearningStateStore {
  /** Records a review at once; throws when its point is in no stored set. */
  recordReviewNow(options: RecordReviewOptions): void;
}

/** The learning-state part over `learning`, checking points against `points`. */
export function createMemoryLearningStateStore(
  learning: InMemoryLearningState,
  points: MemoryPointIndex,
): MemoryLearningStateStore {
  function recordReviewNow({ userId, schedule, log }: RecordReviewOptions): void {
    learnerKey(userId);
    if (!points.pointExists(log.pointId)) throw new Error(`No recall point has id ${log.pointId}.`);
    learning.record(userId, schedule, log);
  }

  return {
    recordReviewNow,
    async getSchedules({ recallSetId, userId }) {
      return learning.schedules(
        userId,
        points.pointsOf(recallSetId).map((point) => point.id),
      );
    },
    async getDuePoints({ recallSetId, now, userId }) {
      const setPoints = points.pointsOf(recallSetId);
      const schedules = learning.schedules(
        userId,
        setPoints.map((point) => point.id),
      );
      return setPoints
        .filter((point) => pointDueAt(point, schedules.get(point.id)) <= now)
        .sort((a, b) => a.position - b.position)
        .map((point) => structuredClone(point));
    },
    async recordReview(options) {
      recordReviewNow(options);
    },
    async getReviewLogs({ pointId, userId }) {
      return learning.logs(userId, pointId);
    },
  };
}

/**
 * The in-memory adapter's learning state: FSRS schedules and review logs per (learner, point).
 * Values are copied in and out.
 */
export class InMemoryLearningState {
  /** Learner key → point id → schedule. */
  readonly #schedules = new Map<string, Map<string, PointSchedule>>();
  /** Learner key → point id → logs in recorded order. */
  readonly #logs = new Map<string, Map<string, ReviewLog[]>>();
  /** Every stored log id: ids are unique across learners, as in the SQL adapters. */
  readonly #logIds = new Set<string>();

  schedules(userId: string | undefined, pointIds: readonly string[]): Map<string, PointSchedule> {
    const own = this.#schedules.get(learnerKey(userId));
    const result = new Map<string, PointSchedule>();
    for (const pointId of pointIds) {
      const schedule = own?.get(pointId);
      if (schedule !== undefined) result.set(pointId, structuredClone(schedule));
    }
    return result;
  }

  /** Stores the review unless its log id is already stored (then nothing changes). */
  record(userId: string | undefined, schedule: PointSchedule, log: ReviewLog): void {
    const key = learnerKey(userId);
    if (this.#logIds.has(log.id)) return;
    this.#logIds.add(log.id);
    const logs = entryOf(this.#logs, key);
    logs.set(log.pointId, [...(logs.get(log.pointId) ?? []), structuredClone(log)]);
    entryOf(this.#schedules, key).set(log.pointId, structuredClone(schedule));
  }

  logs(userId: string | undefined, pointId: string): ReviewLog[] {
    return structuredClone(this.#logs.get(learnerKey(userId))?.get(pointId) ?? []);
  }

  /** Deletes every learner's schedule of these points (their logs stay: they are history). */
  forgetSchedules(pointIds: Iterable<string>): void {
    for (const own of this.#schedules.values()) {
      for (const pointId of pointIds) own.delete(pointId);
    }
  }
}

function entryOf<T>(map: Map<string, Map<string, T>>, key: string): Map<string, T> {
  let entry = map.get(key);
  if (entry === undefined) {
    entry = new Map();
    map.set(key, entry);
  }
  return entry;
}
