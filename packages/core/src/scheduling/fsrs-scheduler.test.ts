import { describe, expect, test } from 'vitest';
import { createFsrsScheduler } from './fsrs-scheduler';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 9);

describe('createFsrsScheduler', () => {
  test('a new card is next due whole days ahead for every rating: no learning-step cliff', () => {
    const scheduler = createFsrsScheduler();
    const daysAhead = ([1, 2, 3, 4] as const).map((rating) => {
      const { schedule } = scheduler.rate({
        pointId: 'p',
        schedule: scheduler.createSchedule(NOW),
        rating,
        now: NOW,
        logId: `log-${rating}`,
      });
      expect(schedule.state).toBe(2);
      return (schedule.due - NOW) / DAY;
    });
    // Again, Hard, Good, Easy: the table docs/design.md gives.
    expect(daysAhead).toEqual([1, 2, 3, 8]);
  });

  test('a card a learning step left in Learning state (older schedules) is rated in days too', () => {
    const scheduler = createFsrsScheduler();
    const learning = {
      ...scheduler.createSchedule(NOW),
      stability: 2.3,
      difficulty: 2.1,
      learningSteps: 1,
      reps: 1,
      state: 1,
      lastReview: NOW - 10 * 60_000,
    };
    const { schedule } = scheduler.rate({
      pointId: 'p',
      schedule: learning,
      rating: 3,
      now: NOW + DAY,
      logId: 'log',
    });
    expect(schedule.due - (NOW + DAY)).toBeGreaterThanOrEqual(DAY);
  });
});
