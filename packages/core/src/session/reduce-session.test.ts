import { describe, expect, test } from 'vitest';
import { redactSessionEvent } from '../engine/runtime';
import { createFixtureLog } from '../testing/fixture-log';
import { reduceSession } from './reduce-session';
import { createSessionState } from './session-state';
import { reduceSessionView } from './view/reduce-session-view';
import { createSessionView } from './view/session-view';

// The engine's state is the shared fold plus what only the stored events say: the checklist
// comes from `session_started.targetPointIds`, which clients never receive.
function startedLog(targetPointIds: readonly string[], totalPoints = targetPointIds.length) {
  const log = createFixtureLog({ sessionId: 's1' });
  log.append('session_started', {
    sessionId: 's1',
    recallSetId: 'set',
    recallSetName: 'Cells',
    totalPoints,
    recalledCount: 0,
    resumed: false,
    targetPointIds: [...targetPointIds],
  });
  return log;
}

const recalled = (pointId: string, pointIndex: number) =>
  ({ pointId, pointIndex, recalledCount: pointIndex + 1, totalPoints: 2 }) as const;

describe('reduceSession over the shared fold', () => {
  test('the checklist and its targets are the engine’s: from the stored start', () => {
    const log = startedLog(['p1', 'p2']);
    log.append('recall_point_recalled', recalled('p2', 0));
    const state = log.events.reduce(
      reduceSession,
      createSessionState({ sessionId: 's1', recallSetId: 'set', targetPointIds: [] }),
    );
    expect(state.targetPointIds).toEqual(['p1', 'p2']);
    expect(state.checklist).toEqual({ p1: 'pending', p2: 'recalled' });
    expect(state.totalPoints).toBe(2);
    expect(state.focusPointId).toBe('p1');

    const view = log.events.map(redactSessionEvent).reduce(reduceSessionView, createSessionView());
    expect(view).not.toHaveProperty('checklist');
    expect(view).not.toHaveProperty('targetPointIds');
    expect(view.recalledPointIds).toEqual(state.recalledPointIds);
  });

  test('the targets decide the count over the announced total', () => {
    const log = startedLog(['p1', 'p2', 'p3'], 5);
    const initial = createSessionState({ sessionId: 's1', recallSetId: 'set', targetPointIds: [] });
    expect(log.events.reduce(reduceSession, initial).totalPoints).toBe(3);
    const view = log.events.map(redactSessionEvent).reduce(reduceSessionView, createSessionView());
    expect(view.totalPoints).toBe(5);
  });

  test('a point counts once; with a checklist, only its pending points count', () => {
    const log = startedLog(['p1', 'p2']);
    log.append('recall_point_recalled', recalled('p1', 0));
    log.append('recall_point_recalled', recalled('p1', 1));
    log.append('recall_point_recalled', recalled('elsewhere', 1));
    const state = log.events.reduce(
      reduceSession,
      createSessionState({ sessionId: 's1', recallSetId: 'set', targetPointIds: ['p1', 'p2'] }),
    );
    expect(state.recalledPointIds).toEqual(['p1']);
    expect(state.checklist).toEqual({ p1: 'recalled', p2: 'pending' });

    // A client cannot know the checklist: it counts every point the log says was recalled, once.
    const view = log.events.map(redactSessionEvent).reduce(reduceSessionView, createSessionView());
    expect(view.recalledPointIds).toEqual(['p1', 'elsewhere']);
  });
});
