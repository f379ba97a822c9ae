import type { LearnerOptions } from '../../model/learner';

/** Options for {@link SpendLedger.getSpend}: whose total and which day. */
export interface GetSpendOptions extends LearnerOptions {
  /** The UTC day the totals belong to, as `YYYY-MM-DD` (adapters treat it as an opaque key). */
  day: string;
}

/** Options for {@link SpendLedger.addSpend}. */
export interface AddSpendOptions extends GetSpendOptions {
  /** Estimated USD cost of one model call (non-negative). */
  costUsd: number;
}

/** A day's estimated model spend: one learner's and everyone's. */
export interface SpendTotals {
  learnerUsd: number;
  globalUsd: number;
}

/**
 * Daily model-spend totals, shared by every node on the same database: the engine's spend
 * guard reads them before each model call and adds each call's estimated cost after it.
 * The optional `spend` part of a {@link StorageAdapter}.
 */
export interface SpendLedger {
  /** Adds `costUsd` to the learner's and to the global total of `day`, atomically. */
  addSpend(options: AddSpendOptions): Promise<void>;
  /** The learner's and the global total of `day` (0 when nothing was spent). */
  getSpend(options: GetSpendOptions): Promise<SpendTotals>;
}
