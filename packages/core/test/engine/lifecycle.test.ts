import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

// Overlays, duplicate and concurrent commands, typed errors and targeting: lifecycle-commands.test.ts.
describe('opening, leave, pause and resume', () => {
  test('the opening question is generated once; reconnects and repeated starts generate nothing', async () => {
    const h = await createHarness({ script: { tutor: ['What do you remember about ATP?'] } });
    const first = await h.start();
    expect(first.resumed).toBe(false);
    const again = await h.start();
    expect(again).toEqual({ sessionId: first.sessionId, resumed: true });
    const unsubscribe = h.engine.subscribe(first.sessionId, { afterSeq: 0 }, () => {});
    unsubscribe();
    await h.engine.whenIdle(first.sessionId);
    expect(h.llm.requestsOf('tutor')).toHaveLength(1);
    expect(h.llm.requestsOf('tutor')[0]!.messages.at(-1)!.content).toContain(
      '<task kind="opening">',
    );
    expect(await h.types(first.sessionId)).toEqual([
      'session_started',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(ofType(await h.events(first.sessionId), 'session_started')[0]!.data).toEqual({
      sessionId: first.sessionId,
      recallSetId: 'set-cell',
      recallSetName: 'Cell energy',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
      targetPointIds: ['p1', 'p2', 'p3'],
    });
  });

  test('leave → paused; resume → same checklist and focus, one recap, no new opening', async () => {
    const h = await createHarness({
      script: {
        tutor: ['Opening?', 'Reply.', 'Welcome back: you recalled one point. What splits glucose?'],
        evaluator: [scriptEvaluation({ recalled: ['p1'] })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP');
    const before = await h.engine.getSessionState(sessionId);
    h.advance(60_000);
    const left = await h.engine.leaveSession(sessionId);
    expect(left.status).toBe('accepted');
    const paused = ofType(await h.events(sessionId), 'session_paused');
    expect(paused.map((event) => event.data)).toEqual([
      { sessionId, recalledCount: 1, totalPoints: 3 },
    ]);
    const row = await h.storage.getSession(sessionId);
    expect(row).toMatchObject({
      status: 'paused',
      recalledPointIds: ['p1'],
      pausedAt: h.clock.now,
    });
    expect(row!.endedAt).toBeUndefined();
    await expect(h.engine.sendUserMessage(sessionId, 'hi')).rejects.toMatchObject({
      code: 'SESSION_ENDED',
    });

    h.advance(3_600_000);
    const resumed = await h.start();
    expect(resumed).toEqual({ sessionId, resumed: true });
    const after = await h.engine.getSessionState(sessionId);
    expect(after.checklist).toEqual(before.checklist);
    expect(after.focusPointId).toBe(before.focusPointId);
    expect(after.recalledPointIds).toEqual(['p1']);
    const started = ofType(await h.events(sessionId), 'session_started');
    expect(started.map((event) => event.data.resumed)).toEqual([false, true]);
    expect(started[1]!.data.recalledCount).toBe(1);
    const tutorCalls = h.llm.requestsOf('tutor');
    expect(tutorCalls).toHaveLength(3);
    expect(tutorCalls[2]!.messages.at(-1)!.content).toContain('<task kind="recap">');
    expect(tutorCalls[2]!.system).toBe(tutorCalls[0]!.system);
    expect(await h.storage.getSession(sessionId)).toMatchObject({
      status: 'in_progress',
      resumedAt: h.clock.now,
    });

    // A reconnect or a second start after the resume adds nothing.
    await h.start();
    expect(h.llm.requestsOf('tutor')).toHaveLength(3);
  });

  test('leave after completion → session_completed with a summary computed from the log', async () => {
    const h = await createHarness({
      config: {
        prices: {
          conversation: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
          judge: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
        },
      },
      script: {
        tutor: [
          {
            text: 'Opening?',
            usage: { inputTokens: 1000, outputTokens: 100, cacheWriteTokens: 500 },
          },
          { text: 'Next?', usage: { inputTokens: 2000, outputTokens: 200, cacheReadTokens: 500 } },
          { text: 'And?', usage: { inputTokens: 3000, outputTokens: 300 } },
        ],
        evaluator: [
          {
            ...scriptEvaluation({ recalled: ['p2'] }),
            usage: { inputTokens: 400, outputTokens: 40 },
          },
          {
            ...scriptEvaluation({ recalled: ['p1', 'p3'] }),
            usage: { inputTokens: 600, outputTokens: 60 },
          },
        ],
      },
    });
    const startedAt = h.clock.now;
    const { sessionId } = await h.start();
    h.advance(30_000);
    await h.say(sessionId, 'glycolysis');
    h.advance(30_000);
    await h.say(sessionId, 'the rest');
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')[0]!.data.durationMs).toBe(
      60_000,
    );
    await h.engine.dismissOverlay(sessionId);
    h.advance(15_000);
    await h.engine.leaveSession(sessionId);
    const completed = ofType(await h.events(sessionId), 'session_completed');
    expect(completed).toHaveLength(1);
    const conversationCost = (6000 * 3 + 600 * 15 + 500 * 0.3 + 500 * 3.75) / 1e6;
    const judgeCost = (1000 * 1 + 100 * 5) / 1e6;
    expect(completed[0]!.data.summary).toEqual({
      sessionId,
      recalledCount: 3,
      totalPoints: 3,
      durationMs: h.clock.now - startedAt,
      rabbitholeCount: 0,
      recalledPointIds: ['p2', 'p1', 'p3'],
      usage: { inputTokens: 7000, outputTokens: 700, cacheReadTokens: 500, cacheWriteTokens: 500 },
      estimatedCostUsd: conversationCost + judgeCost,
    });
    expect(await h.storage.getSession(sessionId)).toMatchObject({
      status: 'completed',
      endedAt: h.clock.now,
    });
    await expect(h.engine.sendUserMessage(sessionId, 'more')).rejects.toMatchObject({
      code: 'SESSION_ENDED',
    });
    // A completed session is never resumed: the next start is a new session.
    const next = await h.start();
    expect(next.sessionId).not.toBe(sessionId);
  });

  test('a session row that lags behind its completed log is repaired, and a new session starts', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1', 'p2', 'p3'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'everything');
    await h.engine.leaveSession(sessionId);
    const row = (await h.storage.getSession(sessionId))!;
    await h.storage.saveSession({ ...row, status: 'in_progress' });
    const next = await h.start();
    expect(next.resumed).toBe(false);
    expect(next.sessionId).not.toBe(sessionId);
    expect((await h.storage.getSession(sessionId))!.status).toBe('completed');
  });

  test('duration counts active time only', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1', 'p2', 'p3'] })] },
    });
    const { sessionId } = await h.start();
    h.advance(10_000);
    await h.engine.leaveSession(sessionId);
    h.advance(999_999);
    await h.start();
    h.advance(5_000);
    await h.say(sessionId, 'everything');
    await h.engine.leaveSession(sessionId);
    const [completed] = ofType(await h.events(sessionId), 'session_completed');
    expect(completed!.data.summary.durationMs).toBe(15_000);
  });
});
