import { describe, expect, test } from 'vitest';
import type { SessionEvent } from '../../events/envelope';
import { redactSessionEvent } from '../../events/redaction';
import { createFixtureLog } from '../../testing/fixture-log';
import { reduceSession } from '../reduce-session';
import { createSessionState } from '../session-state';
import { reduceSessionView } from './reduce-session-view';
import {
  activeDurationMs,
  afterLearnerMessage,
  displayedRecalledCount,
  rabbitholeDeclinedByLearnerMessage,
  visibleCompletionOverlay,
} from './reduce-session-view';
import { type SessionView, createSessionView } from './session-view';

const TARGETS = ['p1', 'p2'];

/** A session: an opening, a recall with an image, a near miss, a rabbit hole with a recall
 * inside it (so the overlay waits for the exit), a resource, the overlay, a message after it. */
function recordedLog(): SessionEvent[] {
  const log = createFixtureLog({ sessionId: 's1' });
  const respond = (responseId: string, text: string, agent: 'tutor' | 'rabbithole' = 'tutor') => {
    log.append('assistant_streaming_start', { responseId, agent }, { responseId });
    log.append(
      'assistant_streaming_end',
      { responseId, fullContent: text, totalChunks: 1 },
      { responseId },
    );
    log.append('assistant_message', { content: text, agent }, { responseId });
  };
  log.append('session_started', {
    sessionId: 's1',
    recallSetId: 'set',
    recallSetName: 'Cells',
    totalPoints: 2,
    recalledCount: 0,
    resumed: false,
    targetPointIds: TARGETS,
    userId: 'user-1',
  });
  respond('r1', 'What makes ATP?');
  log.append('user_message', { content: 'Mitochondria.', clientMessageId: 'c1', tokenCount: 3 });
  log.append('recall_point_recalled', {
    pointId: 'p1',
    pointIndex: 0,
    recalledCount: 1,
    totalPoints: 2,
  });
  log.append('show_image', { resourceId: 'img', url: 'https://example.invalid/cell.png' });
  respond('r2', 'Right. And where exactly?');
  log.append('user_message', { content: 'The membrane? Do they have DNA?', clientMessageId: 'c2' });
  log.append('recall_point_near_miss', { pointId: 'p2', feedback: 'Which membrane?' });
  log.append('rabbithole_detected', {
    rabbitholeEventId: 'rh1',
    topic: 'Mitochondrial DNA',
    label: 'Mito DNA',
    triggerMessageContent: 'Do they have DNA?',
  });
  respond('r3', 'Close. Want to explore their DNA?');
  log.append('rabbithole_entered', {
    rabbitholeEventId: 'rh1',
    topic: 'Mitochondrial DNA',
    label: 'Mito DNA',
  });
  respond('r4', 'They do: a small ring.', 'rabbithole');
  log.append('user_message', { content: 'Inner membrane, by the way.', clientMessageId: 'c3' });
  log.append('recall_point_recalled', {
    pointId: 'p2',
    pointIndex: 1,
    recalledCount: 2,
    totalPoints: 2,
  });
  log.append('show_resource', { resourceId: 'res', title: 'Cristae', snippet: 'Folds.' });
  respond('r5', 'Yes, the inner one.', 'rabbithole');
  log.append('rabbithole_exited', {
    rabbitholeEventId: 'rh1',
    label: 'Mito DNA',
    pointsRecalledDuring: 1,
    completionPending: true,
  });
  log.append('session_complete_overlay', {
    message: 'Everything recalled.',
    recalledCount: 2,
    totalPoints: 2,
    durationMs: 60_000,
  });
  log.append('user_message', { content: 'One more question.', clientMessageId: 'c4' });
  return [...log.events];
}

const SHARED_FIELDS = [
  'sessionId',
  'recallSetId',
  'recallSetName',
  'lastSeq',
  'status',
  'totalPoints',
  'recalledPointIds',
  'mode',
  'pendingRabbithole',
  'activeRabbitholeId',
  'overlay',
  'completion',
  'summary',
  'timeline',
  'nearMiss',
  'startedAt',
  'activeSince',
  'activeDurationMs',
] as const satisfies readonly (keyof SessionView)[];

function shared(state: SessionView) {
  return {
    ...Object.fromEntries(SHARED_FIELDS.map((field) => [field, state[field]])),
    rabbitholes: state.rabbitholes.map(
      ({ rabbitholeEventId, topic, label, status, pointsRecalledDuring }) => ({
        rabbitholeEventId,
        topic,
        label,
        status,
        pointsRecalledDuring,
      }),
    ),
  };
}

