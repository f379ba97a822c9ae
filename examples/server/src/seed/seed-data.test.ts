import { createFsrsScheduler, createMemoryStorage } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { seedPointId } from './build-recall-set';
import { loadSeedData, SEED_RECALL_SETS } from './seed-data';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 9);

describe('loadSeedData', () => {
  test('saves missing and edited seeds only, never resetting a learner’s schedules', async () => {
    const storage = createMemoryStorage();
    const ids = SEED_RECALL_SETS.map((seed) => seed.id);
    expect(await loadSeedData(storage, { now: NOW })).toEqual(ids);
    expect(await loadSeedData(storage, { now: NOW + DAY })).toEqual([]);

    // The demo user recalls the first photosynthesis point.
    const scheduler = createFsrsScheduler();
    const pointId = seedPointId('photosynthesis', 0);
    const { schedule, log } = scheduler.rate({
      pointId,
      schedule: scheduler.createSchedule(NOW),
      rating: 3,
      now: NOW,
      logId: 'review-1',
    });
    await storage.recordReview({ userId: 'demo-user', schedule, log });

    // A later release rewords a point and adds one.
    const [photosynthesis, ...others] = SEED_RECALL_SETS;
    const edited = {
      ...photosynthesis!,
      points: [
        { ...photosynthesis!.points[0]!, content: 'Reworded first point.' },
        ...photosynthesis!.points.slice(1),
        { content: 'A point added later.', context: '' },
      ],
    };
    const later = NOW + 2 * DAY;
    expect(await loadSeedData(storage, { now: later, seeds: [edited, ...others] })).toEqual([
      'photosynthesis',
    ]);
    const stored = (await storage.getRecallSet('photosynthesis'))!;
    expect(stored.points[0]).toMatchObject({ content: 'Reworded first point.', createdAt: NOW });
    expect(stored.points.at(-1)).toMatchObject({
      content: 'A point added later.',
      createdAt: later,
    });
    const schedules = await storage.getSchedules({
      recallSetId: 'photosynthesis',
      userId: 'demo-user',
    });
    expect(schedules).toEqual(new Map([[pointId, schedule]]));
    const listed = await storage.listRecallSets({ now: later, userId: 'demo-user' });
    expect(listed.find((set) => set.id === 'photosynthesis')).toMatchObject({
      totalPoints: photosynthesis!.points.length + 1,
      dueCount: photosynthesis!.points.length,
    });
  });
});
