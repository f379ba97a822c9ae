import { createFsrsScheduler, defineRecallSet } from '@recall/core';
import { REVIEW_RATINGS, ratingForRecall } from '../../src/scheduling/recall-rating';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness } from './harness';

const DAY = 86_400_000;

describe('FSRS ratings', () => {
  test('the documented mapping from recall quality', () => {
    expect(ratingForRecall({ failedAttempts: 0, nearMisses: 0 })).toBe(REVIEW_RATINGS.easy);
    expect(ratingForRecall({ failedAttempts: 1, nearMisses: 0 })).toBe(REVIEW_RATINGS.good);
    expect(ratingForRecall({ failedAttempts: 0, nearMisses: 1 })).toBe(REVIEW_RATINGS.good);
    expect(ratingForRecall({ failedAttempts: 0, nearMisses: 2 })).toBe(REVIEW_RATINGS.hard);
    expect(ratingForRecall({ failedAttempts: 1, nearMisses: 1 })).toBe(REVIEW_RATINGS.hard);
  });

  test('Easy for a crisp first answer, Good after one miss, Hard after two; Again at leave; untouched otherwise', async () => {
    const h = await createHarness({
      recallSet: {
        id: 'set-four',
        name: 'Four',
        points: [
          { id: 'a', content: 'alpha fact', context: 'first' },
          { id: 'b', content: 'beta fact', context: 'second' },
          { id: 'c', content: 'gamma fact', context: 'third' },
          { id: 'd', content: 'delta fact', context: 'fourth' },
          { id: 'e', content: 'epsilon fact', context: 'fifth' },
        ],
      },
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['a'] }), // focus a: first answer → Easy
          scriptEvaluation({}), // focus b: miss 1
          scriptEvaluation({ recalled: ['b'] }), // b after one miss → Good
          scriptEvaluation({ nearMiss: { c: 'vague' } }), // focus c: near miss + failed attempt
          scriptEvaluation({ recalled: ['c'] }), // c after two misses → Hard
          scriptEvaluation({ nearMiss: { d: 'vague' } }), // d attempted and failed
        ],
      },
    });
    const { sessionId } = await h.start();
    for (const message of ['a', 'miss', 'b', 'close', 'c', 'close d'])
      await h.say(sessionId, message);
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    const ratings = async (pointId: string) =>
      (await h.storage.getReviewLogs(pointId)).map((log) => log.rating);
    expect(await ratings('a')).toEqual([REVIEW_RATINGS.easy]);
    expect(await ratings('b')).toEqual([REVIEW_RATINGS.good]);
    expect(await ratings('c')).toEqual([REVIEW_RATINGS.hard]);
    expect(await ratings('d')).toEqual([REVIEW_RATINGS.again]);
    expect(await ratings('e')).toEqual([]);
    const stored = (await h.storage.getRecallSet('set-four'))!;
    const point = (id: string) => stored.points.find((candidate) => candidate.id === id)!;
    expect(point('e').schedule).toEqual(h.recallSet.points.find((p) => p.id === 'e')!.schedule);
    expect(point('e').schedule.due).toBeLessThanOrEqual(h.clock.now);
    expect(point('a').schedule.due).toBeGreaterThan(point('b').schedule.due);
    expect(point('a').schedule.reps).toBe(1);
    const [log] = await h.storage.getReviewLogs('a');
    expect(log).toMatchObject({
      pointId: 'a',
      sessionId,
      rating: 4,
      state: 0,
      reviewedAt: h.clock.now,
    });
    // Due-point queries follow FSRS `due`.
    expect((await h.storage.getDuePoints('set-four', h.clock.now)).map((p) => p.id)).toEqual(['e']);
    const soon = await h.storage.getDuePoints('set-four', h.clock.now + 120_000);
    expect(soon.map((candidate) => candidate.id)).toEqual(['d', 'e']);

    // Again is given once per session even if it is left again after a resume.
    await h.start('set-four');
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    expect(await ratings('d')).toEqual([REVIEW_RATINGS.again]);
  });

  test('the scheduler honours request retention and maximum interval', () => {
    const now = Date.UTC(2025, 0, 1);
    const schedule = createFsrsScheduler().createSchedule(now);
    expect(schedule).toMatchObject({ due: now, state: 0, reps: 0 });
    const rateMany = (options: Parameters<typeof createFsrsScheduler>[0]) => {
      const scheduler = createFsrsScheduler(options);
      let current = scheduler.createSchedule(now);
      let time = now;
      for (let index = 0; index < 12; index += 1) {
        current = scheduler.rate({
          pointId: 'p',
          schedule: current,
          rating: 4,
          now: time,
          logId: `l${index}`,
        }).schedule;
        time = current.due;
      }
      return current;
    };
    const capped = rateMany({ maximumInterval: 30 });
    expect(capped.scheduledDays).toBe(30);
    expect(rateMany({}).scheduledDays).toBeLessThanOrEqual(365);
    expect(rateMany({}).scheduledDays).toBeGreaterThan(30);
    const strict = createFsrsScheduler({ requestRetention: 0.97 });
    const loose = createFsrsScheduler({ requestRetention: 0.8 });
    const review = (scheduler: ReturnType<typeof createFsrsScheduler>) =>
      scheduler.rate({
        pointId: 'p',
        schedule: scheduler.createSchedule(now),
        rating: 4,
        now,
        logId: 'x',
      }).schedule.due;
    expect(review(strict)).toBeLessThan(review(loose));
    expect(() => createFsrsScheduler({ requestRetention: 1.5 })).toThrow(TypeError);
  });

  test('defineRecallSet gives every point a fresh schedule due now', () => {
    const now = 5 * DAY;
    const recallSet = defineRecallSet(
      {
        name: 'Set',
        points: [
          { content: 'x', context: 'y' },
          { id: 'own', content: 'z', context: '' },
        ],
        resources: [
          {
            kind: 'text',
            title: 'Passage',
            content: 'Text.',
            links: [{ pointIndex: 0 }, { pointId: 'own', relevance: 'why' }],
          },
        ],
      },
      {
        now,
        ids: (() => {
          let n = 0;
          return () => `g${++n}`;
        })(),
      },
    );
    expect(recallSet).toMatchObject({
      id: 'g1',
      status: 'active',
      description: '',
      createdAt: now,
    });
    expect(
      recallSet.points.map((point) => [
        point.id,
        point.position,
        point.schedule.due,
        point.schedule.state,
      ]),
    ).toEqual([
      ['g2', 0, now, 0],
      ['own', 1, now, 0],
    ]);
    expect(recallSet.resources[0]!.links).toEqual([
      { pointId: 'g2' },
      { pointId: 'own', relevance: 'why' },
    ]);
    expect(() =>
      defineRecallSet({
        name: 'Bad',
        points: [],
        resources: [{ kind: 'text', title: 'T', content: 'c', links: [{ pointIndex: 3 }] }],
      }),
    ).toThrow(TypeError);
  });
});
