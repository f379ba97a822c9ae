import { describe, expect, test } from 'vitest';
import { redactSessionEvent } from '../../engine/runtime';
import { createFixtureLog } from '../../testing/fixture-log';
import { reduceSession } from '../reduce-session';
import { createSessionState } from '../session-state';
import { reduceSessionView } from './reduce-session-view';
import {
  activeDurationMs,
  displayedRecalledCount,
  visibleCompletionOverlay,
} from './reduce-session-view';
import { recordedLog, TARGETS } from './reduce-session-view-fixture';
import { type SessionView, createSessionView } from './session-view';

// Hint and prompt lifetimes, and the session rules: reduce-session-view-lifetimes.test.ts.

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
