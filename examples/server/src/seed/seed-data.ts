import type { StorageAdapter } from '@recall/core';
import { buildRecallSet } from './build-recall-set';
import { eventLoop } from './event-loop';
import { frenchRevolution } from './french-revolution';
import { photosynthesis } from './photosynthesis';
import type { SeedRecallSet } from './seed-types';

/** The demo's recall sets: a science process, a history topic and a programming concept. */
export const SEED_RECALL_SETS: readonly SeedRecallSet[] = [
  photosynthesis,
  frenchRevolution,
  eventLoop,
];

/**
 * Saves every seed set the storage does not have yet and returns the ids it saved. Sets that
 * already exist are left alone, so their FSRS schedules survive restarts.
 */
export async function loadSeedData(
  storage: StorageAdapter,
  options: { now: number; seeds?: readonly SeedRecallSet[] },
): Promise<string[]> {
  const saved: string[] = [];
  for (const seed of options.seeds ?? SEED_RECALL_SETS) {
    if ((await storage.getRecallSet(seed.id)) !== null) continue;
    await storage.saveRecallSet(buildRecallSet(seed, { now: options.now }));
    saved.push(seed.id);
  }
  return saved;
}
