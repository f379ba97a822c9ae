import { describe, expect, test } from 'vitest';
import {
  type ClientSessionState,
  applyOutgoingMessage,
  createInitialClientState,
  markConnectionReset,
  parseServerMessage,
  reduceClientState,
  replayServerMessages,
  type ServerMessage,
  toHistoryMessage,
  toServerMessage,
} from '../src/index';
import { createSessionPersistence } from '../src/client/session-persistence';
import { createSessionStore } from '../src/client/session-store';
import {
  createSessionRecorder,
  type LiveStep,
  recordFullSession,
} from './fixtures/recorded-session';

function runLive(
  steps: readonly LiveStep[],
  initial = createInitialClientState(),
): ClientSessionState {
  let state = initial;
  for (const step of steps) {
    state =
      step.direction === 'send'
        ? applyOutgoingMessage(state, step.message)
        : reduceClientState(state, step.message);
  }
  return state;
}

function historyOf(log: Parameters<typeof toHistoryMessage>[0][]): ServerMessage[] {
  return log.map(toHistoryMessage).filter((message) => message !== null);
}

/** The fields a UI renders; `lastError`, `stream` and `lastSeq` are connection details. */
function rendered(state: ClientSessionState) {
  const { lastError: _error, stream: _stream, lastSeq: _seq, ...rest } = state;
  return rest;
}

