import { describe, expect, test } from 'vitest';
import {
  fold,
  overlay,
  rabbithole,
  recalled,
  sessionId,
  started,
  startedSession,
} from '../../test/fixtures/client-state-session';
import { createLogMessageFactory } from '../../test/fixtures/session-events';
import type { ServerMessage } from '../protocol/server-messages';
import { createInitialClientState } from './client-session-state';
import { reduceClientState } from './reduce-client-state';

describe('reduceClientState: session lifecycle', () => {
  test('starts connecting, becomes active on session_started', () => {
    const initial = createInitialClientState({ sessionId });
    expect(initial).toMatchObject({ sessionId, status: 'connecting', lastSeq: 0, messages: [] });
    const log = createLogMessageFactory();
    const state = reduceClientState(
      initial,
      log('session_started', { ...started, recalledCount: 2, resumed: true }),
    );
    expect(state).toMatchObject({
      status: 'active',
      totalPoints: 4,
      recalledCount: 2,
      displayedRecalledCount: 2,
      lastSeq: 1,
    });
    expect(state.messages).toEqual([]); // the opening streams as a normal response
  });

  test('an inlined opening message (non-Recall servers) becomes one assistant line', () => {
    const message = {
      type: 'session_started' as const,
      seq: 1,
      ...started,
      openingMessage: 'What do you remember?',
    };
    const state = reduceClientState(createInitialClientState(), message);
    expect(state.messages).toEqual([
      {
        id: 'opening-1',
        role: 'assistant',
        content: 'What do you remember?',
        agent: 'tutor',
        status: 'complete',
      },
    ]);
    expect(reduceClientState(state, message)).toBe(state);
  });

  test('session_paused pauses, session_complete completes with the summary', () => {
    const { log, state } = startedSession();
    const paused = reduceClientState(
      state,
      log('session_paused', { sessionId, recalledCount: 1, totalPoints: 4 }),
    );
    expect(paused).toMatchObject({ status: 'paused', recalledCount: 1 });
    const summary = {
      sessionId,
      recalledCount: 1,
      totalPoints: 4,
      durationMs: 5,
      rabbitholeCount: 0,
      recalledPointIds: ['p1'],
    };
    const completed = reduceClientState(paused, log('session_completed', { sessionId, summary }));
    expect(completed).toMatchObject({ status: 'completed', summary });
  });

  test('pong changes nothing', () => {
    const { state } = startedSession();
    expect(reduceClientState(state, { type: 'pong', timestamp: 5 })).toBe(state);
  });
});

describe('reduceClientState: seq', () => {
  test('a message with seq ≤ lastSeq is ignored and the same object returned', () => {
    const { log, state } = startedSession();
    const first = log('recall_point_recalled', recalled('p1', 1));
    const second = log('recall_point_near_miss', { pointId: 'p2', feedback: 'close' });
    const after = fold(state, [first, second]);
    expect(after.lastSeq).toBe(3);
    expect(reduceClientState(after, first)).toBe(after);
    expect(reduceClientState(after, second)).toBe(after);
  });

  test('out-of-order delivery: an older message arriving late is dropped, and resume fills in', () => {
    const { log, state } = startedSession();
    const messages = [
      log('recall_point_recalled', recalled('p1', 1)),
      log('show_image', { resourceId: 'i1', url: 'u1' }),
      log('recall_point_recalled', recalled('p2', 2)),
    ];
    const [first, second, third] = messages as [ServerMessage, ServerMessage, ServerMessage];
    const swapped = fold(state, [first, third, second]);
    expect(swapped.images).toEqual([]); // seq 3 arrived after seq 4 and was dropped
    expect(swapped).toMatchObject({ recalledCount: 2, recalledPointIds: ['p1', 'p2'], lastSeq: 4 });
    // In order (e.g. a resync from seq 0) everything is there; a duplicate changes nothing.
    const ordered = fold(state, [first, second, third, second, first]);
    expect(ordered).toMatchObject({
      images: [{ resourceId: 'i1', url: 'u1' }],
      recalledPointIds: ['p1', 'p2'],
    });
  });

  test('transient messages do not move lastSeq', () => {
    const { state } = startedSession();
    const after = reduceClientState(state, {
      type: 'assistant_chunk',
      responseId: 'r',
      index: 0,
      text: 'Hi',
    });
    expect(after.lastSeq).toBe(state.lastSeq);
  });
});

