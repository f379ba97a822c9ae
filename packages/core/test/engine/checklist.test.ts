import type { NewSessionEvent } from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import { findFocusPoint, isChecklistComplete } from '../../src/session/checklist';
import { reduceSession } from '../../src/session/reduce-session';
import { createSessionState } from '../../src/session/session-state';
import { createFixtureLog, scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

function eventsFor(
  sessionId: string,
  build: (context: ReturnType<typeof createEventContext>) => NewSessionEvent[],
) {
  let id = 0;
  const context = createEventContext({
    clock: () => 1000,
    ids: () => `e${++id}`,
  });
  return createFixtureLog({ sessionId }).store(build(context));
}

describe('checklist (reducer)', () => {
  const base = createSessionState({
    sessionId: 's',
    recallSetId: 'set',
    targetPointIds: ['a', 'b', 'c'],
  });
  const started = (context: ReturnType<typeof createEventContext>) =>
    context.build('session_started', {
      sessionId: 's',
      recallSetId: 'set',
      recallSetName: 'Set',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
    });
  const recalled = (
    context: ReturnType<typeof createEventContext>,
    pointId: string,
    index: number,
  ) =>
    context.build('recall_point_recalled', {
      pointId,
      pointIndex: index,
      recalledCount: index + 1,
      totalPoints: 3,
    });

  test('every target point starts pending with the first as focus', () => {
    expect(base.checklist).toEqual({ a: 'pending', b: 'pending', c: 'pending' });
    expect(base.focusPointId).toBe('a');
    expect(isChecklistComplete(base)).toBe(false);
  });

  test('recalling the focus moves the probe on; another point leaves it', () => {
    const events = eventsFor('s', (context) => [
      started(context),
      recalled(context, 'b', 0),
      recalled(context, 'a', 1),
    ]);
    const afterB = events.slice(0, 2).reduce(reduceSession, base);
    expect(afterB.focusPointId).toBe('a');
    expect(afterB.probeIndex).toBe(0);
    const afterA = events.reduce(reduceSession, base);
    expect(afterA.focusPointId).toBe('c');
    expect(afterA.recalledPointIds).toEqual(['b', 'a']);
  });

  test('the probe wraps past the end to the first pending point', () => {
    const events = eventsFor('s', (context) => [
      started(context),
      recalled(context, 'a', 0),
      recalled(context, 'b', 1),
    ]);
    let state = events.reduce(reduceSession, base);
    expect(state.focusPointId).toBe('c');
    expect(findFocusPoint(['a', 'b', 'c'], { a: 'pending', b: 'recalled', c: 'pending' }, 2)).toBe(
      'c',
    );
    expect(findFocusPoint(['a', 'b', 'c'], { a: 'pending', b: 'recalled', c: 'recalled' }, 2)).toBe(
      'a',
    );
    state = reduceSession(
      state,
      eventsFor('s', (context) => [
        started(context),
        recalled(context, 'x', 0),
        recalled(context, 'y', 0),
        recalled(context, 'c', 2),
      ])[3]!,
    );
    expect(state.focusPointId).toBeNull();
    expect(isChecklistComplete(state)).toBe(true);
  });

  test('marking is idempotent and unknown ids change nothing but lastSeq', () => {
    const events = eventsFor('s', (context) => [
      started(context),
      recalled(context, 'a', 0),
      recalled(context, 'a', 1),
      recalled(context, 'zzz', 1),
    ]);
    const once = events.slice(0, 2).reduce(reduceSession, base);
    const twice = events.reduce(reduceSession, base);
    expect({ ...twice, lastSeq: once.lastSeq }).toEqual(once);
  });

  test('an empty checklist is never complete', () => {
    const empty = createSessionState({ sessionId: 's', recallSetId: 'set', targetPointIds: [] });
    expect(isChecklistComplete(empty)).toBe(false);
    expect(empty.focusPointId).toBeNull();
  });

  test('returns the same object for an applied event or another session', () => {
    const [event] = eventsFor('s', (context) => [started(context)]);
    const state = reduceSession(base, event!);
    expect(reduceSession(state, event!)).toBe(state);
    const [foreign] = eventsFor('other', (context) => [started(context)]);
    expect(reduceSession(base, foreign!)).toBe(base);
  });
});

describe('checklist (engine)', () => {
  test('out-of-order and multi-point recall in one message, pointIndex in recall order', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p3', 'p2'] }),
          scriptEvaluation({ recalled: ['p1'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'Krebs cycle releases CO2 and glycolysis splits glucose');
    let recalls = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalls.map((event) => event.data)).toEqual([
      { pointId: 'p3', pointIndex: 0, recalledCount: 1, totalPoints: 3, ...NOTHING_SHOWN },
      { pointId: 'p2', pointIndex: 1, recalledCount: 2, totalPoints: 3, ...NOTHING_SHOWN },
    ]);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.focusPointId).toBe('p1');
    await h.say(sessionId, 'ATP synthase makes ATP');
    recalls = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalls.at(-1)!.data).toEqual({
      pointId: 'p1',
      pointIndex: 2,
      recalledCount: 3,
      totalPoints: 3,
      ...NOTHING_SHOWN,
    });
  });

  test('a point reported recalled again is not marked twice', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p1', 'p1'] }),
          scriptEvaluation({ recalled: ['p1'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase');
    await h.say(sessionId, 'ATP synthase again');
    expect(ofType(await h.events(sessionId), 'recall_point_recalled')).toHaveLength(1);
    // The second evaluation only saw the points still unchecked.
    const second = h.llm.requestsOf('evaluator')[1]!.messages[0]!.content;
    expect(second).not.toContain('id="p1"');
    expect(second).toContain('id="p2"');
  });

  test('the overlay appears only when the last point is recalled', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p1', 'p2'] }),
          scriptEvaluation({ recalled: ['p3'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'two of them');
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')).toHaveLength(0);
    await h.say(sessionId, 'the last one');
    const overlays = ofType(await h.events(sessionId), 'session_complete_overlay');
    expect(overlays).toHaveLength(1);
    expect(overlays[0]!.data).toMatchObject({ recalledCount: 3, totalPoints: 3 });
    expect((await h.engine.getSessionState(sessionId)).status).toBe('in_progress');
  });
});

/** The exposure fields of a recall the scripted tutor's replies showed nothing of. */
const NOTHING_SHOWN = { exposure: 0, peakExposure: 0 };
