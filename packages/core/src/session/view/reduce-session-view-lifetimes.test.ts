import { describe, expect, test } from 'vitest';
import type { SessionEvent } from '../../events/envelope';
import { createFixtureLog } from '../../testing/fixture-log';
import { reduceSessionView } from './reduce-session-view';
import {
  afterLearnerMessage,
  rabbitholeDeclinedByLearnerMessage,
  visibleCompletionOverlay,
} from './reduce-session-view';
import { recordedLog } from './reduce-session-view-fixture';
import { createSessionView } from './session-view';

// How long a near-miss hint and a rabbit-hole prompt last, and the session rules the view applies.
// The timeline and the fields the engine and a browser share: reduce-session-view.test.ts.

describe('near-miss hint and rabbit-hole prompt lifetimes (from the log alone)', () => {
  const foldUpTo = (events: SessionEvent[], index: number) =>
    events.slice(0, index + 1).reduce(reduceSessionView, createSessionView());

  test('a hint lasts until entering a rabbit hole, and a reload folds the same', () => {
    const events = recordedLog();
    const hinted = events.findIndex((event) => event.type === 'recall_point_near_miss');
    const entered = events.findIndex((event) => event.type === 'rabbithole_entered');
    expect(foldUpTo(events, hinted - 1).nearMiss).toBeNull();
    for (let index = hinted; index < entered; index += 1) {
      expect(foldUpTo(events, index).nearMiss).toMatchObject({
        kind: 'near_miss',
        pointId: 'p2',
        feedback: 'Which membrane?',
      });
    }
    expect(foldUpTo(events, entered).nearMiss).toBeNull();
    expect(foldUpTo(events, events.length - 1).nearMiss).toBeNull();
  });

  function hintedLog() {
    const log = createFixtureLog({ sessionId: 's1' });
    log.append('session_started', {
      sessionId: 's1',
      recallSetId: 'set',
      recallSetName: 'Cells',
      totalPoints: 2,
      recalledCount: 0,
      resumed: false,
    });
    log.append('user_message', { content: 'The membrane.', clientMessageId: 'c1' });
    log.append('recall_point_near_miss', { pointId: 'p2', feedback: 'Which membrane?' });
    return log;
  }

  test("the learner's next message ends the hint; a recall of another point does not", () => {
    const log = hintedLog();
    const recalledOther = log.append('recall_point_recalled', {
      pointId: 'p1',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 2,
    });
    const hinted = log.events.reduce(reduceSessionView, createSessionView());
    expect(hinted.nearMiss?.pointId).toBe('p2');
    expect(reduceSessionView(hinted, recalledOther)).toBe(hinted);
    const next = log.append('user_message', { content: 'The inner one.', clientMessageId: 'c2' });
    expect(reduceSessionView(hinted, next).nearMiss).toBeNull();
    expect(afterLearnerMessage(hinted).nearMiss).toBeNull();
    const recalledSame = log.append('recall_point_recalled', {
      pointId: 'p2',
      pointIndex: 1,
      recalledCount: 2,
      totalPoints: 2,
    });
    expect(reduceSessionView(hinted, recalledSame).nearMiss).toBeNull();
  });

  test('a finished session keeps no rabbit-hole prompt and no hint', () => {
    const log = hintedLog();
    log.append('rabbithole_detected', {
      rabbitholeEventId: 'rh1',
      topic: 'Mitochondrial DNA',
      label: 'Mito DNA',
      triggerMessageContent: 'Do they have DNA?',
    });
    const before = log.events.reduce(reduceSessionView, createSessionView());
    expect(before.pendingRabbithole?.rabbitholeEventId).toBe('rh1');
    expect(before.nearMiss).not.toBeNull();
    const completed = log.append('session_completed', {
      sessionId: 's1',
      summary: {
        sessionId: 's1',
        recalledCount: 0,
        totalPoints: 2,
        durationMs: 1_000,
        rabbitholeCount: 0,
        recalledPointIds: [],
      },
    });
    const after = reduceSessionView(before, completed);
    expect(after.status).toBe('completed');
    expect(after.pendingRabbithole).toBeNull();
    expect(after.nearMiss).toBeNull();
  });
});

describe('session rules', () => {
  test('a learner message declines a pending prompt in recall mode and answers the overlay', () => {
    const events = recordedLog();
    const detected = events.findIndex((event) => event.type === 'rabbithole_detected');
    const pending = events.slice(0, detected + 1).reduce(reduceSessionView, createSessionView());
    expect(rabbitholeDeclinedByLearnerMessage(pending)?.rabbitholeEventId).toBe('rh1');
    expect(afterLearnerMessage(pending).pendingRabbithole).toBeNull();
    const inRabbithole = { ...pending, mode: 'rabbithole' as const, nearMiss: null };
    expect(rabbitholeDeclinedByLearnerMessage(inRabbithole)).toBeNull();
    expect(afterLearnerMessage(inRabbithole)).toBe(inRabbithole);

    const overlaid = events.slice(0, -1).reduce(reduceSessionView, createSessionView());
    expect(overlaid.overlay).toBe('shown');
    expect(visibleCompletionOverlay(afterLearnerMessage(overlaid))).toBeNull();
  });

  test('the overlay is not shown in a rabbit hole or after the session ended', () => {
    const overlaid = recordedLog().slice(0, -1).reduce(reduceSessionView, createSessionView());
    expect(visibleCompletionOverlay({ ...overlaid, mode: 'rabbithole' })).toBeNull();
    expect(visibleCompletionOverlay({ ...overlaid, status: 'completed' })).toBeNull();
  });
});