describe('live vs replay', () => {
  test.each([
    ['toServerMessage', toServerMessage],
    ['toHistoryMessage', toHistoryMessage],
  ] as const)(
    'a live run (events via %s) equals replaying the stored history',
    (_name, mapping) => {
      const session = recordFullSession(mapping);
      const live = runLive(session.live);
      const replayed = replayServerMessages(historyOf(session.log));

      expect(rendered(live)).toEqual(rendered(replayed));
      // And the result is what happened.
      expect(replayed.status).toBe('completed');
      expect(
        replayed.messages.map((message) => [message.role, message.status, message.agent ?? null]),
      ).toEqual([
        ['assistant', 'complete', 'tutor'],
        ['user', 'sent', null],
        ['assistant', 'complete', 'tutor'],
        ['user', 'sent', null],
        ['assistant', 'complete', 'tutor'],
        ['assistant', 'complete', 'rabbithole'],
        ['user', 'sent', null],
        ['assistant', 'complete', 'rabbithole'],
        ['assistant', 'complete', 'tutor'],
        ['user', 'sent', null],
        ['assistant', 'complete', 'tutor'],
      ]);
      expect(replayed.messages.at(-1)?.content).toBe('Sure: they fold to add area.');
      expect(replayed.messages[1]).toMatchObject({
        id: 'c-1',
        content: 'It makes ATP.',
        clientMessageId: 'c-1',
      });
      expect(replayed).toMatchObject({
        recalledCount: 3,
        displayedRecalledCount: 3,
        recalledPointIds: ['p1', 'p2', 'p3'],
        nearMisses: [{ pointId: 'p2', feedback: 'Almost: where exactly?' }],
        rabbitholeLabels: ['Mitochondrial DNA'],
        rabbitholePrompt: null,
        isInRabbithole: false,
        completionOverlay: null,
        images: [
          { resourceId: 'img-1', url: 'https://example.invalid/mito.png', caption: 'Cristae' },
        ],
        resources: [{ resourceId: 'res-1', title: 'Chemiosmosis', snippet: 'Protons flow back…' }],
        summary: { recalledCount: 3, rabbitholeCount: 1 },
      });
      expect(replayed.lastSeq).toBe(session.log.length);
    },
  );

  test('every prefix of the live run matches the replay of the history stored so far', () => {
    const session = recordFullSession();
    let state = createInitialClientState();
    let compared = 0;
    let dismissed = false;
    for (const step of session.live) {
      if (step.direction === 'send') {
        state = applyOutgoingMessage(state, step.message);
        dismissed = step.message.type === 'dismiss_overlay';
        continue;
      }
      state = reduceClientState(state, step.message);
      // Compare at quiet points: after an ack, every event of that command is stored.
      if (step.message.type !== 'ack') continue;
      const replayed = replayServerMessages(historyOf(session.log.slice(0, step.stored)));
      if (dismissed) {
        // Known gap: dismissing the overlay stores no event, so until the learner's next
        // message (which hides it in both) a reload shows the overlay again.
        expect(state.completionOverlay).toBeNull();
        expect(replayed.completionOverlay).not.toBeNull();
        expect({ ...rendered(state), completionOverlay: 'x' }).toEqual({
          ...rendered(replayed),
          completionOverlay: 'x',
        });
      } else {
        expect(rendered(state)).toEqual(rendered(replayed));
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(5);
  });

  test('a learner message stored while a response streams: live, the client and a replay agree', () => {
    // The learner types while the reply streams and the server stores the message before
    // the reply's end: live, the reply's line appeared at its first chunk (above the
    // learner's); in history it comes at `assistant_streaming_end` (below it).
    const session = createSessionRecorder(toHistoryMessage);
    const { emit, send, ack, receive } = session;
    emit('session_started', {
      sessionId: 'session-1',
      recallSetId: 'set-1',
      recallSetName: 'Cell biology',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
    });
    emit('assistant_streaming_start', { responseId: 'resp-0', agent: 'tutor' });
    receive({ type: 'assistant_chunk', responseId: 'resp-0', index: 0, text: 'What does ' });
    send({ type: 'user_message', content: 'Is it ATP?', clientMessageId: 'c-1' });
    emit('user_message', { content: 'Is it ATP?', clientMessageId: 'c-1' });
    ack('c-1');
    receive({ type: 'assistant_chunk', responseId: 'resp-0', index: 1, text: 'it make?' });
    emit(
      'assistant_streaming_end',
      { responseId: 'resp-0', fullContent: 'What does it make?', totalChunks: 2 },
      { responseId: 'resp-0' },
    );
    emit('assistant_message', { content: 'What does it make?', agent: 'tutor' });

    const replayed = replayServerMessages(historyOf(session.log));
    expect(replayed.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Is it ATP?'],
      ['assistant', 'What does it make?'],
    ]);
    expect(rendered(runLive(session.live))).toEqual(rendered(replayed));

    // The same steps through the browser client's store (optimistic lines kept aside).
    const store = createSessionStore({
      persistence: createSessionPersistence(null, 'key'),
      sessionId: undefined,
      forRecallSet: true,
    });
    for (const step of session.live) {
      if (step.direction === 'send') store.issue(step.message);
      else store.receive(step.message);
      store.commit();
    }
    expect(rendered(store.state)).toEqual(rendered(replayed));
  });

  test('the live run survives the wire: every frame parses back to itself', () => {
    const session = recordFullSession();
    const received = session.live.flatMap((step) =>
      step.direction === 'receive' ? [step.message] : [],
    );
    const parsed = received.map((message) => parseServerMessage(JSON.stringify(message)));
    expect(parsed).toEqual(received.map((message) => ({ ok: true, message })));
  });

  test('duplicate deliveries of every log message change nothing', () => {
    const session = recordFullSession();
    const doubled = session.live.flatMap((step) =>
      step.direction === 'receive' && 'seq' in step.message ? [step, step] : [step],
    );
    expect(rendered(runLive(doubled))).toEqual(rendered(runLive(session.live)));
  });

  test('a replay delivered twice (reconnect without a cursor) changes nothing', () => {
    const session = recordFullSession();
    const history = historyOf(session.log);
    const once = replayServerMessages(history);
    expect(replayServerMessages(history, once)).toBe(once);
  });

  test('reloading mid-session: history of the stored prefix, then live again', () => {
    const session = recordFullSession();
    const cut = Math.floor(session.live.length / 2);
    const before = runLive(session.live.slice(0, cut));
    // The page reloads: the optimistic state is gone; the server replays what is stored
    // after seq 0, and the client continues live from there.
    const storedSoFar = session.log.filter((event) => event.seq <= before.lastSeq);
    const reloaded = replayServerMessages(historyOf(storedSoFar));
    const after = runLive(session.live.slice(cut), reloaded);
    expect(rendered(after)).toEqual(rendered(runLive(session.live)));
  });

  test('a dropped connection mid-stream, resumed with a snapshot, converges', () => {
    const session = recordFullSession();
    const index = session.live.findIndex(
      (step) =>
        step.direction === 'receive' &&
        step.message.type === 'assistant_chunk' &&
        step.message.responseId === 'resp-6' &&
        step.message.index === 1,
    );
    let state = runLive(session.live.slice(0, index));
    expect(state.messages.at(-1)).toMatchObject({ status: 'streaming', content: 'Sure: ' });
    state = markConnectionReset(state);
    expect(state.messages.at(-1)?.responseId).not.toBe('resp-6');
    // Chunk 1 was lost; on resume the server sends the text so far as a snapshot.
    state = reduceClientState(state, {
      type: 'assistant_chunk',
      responseId: 'resp-6',
      index: 1,
      text: 'Sure: they fold ',
      snapshot: true,
    });
    expect(state.messages.at(-1)).toMatchObject({
      status: 'streaming',
      content: 'Sure: they fold ',
    });
    state = runLive(session.live.slice(index + 1), state);
    expect(rendered(state)).toEqual(rendered(runLive(session.live)));
  });
});
