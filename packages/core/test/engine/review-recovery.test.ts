import {
  type ReviewLog,
  type StorageAdapter,
  createFsrsScheduler,
  createMemoryStorage,
} from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test, vi } from 'vitest';
import { createHarness, ofType } from './harness';

type ReviewFault = (log: ReviewLog) => 'throw' | 'hang' | 'pass' | 'legacy-id';

/**
 * The storage with `recordReview` failing as `fault` says (each fault once by default). It
 * writes reviews in calls of their own (`writesWithAppend` off), as a third-party adapter may:
 * the case where a crash can fall between an event and its review. (Recall's adapters write
 * them in the event's append, so there is no such gap.)
 */
function withReviewFault(storage: StorageAdapter, fault: ReviewFault): StorageAdapter {
  return {
    ...storage,
    writesWithAppend: false,
    recordReview(options) {
      switch (fault(options.log)) {
        case 'throw':
          return Promise.reject(new Error('The disk is full.'));
        case 'hang':
          // The process dies before the write: it never happens.
          return new Promise<void>(() => {});
        case 'legacy-id':
          return storage.recordReview({
            ...options,
            log: { ...options.log, id: 'random-legacy-id' },
          });
        case 'pass':
          return storage.recordReview(options);
      }
    },
  };
}

function once(fault: 'throw' | 'hang', when: (log: ReviewLog) => boolean = () => true) {
  let left = 1;
  return (log: ReviewLog) => {
    if (left === 0 || !when(log)) return 'pass' as const;
    left -= 1;
    return fault;
  };
}

/** A harness over a faulty view of `base`, with the recall set saved in `base`. */
async function faultyHarness(
  base: StorageAdapter,
  fault: ReviewFault,
  script: Parameters<typeof createHarness>[0] = {},
) {
  const h = await createHarness({ ...script, storage: withReviewFault(base, fault) });
  await base.saveRecallSet(h.recallSet);
  const errors: string[] = [];
  h.engine.on('error', ({ error }) => errors.push(error.message));
  return { ...h, errors };
}

/** A new engine instance over the same storage, as after a crash and restart. */
async function restarted(base: StorageAdapter, prefix: string, now: number) {
  const h = await createHarness({ storage: base, idPrefix: prefix });
  h.clock.now = now;
  return h;
}