describe('reduceClientState: recalls and rabbit holes', () => {
  test('recalls outside a rabbit hole are counted and displayed at once', () => {
    const { log, state } = startedSession();
    const after = fold(state, [
      log('recall_point_recalled', recalled('p1', 1)),
      log('recall_point_recalled', recalled('p3', 2)),
    ]);
    expect(after).toMatchObject({
      recalledCount: 2,
      displayedRecalledCount: 2,
      recalledPointIds: ['p1', 'p3'],
    });
  });

  test('recalls inside a rabbit hole are counted now and displayed on exit', () => {
    const { log, state } = startedSession();
    const inside = fold(state, [
      log('recall_point_recalled', recalled('p1', 1)),
      log('rabbithole_detected', { ...rabbithole, triggerMessageContent: 'why?' }),
      log('rabbithole_entered', rabbithole),
      log('recall_point_recalled', recalled('p2', 2)),
      log('recall_point_recalled', recalled('p3', 3)),
    ]);
    expect(inside).toMatchObject({
      isInRabbithole: true,
      rabbitholeTopic: 'Mitochondrial DNA',
      rabbitholePrompt: null,
      recalledCount: 3,
      displayedRecalledCount: 1,
      recalledPointIds: ['p1', 'p2', 'p3'],
    });
    const exited = reduceClientState(
      inside,
      log('rabbithole_exited', {
        rabbitholeEventId: 'rh-1',
        label: 'Mito DNA',
        pointsRecalledDuring: 2,
        completionPending: false,
      }),
    );
    expect(exited).toMatchObject({
      isInRabbithole: false,
      rabbitholeTopic: null,
      displayedRecalledCount: 3,
      rabbitholeLabels: ['Mito DNA'],
    });
  });

  test('the completion overlay arriving inside a rabbit hole is deferred until exit', () => {
    const { log, state } = startedSession();
    const inside = fold(state, [
      log('rabbithole_entered', rabbithole),
      log('session_complete_overlay', overlay),
    ]);
    expect(inside.completionOverlay).toBeNull();
    expect(inside.deferredCompletionOverlay).toEqual(overlay);
    const exited = reduceClientState(
      inside,
      log('rabbithole_exited', {
        rabbitholeEventId: 'rh-1',
        label: 'Mito DNA',
        pointsRecalledDuring: 0,
        completionPending: true,
      }),
    );
    expect(exited.completionOverlay).toEqual(overlay);
    expect(exited.deferredCompletionOverlay).toBeNull();
  });

  test('outside a rabbit hole the overlay shows at once', () => {
    const { log, state } = startedSession();
    expect(
      reduceClientState(state, log('session_complete_overlay', overlay)).completionOverlay,
    ).toEqual(overlay);
  });

  test('rabbithole_exited without a prior enter does not throw', () => {
    const { log, state } = startedSession();
    const exited = reduceClientState(
      state,
      log('rabbithole_exited', {
        rabbitholeEventId: 'rh-9',
        label: 'Stray',
        pointsRecalledDuring: 0,
        completionPending: false,
      }),
    );
    expect(exited).toMatchObject({
      isInRabbithole: false,
      rabbitholeLabels: ['Stray'],
      status: 'active',
    });
  });

  test('a declined prompt (from history) is cleared only if it is the pending one', () => {
    const { log, state } = startedSession();
    const prompted = reduceClientState(
      state,
      log('rabbithole_detected', { ...rabbithole, triggerMessageContent: 'x' }),
    );
    expect(prompted.rabbitholePrompt).toEqual(rabbithole);
    const other = reduceClientState(
      prompted,
      log('rabbithole_declined', { rabbitholeEventId: 'rh-0', topic: 'old' }),
    );
    expect(other.rabbitholePrompt).toEqual(rabbithole);
    const declined = reduceClientState(
      other,
      log('rabbithole_declined', { rabbitholeEventId: 'rh-1', topic: 'x' }),
    );
    expect(declined.rabbitholePrompt).toBeNull();
  });

  test('near misses, images and resources accumulate', () => {
    const { log, state } = startedSession();
    const after = fold(state, [
      log('recall_point_near_miss', { pointId: 'p1', feedback: 'close' }),
      log('show_image', { resourceId: 'i1', url: 'u1', caption: 'c' }),
      log('show_resource', { resourceId: 'r1', title: 't', snippet: 's' }),
      log('show_image', { resourceId: 'i2', url: 'u2' }),
    ]);
    expect(after.nearMisses).toEqual([{ pointId: 'p1', feedback: 'close' }]);
    expect(after.images).toEqual([
      { resourceId: 'i1', url: 'u1', caption: 'c' },
      { resourceId: 'i2', url: 'u2' },
    ]);
    expect(after.resources).toEqual([{ resourceId: 'r1', title: 't', snippet: 's' }]);
  });
});