describe('reduceSessionView', () => {
  test('one timeline in log order: messages, image, hint, markers, resource', () => {
    const view = recordedLog().reduce(reduceSessionView, createSessionView());
    expect(
      view.timeline.map((item) =>
        item.kind === 'message' ? `${item.role}:${item.status}:${item.content}` : item.kind,
      ),
    ).toEqual([
      'assistant:complete:What makes ATP?',
      'user:sent:Mitochondria.',
      'image',
      'assistant:complete:Right. And where exactly?',
      'user:sent:The membrane? Do they have DNA?',
      'near_miss',
      'assistant:complete:Close. Want to explore their DNA?',
      'rabbithole_entered',
      'assistant:complete:They do: a small ring.',
      'user:sent:Inner membrane, by the way.',
      'resource',
      'assistant:complete:Yes, the inner one.',
      'rabbithole_exited',
      'user:sent:One more question.',
    ]);
    expect(view.timeline[1]).toMatchObject({ id: 'c1', clientMessageId: 'c1' });
    expect(view.timeline[0]).toMatchObject({ id: 'r1', responseId: 'r1', agent: 'tutor' });
    expect(view.sessionId).toBe('s1');
    expect(view.recalledPointIds).toEqual(['p1', 'p2']);
    // The learner kept talking after the overlay: answered.
    expect(view.overlay).toBe('dismissed');
  });

  test('the engine and a browser fold the same facts (the browser gets redacted events)', () => {
    const events = recordedLog();
    let engine = createSessionState({ sessionId: 's1', recallSetId: 'set', targetPointIds: [] });
    let browser = createSessionView();
    for (const event of events) {
      engine = reduceSession(engine, event);
      browser = reduceSessionView(browser, redactSessionEvent(event));
      expect(shared(browser)).toEqual(shared(engine));
      expect(displayedRecalledCount(browser)).toBe(displayedRecalledCount(engine));
      expect(visibleCompletionOverlay(browser)).toEqual(visibleCompletionOverlay(engine));
    }
    expect(engine.targetPointIds).toEqual(TARGETS);
    // Every field the browser folds is one it fills like the engine: none is left empty.
    expect(Object.keys(browser).sort()).toEqual([...SHARED_FIELDS, 'rabbitholes'].sort());
  });

  test('active time comes from the stored start and pauses: a reload or a second tab agrees', () => {
    let now = 1_700_000_000_000;
    const log = createFixtureLog({ sessionId: 's1', clock: () => now });
    const start = (resumed: boolean) =>
      log.append('session_started', {
        sessionId: 's1',
        recallSetId: 'set',
        recallSetName: 'Cells',
        totalPoints: 1,
        recalledCount: 0,
        resumed,
      });
    start(false);
    now += 90_000;
    log.append('session_paused', { sessionId: 's1', recalledCount: 0, totalPoints: 1 });
    now += 3_600_000; // an hour away does not count
    start(true);
    const view = log.events.reduce(reduceSessionView, createSessionView());
    expect(view).toMatchObject({
      startedAt: 1_700_000_000_000,
      activeSince: now,
      activeDurationMs: 90_000,
    });
    expect(activeDurationMs(view, now + 30_000)).toBe(120_000);
    // A clock behind the server's never counts backwards.
    expect(activeDurationMs(view, now - 5_000)).toBe(90_000);
    now += 60_000;
    const paused = reduceSessionView(
      view,
      log.append('session_paused', { sessionId: 's1', recalledCount: 0, totalPoints: 1 }),
    );
    expect(paused.activeSince).toBeNull();
    expect(activeDurationMs(paused, now + 999_999)).toBe(150_000);
  });

  test('redeliveries, older seqs and other sessions change nothing', () => {
    const events = recordedLog();
    const view = events.reduce(reduceSessionView, createSessionView({ sessionId: 's1' }));
    expect(reduceSessionView(view, events[3]!)).toBe(view);
    expect(reduceSessionView(view, { ...events.at(-1)!, sessionId: 's2', seq: 99 })).toBe(view);
  });

  test('a streamed response shows as streaming until its end; an interrupted one says so', () => {
    const log = createFixtureLog({ sessionId: 's1' });
    log.append(
      'assistant_streaming_start',
      { responseId: 'r', agent: 'tutor' },
      { responseId: 'r' },
    );
    let view = log.events.reduce(reduceSessionView, createSessionView());
    expect(view.timeline).toEqual([
      {
        kind: 'message',
        id: 'r',
        role: 'assistant',
        content: '',
        status: 'streaming',
        agent: 'tutor',
        responseId: 'r',
      },
    ]);
    const end = log.append(
      'assistant_streaming_end',
      { responseId: 'r', fullContent: 'Half a', totalChunks: 2 },
      { responseId: 'r' },
    );
    const message = log.append(
      'assistant_message',
      { content: 'Half a', agent: 'tutor', interrupted: true },
      { responseId: 'r' },
    );
    view = [end, message].reduce(reduceSessionView, view);
    expect(view.timeline[0]).toMatchObject({ status: 'interrupted', content: 'Half a' });
  });

  test('a recall inside a rabbit hole shows on the way out; the overlay waits for the exit', () => {
    const events = recordedLog();
    const entered = events.findIndex((event) => event.type === 'rabbithole_entered');
    const exited = events.findIndex((event) => event.type === 'rabbithole_exited');
    const inside = events.slice(0, exited).reduce(reduceSessionView, createSessionView());
    expect(inside.recalledPointIds).toHaveLength(2);
    expect(displayedRecalledCount(inside)).toBe(1);
    expect(inside.overlay).toBe('pending');
    expect(visibleCompletionOverlay(inside)).toBeNull();
    const before = events.slice(0, entered).reduce(reduceSessionView, createSessionView());
    expect(before.pendingRabbithole?.rabbitholeEventId).toBe('rh1');
    const overlaid = events.slice(0, -1).reduce(reduceSessionView, createSessionView());
    expect(displayedRecalledCount(overlaid)).toBe(2);
    expect(visibleCompletionOverlay(overlaid)).toMatchObject({ message: 'Everything recalled.' });
  });
});

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
