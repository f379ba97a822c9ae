import { createFsrsScheduler, defineRecallSet } from '@recall/core';
import { REVIEW_RATINGS, ratingForRecall } from '../../src/scheduling/recall-rating';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness } from './harness';

const DAY = 86_400_000;

describe('FSRS ratings', () => {
  test('the documented table: the best rating the recall earns, capped by every row that applies', () => {
    expect(ratingForRecall({ misses: 0 })).toBe(REVIEW_RATINGS.good);
    expect(ratingForRecall({ misses: 0, volunteered: true })).toBe(REVIEW_RATINGS.easy);
    // Never Easy inside a rabbit hole.
    expect(ratingForRecall({ misses: 0, volunteered: true, inRabbithole: true })).toBe(
      REVIEW_RATINGS.good,
    );
    expect(ratingForRecall({ misses: 1 })).toBe(REVIEW_RATINGS.hard);
    expect(ratingForRecall({ misses: 2, volunteered: true })).toBe(REVIEW_RATINGS.hard);
    expect(ratingForRecall({ misses: 3 })).toBe(REVIEW_RATINGS.again);
    // Exposure caps: a third and two thirds (strictly above).
    expect(ratingForRecall({ misses: 0, exposure: 1 / 3 })).toBe(REVIEW_RATINGS.good);
    expect(ratingForRecall({ misses: 0, exposure: 0.34, volunteered: true })).toBe(
      REVIEW_RATINGS.hard,
    );
    expect(ratingForRecall({ misses: 0, exposure: 2 / 3 })).toBe(REVIEW_RATINGS.hard);
    expect(ratingForRecall({ misses: 0, exposure: 0.7 })).toBe(REVIEW_RATINGS.again);
    // A cloze that showed more than half the point's key terms.
    expect(ratingForRecall({ misses: 1, exposure: 0.6, peakExposure: 0.6 })).toBe(
      REVIEW_RATINGS.again,
    );
    expect(ratingForRecall({ misses: 1, exposure: 0.5, peakExposure: 0.5 })).toBe(
      REVIEW_RATINGS.hard,
    );
  });

  test('Good at the first probe, Easy volunteered, Hard after a miss, Again at leave; off-topic and untouched points unrated', async () => {
    const h = await createHarness({
      recallSet: {
        id: 'set-five',
        name: 'Five',
        points: [
          { id: 'a', content: 'alpha fact', context: 'first' },
          { id: 'b', content: 'beta fact', context: 'second' },
          { id: 'c', content: 'gamma fact', context: 'third' },
          { id: 'd', content: 'delta fact', context: 'fourth' },
          { id: 'e', content: 'epsilon fact', context: 'fifth' },
          { id: 'f', content: 'zeta fact', context: 'sixth' },
        ],
      },
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['a'] }), // focus a, first probe → Good
          scriptEvaluation({ recalled: ['c'] }), // focus b, c volunteered → Easy; b not attempted
          scriptEvaluation({ attempted: ['b'] }), // focus b: "I don't remember" → a failed attempt
          scriptEvaluation({ recalled: ['b'] }), // b after a miss → Hard
          scriptEvaluation({ notAddressed: ['d', 'e', 'f'] }), // focus d: off-topic, no attempt
          scriptEvaluation({ nearMiss: { e: 'vague' } }), // e came close while d was the focus
        ],
      },
    });
    const { sessionId } = await h.start();
    for (const message of ['alpha fact', 'gamma fact', "I don't remember", 'beta fact', 'lunch?'])
      await h.say(sessionId, message);
    await h.say(sessionId, 'epsilon something');
    const state = await h.engine.getSessionState(sessionId);
    expect(state.pointProgress).toMatchObject({
      b: { failedAttempts: 1, nearMisses: 0, misses: 1 },
      d: { failedAttempts: 0, nearMisses: 0, misses: 0 },
      e: { failedAttempts: 0, nearMisses: 1, misses: 1 },
    });
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    const ratings = async (pointId: string) =>
      (await h.storage.getReviewLogs({ pointId })).map((log) => log.rating);
    expect(await ratings('a')).toEqual([REVIEW_RATINGS.good]);
    expect(await ratings('b')).toEqual([REVIEW_RATINGS.hard]);
    expect(await ratings('c')).toEqual([REVIEW_RATINGS.easy]);
    // Probed but never attempted (off-topic): no Again.
    expect(await ratings('d')).toEqual([]);
    // Attempted (a near miss) and never recalled: Again at leave.
    expect(await ratings('e')).toEqual([REVIEW_RATINGS.again]);
    expect(await ratings('f')).toEqual([]);
    // The session's learner (here the anonymous one) has a schedule for each rated point only.
    const schedules = await h.storage.getSchedules({ recallSetId: 'set-five' });
    const schedule = (id: string) => schedules.get(id)!;
    expect([...schedules.keys()].sort()).toEqual(['a', 'b', 'c', 'e']);
    // FSRS orders the reviews: Easy > Good > Hard > Again.
    expect(schedule('c').due).toBeGreaterThan(schedule('a').due);
    expect(schedule('a').due).toBeGreaterThan(schedule('b').due);
    expect(schedule('b').due).toBeGreaterThan(schedule('e').due);
    expect(schedule('a').reps).toBe(1);
    const [log] = await h.storage.getReviewLogs({ pointId: 'a' });
    expect(log).toMatchObject({
      pointId: 'a',
      sessionId,
      rating: REVIEW_RATINGS.good,
      state: 0,
      reviewedAt: h.clock.now,
    });
    // Due-point queries follow FSRS `due`; even Again schedules a whole day ahead.
    const dueAt = async (now: number) =>
      (await h.storage.getDuePoints({ recallSetId: 'set-five', now })).map((p) => p.id);
    expect(await dueAt(h.clock.now)).toEqual(['d', 'f']);
    expect(await dueAt(h.clock.now + 120_000)).toEqual(['d', 'f']);
    expect(await dueAt(h.clock.now + DAY)).toEqual(['d', 'e', 'f']);

    // Again is given once per session even if it is left again after a resume.
    await h.start('set-five');
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    expect(await ratings('e')).toEqual([REVIEW_RATINGS.again]);
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

  test('defineRecallSet builds content only: points created now, no schedules', () => {
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
    expect(recallSet.points.map((point) => [point.id, point.position, point.createdAt])).toEqual([
      ['g2', 0, now],
      ['own', 1, now],
    ]);
    expect(recallSet.points.some((point) => 'schedule' in point)).toBe(false);
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
