import { learnerKey } from '../learner-key';
import type { SpendLedger } from '../storage-adapter';

const KEPT_DAYS = 2;

/** Daily spend totals in memory: per day, the global total and each learner's. */
export function createMemorySpendLedger(): SpendLedger {
  const days = new Map<string, { globalUsd: number; learners: Map<string, number> }>();
  return {
    async addSpend({ day, userId, costUsd }) {
      const key = learnerKey(userId);
      assertCost(costUsd);
      let totals = days.get(day);
      if (totals === undefined) {
        // Only the current day is read again (the previous one around midnight): older days
        // go, so the map stays small.
        if (days.size >= KEPT_DAYS) days.delete(days.keys().next().value as string);
        totals = { globalUsd: 0, learners: new Map() };
        days.set(day, totals);
      }
      totals.globalUsd += costUsd;
      totals.learners.set(key, (totals.learners.get(key) ?? 0) + costUsd);
    },
    async getSpend({ day, userId }) {
      const key = learnerKey(userId);
      const totals = days.get(day);
      return {
        learnerUsd: totals?.learners.get(key) ?? 0,
        globalUsd: totals?.globalUsd ?? 0,
      };
    },
  };
}

/** Rejects a cost that would corrupt a total (negative, NaN or infinite). */
export function assertCost(costUsd: number): void {
  if (!(Number.isFinite(costUsd) && costUsd >= 0)) {
    throw new TypeError(`costUsd must be a non-negative finite number, got ${costUsd}.`);
  }
}
