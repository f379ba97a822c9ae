import { RecallError, createFsrsScheduler } from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

// Overlays, duplicate and concurrent commands, typed errors, which points a session targets:
// the opening, leaving, completing and timing a session are in lifecycle.test.ts.
describe('opening, leave, pause and resume', () => {
  test('dismissOverlay appends nothing and the learner may continue', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1', 'p2', 'p3'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'everything');
    const before = await h.events(sessionId);
    const result = await h.engine.dismissOverlay(sessionId);
    expect(result).toEqual({ status: 'accepted', sessionId, lastSeq: before.length });
    expect(await h.events(sessionId)).toHaveLength(before.length);
    await h.say(sessionId, 'one more thought');
    expect((await h.engine.getSessionState(sessionId)).status).toBe('in_progress');
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')).toHaveLength(1);
  });

  test('a repeated clientMessageId is never processed twice', async () => {
    const h = await createHarness();
    const { sessionId } = await h.start();
    const first = await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'm1' });
    const second = await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'm1' });
    await h.engine.whenIdle(sessionId);
    const third = await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'm1' });
    expect(first.status).toBe('accepted');
    expect(second).toEqual({ status: 'duplicate', sessionId, lastSeq: first.lastSeq - 1 });
    expect(third.status).toBe('duplicate');
    expect(ofType(await h.events(sessionId), 'user_message')).toHaveLength(1);
    const leave = await h.engine.leaveSession(sessionId, { clientMessageId: 'leave-1' });
    const leaveAgain = await h.engine.leaveSession(sessionId, { clientMessageId: 'leave-1' });
    expect(leaveAgain).toEqual({ ...leave, status: 'duplicate' });
  });

  test('commands of one session run one at a time, in order', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { text: 'Slow one', latencyMs: 30 }, 'Fast two'] },
    });
    const { sessionId } = await h.start();
    await Promise.all([
      h.engine.sendUserMessage(sessionId, 'first'),
      h.engine.sendUserMessage(sessionId, 'second'),
    ]);
    await h.engine.whenIdle(sessionId);
    const events = await h.events(sessionId);
    expect(
      events
        .slice(4)
        .map((event) =>
          event.type === 'user_message' || event.type === 'assistant_message'
            ? `${event.type}:${event.data.content}`
            : event.type,
        ),
    ).toEqual([
      'user_message:first',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message:Slow one',
      'user_message:second',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message:Fast two',
    ]);
  });

  test('typed errors for unknown, archived and empty sets and unknown sessions', async () => {
    const h = await createHarness();
    await expect(h.engine.startSession('nope')).rejects.toMatchObject({
      code: 'RECALL_SET_NOT_FOUND',
    });
    await h.storage.saveRecallSet({ ...h.recallSet, id: 'archived', status: 'archived' });
    await expect(h.engine.startSession('archived')).rejects.toMatchObject({
      code: 'RECALL_SET_ARCHIVED',
    });
    await h.storage.saveRecallSet({ ...h.recallSet, id: 'empty', points: [] });
    await expect(h.engine.startSession('empty')).rejects.toMatchObject({
      code: 'RECALL_SET_EMPTY',
    });
    const error = await h.engine
      .sendUserMessage('missing', 'hi')
      .catch((caught: unknown) => caught);
    expect(RecallError.isInstance(error) && error.code).toBe('SESSION_NOT_FOUND');
    await expect(h.engine.getSessionState('missing')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    await expect(h.engine.leaveSession('missing')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    const { sessionId } = await h.start();
    await expect(h.engine.sendUserMessage(sessionId, '   ')).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    await h.say(sessionId, 'still fine');
    expect((await h.engine.getSessionState(sessionId)).exchangeCount).toBe(1);
  });

  test("targets the learner's due points, or every point when none is due", async () => {
    const h = await createHarness();
    const scheduler = createFsrsScheduler();
    // A review rated Easy now: the point is not due for that learner for days.
    const reviewed = (pointId: string, learner: { userId?: string } = {}) => {
      const { schedule, log } = scheduler.rate({
        pointId,
        schedule: scheduler.createSchedule(h.clock.now),
        rating: 4,
        now: h.clock.now,
        logId: `${learner.userId ?? 'anonymous'}:${pointId}`,
      });
      return h.storage.recordReview({ ...learner, schedule, log });
    };
    await reviewed('p1');
    const { sessionId } = await h.start();
    expect((await h.engine.getSessionState(sessionId)).targetPointIds).toEqual(['p2', 'p3']);
    await h.engine.leaveSession(sessionId);
    for (const pointId of ['p1', 'p2', 'p3']) await reviewed(pointId, { userId: 'user-later' });
    const all = await h.engine.startSession(h.recallSet.id, { userId: 'user-later' });
    await h.engine.whenIdle(all.sessionId);
    expect(all.resumed).toBe(false);
    expect((await h.engine.getSessionState(all.sessionId)).targetPointIds).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
  });
});
