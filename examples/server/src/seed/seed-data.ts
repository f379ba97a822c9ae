import { isDeepStrictEqual } from 'node:util';
import type { RecallSet, StorageAdapter } from '@recall/core';
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
 * Saves every seed set the storage lacks, or holds with other content (the seeds were edited),
 * and returns the ids it saved. Saving keeps every learner's FSRS schedules of the points it
 * keeps (they match by id), so restarts and seed edits never reset anyone's progress; stored
 * points keep their creation time, and a point added to a seed is new to everyone.
 */
export async function loadSeedData(
  storage: StorageAdapter,
  options: { now: number; seeds?: readonly SeedRecallSet[] },
): Promise<string[]> {
  const saved: string[] = [];
  for (const seed of options.seeds ?? SEED_RECALL_SETS) {
    const stored = await storage.getRecallSet(seed.id);
    const built = buildRecallSet(seed, { now: options.now });
    if (stored !== null && isDeepStrictEqual(contentOf(stored), contentOf(built))) continue;
    await storage.saveRecallSet(stored === null ? built : keepCreationTimes(built, stored));
    saved.push(seed.id);
  }
  return saved;
}

/** What a seed defines: the set without its timestamps, with absent fields left out. */
function contentOf(recallSet: RecallSet): unknown {
  const { createdAt: _created, updatedAt: _updated, points, ...rest } = recallSet;
  const content = {
    ...rest,
    points: points.map(({ createdAt: _c, updatedAt: _u, ...point }) => point),
  };
  return JSON.parse(JSON.stringify(content));
}

function keepCreationTimes(built: RecallSet, stored: RecallSet): RecallSet {
  const createdAt = new Map(stored.points.map((point) => [point.id, point.createdAt]));
  return {
    ...built,
    createdAt: stored.createdAt,
    points: built.points.map((point) => ({
      ...point,
      createdAt: createdAt.get(point.id) ?? point.createdAt,
    })),
  };
}