describe('FSRS reviews survive a crash between the event and the review write', () => {
  test('a write that failed is redone by the next engine instance, exactly once', async () => {
    const base = createMemoryStorage();
    const first = await faultyHarness(base, once('throw'), {
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] })] },
    });
    // The learner never reviewed p1: it is rated from a new card.
    const point = first.recallSet.points.find((candidate) => candidate.id === 'p1')!;
    const original = createFsrsScheduler().createSchedule(point.createdAt);
    const { sessionId } = await first.start();
    first.advance(1234);
    await first.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    expect(first.errors).toEqual(['The disk is full.']);
    expect(await base.getReviewLogs({ pointId: 'p1' })).toEqual([]);

    const second = await restarted(base, 'b', first.clock.now + 60_000);
    await second.engine.getSessionState(sessionId);
    const [recalled] = ofType(await base.read(sessionId), 'recall_point_recalled');
    const logs = await base.getReviewLogs({ pointId: 'p1' });
    expect(logs).toEqual([
      expect.objectContaining({
        id: `${recalled!.id}:p1`,
        pointId: 'p1',
        sessionId,
        // p1 was the focus, recalled at its first probe: Good.
        rating: 3,
        reviewedAt: recalled!.timestamp,
      }),
    ]);
    // The same schedule the uninterrupted write would have stored.
    const expected = createFsrsScheduler().rate({
      pointId: 'p1',
      schedule: original,
      rating: 3,
      now: recalled!.timestamp,
      logId: logs[0]!.id,
      sessionId,
    });
    const stored = async () => (await base.getSchedules({ recallSetId: 'set-cell' })).get('p1');
    expect(await stored()).toEqual(expected.schedule);
    expect(logs[0]).toEqual(expected.log);

    // Later instances find it stored and add nothing.
    const third = await restarted(base, 'c', first.clock.now + 120_000);
    await third.say(sessionId, 'glycolysis');
    expect(await base.getReviewLogs({ pointId: 'p1' })).toHaveLength(1);
    expect(await stored()).toEqual(expected.schedule);
  });

  test('the same instance redoes a failed write before its next command', async () => {
    const base = createMemoryStorage();
    const h = await faultyHarness(base, once('throw'), {
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    expect(await base.getReviewLogs({ pointId: 'p1' })).toEqual([]);
    await h.say(sessionId, 'next one');
    await h.say(sessionId, 'and another');
    expect((await base.getReviewLogs({ pointId: 'p1' })).map((log) => log.rating)).toEqual([3]);
  });

  test('an engine killed before the write: the next instance writes the review once', async () => {
    const base = createMemoryStorage();
    const first = await faultyHarness(base, once('hang'), {
      script: { evaluator: [scriptEvaluation({ recalled: ['p2'] })] },
    });
    const { sessionId } = await first.start();
    await first.engine.sendUserMessage(sessionId, 'glycolysis splits glucose into pyruvate');
    await vi.waitFor(async () => {
      expect(ofType(await base.read(sessionId), 'recall_point_recalled')).toHaveLength(1);
    });
    // The first engine is never heard from again.
    const second = await restarted(base, 'b', first.clock.now + 90_000);
    const state = await second.engine.getSessionState(sessionId);
    expect(state.recalledPointIds).toEqual(['p2']);
    // Volunteered while p1 was the focus: Easy.
    expect((await base.getReviewLogs({ pointId: 'p2' })).map((log) => log.rating)).toEqual([4]);
    const third = await restarted(base, 'c', first.clock.now + 100_000);
    await third.engine.getSessionState(sessionId);
    expect(await base.getReviewLogs({ pointId: 'p2' })).toHaveLength(1);
  });

  test('the Again ratings written at leave are recovered the same way', async () => {
    const base = createMemoryStorage();
    const first = await faultyHarness(
      base,
      once('throw', (log) => log.rating === 1),
      { script: { evaluator: [scriptEvaluation({ nearMiss: { p1: 'the enzyme' } })] } },
    );
    const { sessionId } = await first.start();
    await first.say(sessionId, 'some enzyme');
    await first.engine.leaveSession(sessionId);
    await first.engine.whenIdle(sessionId);
    expect(first.errors).toEqual(['The disk is full.']);
    expect(await base.getReviewLogs({ pointId: 'p1' })).toEqual([]);

    const second = await restarted(base, 'b', first.clock.now + 1000);
    await second.engine.getSessionState(sessionId);
    const [paused] = ofType(await base.read(sessionId), 'session_paused');
    expect(await base.getReviewLogs({ pointId: 'p1' })).toEqual([
      expect.objectContaining({ id: `${paused!.id}:p1`, rating: 1, reviewedAt: paused!.timestamp }),
    ]);
    expect(await base.getReviewLogs({ pointId: 'p2' })).toEqual([]);
    // Resuming and leaving again rates nothing twice.
    await second.start('set-cell');
    await second.engine.leaveSession(sessionId);
    await second.engine.whenIdle(sessionId);
    expect(await base.getReviewLogs({ pointId: 'p1' })).toHaveLength(1);
  });

  test('reviews stored under older random log ids are recognised, not duplicated', async () => {
    const base = createMemoryStorage();
    const first = await faultyHarness(base, () => 'legacy-id', {
      script: { evaluator: [scriptEvaluation({ recalled: ['p3'] })] },
    });
    const { sessionId } = await first.start();
    await first.say(sessionId, 'The Krebs cycle oxidises acetyl-CoA');
    expect((await base.getReviewLogs({ pointId: 'p3' })).map((log) => log.id)).toEqual([
      'random-legacy-id',
    ]);
    const second = await restarted(base, 'b', first.clock.now + 1000);
    await second.engine.getSessionState(sessionId);
    expect((await base.getReviewLogs({ pointId: 'p3' })).map((log) => log.id)).toEqual([
      'random-legacy-id',
    ]);
  });
});
