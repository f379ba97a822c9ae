import type { PointSchedule, ReviewLog } from '../../model/schedule';
import { learnerKey } from '../learner-key';

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
