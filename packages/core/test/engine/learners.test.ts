import { type StorageAdapter, createMemoryStorage } from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness } from './harness';

const DAY = 86_400_000;

const FIVE_FACTS = {
  id: 'set-shared',
  name: 'Five facts',
  points: ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((word, index) => ({
    id: `f${index + 1}`,
    content: `The ${word} fact`,
    context: `Fact number ${index + 1}`,
  })),
};

/** `storage` with a count of the calls made to each method. */
function counted(storage: StorageAdapter) {
  const calls = new Map<string, number>();
  const proxy = new Proxy(storage, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...parameters: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return value.apply(target, parameters);
      };
    },
  });
  return {
    storage: proxy,
    /** The calls made since the last take, by method. */
    take() {
      const taken = Object.fromEntries(calls);
      calls.clear();
      return taken;
    },
  };
}

describe('learning state belongs to the learner', () => {
  test('Alice recalls every point of a shared set; Bob’s due count stays 5/5 and his session targets them all', async () => {
    const base = createMemoryStorage();
    const { storage, take } = counted(base);
    const h = await createHarness({
      storage,
      recallSet: FIVE_FACTS,
      script: {
        evaluator: FIVE_FACTS.points.map((point) => scriptEvaluation({ recalled: [point.id] })),
      },
    });
    await base.saveRecallSet(h.recallSet);
    const dueCount = async (userId?: string) =>
      (await base.listRecallSets({ now: h.clock.now, ...(userId === undefined ? {} : { userId }) }))
        .map((summary) => `${summary.dueCount}/${summary.totalPoints}`)
        .join();

    take();
    const alice = await h.engine.startSession(h.recallSet.id, { userId: 'alice' });
    await h.engine.whenIdle(alice.sessionId);
    // One read of the learner's schedules per session start.
    expect(take().getSchedules).toBe(1);
    for (const point of FIVE_FACTS.points) {
      await h.say(alice.sessionId, point.content);
      // A learner turn reads no learning state: the session holds its learner's schedules.
      // The review is written in the append of the recall event, not by a call of its own.
      const calls = take();
      expect(calls.getSchedules).toBeUndefined();
      expect(calls.getReviewLogs).toBeUndefined();
      expect(calls.recordReview).toBeUndefined();
    }
    expect((await h.engine.getSessionState(alice.sessionId)).recalledPointIds).toHaveLength(5);

    expect(await dueCount('alice')).toBe('0/5');
    expect(await dueCount('bob')).toBe('5/5');
    expect(await dueCount()).toBe('5/5');
    const logs = async (userId: string) =>
      (await base.getReviewLogs({ pointId: 'f1', userId })).map((log) => log.sessionId);
    expect(await logs('alice')).toEqual([alice.sessionId]);
    expect(await logs('bob')).toEqual([]);

    const bob = await h.engine.startSession(h.recallSet.id, { userId: 'bob' });
    await h.engine.whenIdle(bob.sessionId);
    expect(bob.resumed).toBe(false);
    expect((await h.engine.getSessionState(bob.sessionId)).targetPointIds).toEqual([
      'f1',
      'f2',
      'f3',
      'f4',
      'f5',
    ]);
    // No rating schedules a new card less than a day ahead.
    h.advance(DAY - 1);
    expect(await dueCount('alice')).toBe('0/5');
  });

  test('a session without a userId is the anonymous learner’s: it never resumes a user’s session or writes their schedules', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] })] },
    });
    const alice = await h.engine.startSession(h.recallSet.id, { userId: 'alice' });
    await h.engine.whenIdle(alice.sessionId);
    const anonymous = await h.start();
    expect(anonymous.resumed).toBe(false);
    expect(anonymous.sessionId).not.toBe(alice.sessionId);
    expect((await h.engine.getSessionState(anonymous.sessionId)).userId).toBeNull();
    await h.say(anonymous.sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    expect(await h.storage.getReviewLogs({ pointId: 'p1' })).toHaveLength(1);
    expect(await h.storage.getReviewLogs({ pointId: 'p1', userId: 'alice' })).toEqual([]);
    const count = async (userId?: string) =>
      (
        await h.storage.listRecallSets({
          now: h.clock.now,
          ...(userId === undefined ? {} : { userId }),
        })
      )[0]!.dueCount;
    expect([await count(), await count('alice')]).toEqual([2, 3]);
    // Starting again without a userId resumes the anonymous session, not Alice's.
    expect(await h.start()).toEqual({ sessionId: anonymous.sessionId, resumed: true });
  });
});
