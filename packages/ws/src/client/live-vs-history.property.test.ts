import { type SessionEvent, redactSessionEvent } from '@recall/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildLog, type Recorded, stepArbitrary } from '../../test/fixtures/session-log-steps';
import type { ServerMessage } from '../protocol/server-messages';
import { createSessionStore } from './session-store';
import { toSnapshot } from './snapshot';

// For any log, a client that lived through it — its own messages sent before they were
// stored, acks before or after the echo, chunks (some repeated, some snapshots), reconnects
// that lose frames in flight and replay history — ends with exactly the snapshot a client
// folding the same log as history shows.

// The logs come from test/fixtures/session-log-steps.ts.

function newStore() {
  return createSessionStore({
    persistence: { load: () => null, save: () => {}, clear: () => {} },
    sessionId: undefined,
    forRecallSet: true,
  });
}

function view(store: ReturnType<typeof newStore>) {
  const {
    connection: _c,
    outbox: _o,
    lastError: _e,
    ...rest
  } = toSnapshot(store.state, {
    connection: 'open',
    outbox: store.outbox.entries,
  });
  return rest;
}

/** The client folding the whole log as history. */
function asHistory(events: readonly SessionEvent[]) {
  const store = newStore();
  for (const event of events) store.receive({ type: 'event', event: redactSessionEvent(event) });
  store.receive({ type: 'history_end', headSeq: events.length });
  return view(store);
}

/** How the live run is perturbed, event by event (values are fast-check's choices). */
interface Noise {
  /** Per event: 0 deliver; 1 deliver twice; 2 drop the link before it (it arrives with the resume). */
  delivery: number[];
  /** Per learner message: the ack comes before (true) or after the event. */
  ackFirst: boolean[];
  /** Per response: how its chunks arrive (0 in order, 1 repeated, 2 a snapshot mid-way, 3 none). */
  chunking: number[];
}

/** A client living through the log: sends, acks, chunks and reconnects interleaved. */
function live(recorded: Recorded, noise: Noise) {
  const store = newStore();
  const { events, replies } = recorded;
  const frame = (message: ServerMessage) => store.receive(message);
  const eventFrame = (event: SessionEvent) =>
    frame({ type: 'event', event: redactSessionEvent(event) });
  let learner = 0;
  let response = 0;
  frame({ type: 'history_end', headSeq: 0 });
  for (const [index, event] of events.entries()) {
    const delivery = noise.delivery[index % noise.delivery.length] ?? 0;
    if (event.type === 'user_message') {
      // The learner typed it before it was stored: it shows pending at once.
      const { clientMessageId = '', content } = event.data;
      store.issue({ type: 'user_message', content, clientMessageId });
      store.outbox.take();
      const ackFirst = noise.ackFirst[learner % noise.ackFirst.length] ?? false;
      learner += 1;
      if (ackFirst) frame({ type: 'ack', clientMessageId, seq: event.seq });
      eventFrame(event);
      if (!ackFirst) frame({ type: 'ack', clientMessageId, seq: event.seq });
      continue;
    }
    if (delivery === 2) {
      // The link drops with this event in flight: the resume replays everything after the
      // last applied seq, then the history ends and live frames go on.
      store.connectionReset();
      const resumeAfter = store.state.session.lastSeq;
      for (const missed of events.slice(resumeAfter, index + 1)) eventFrame(missed);
      frame({ type: 'history_end', headSeq: event.seq });
    } else {
      eventFrame(event);
      if (delivery === 1) eventFrame(event);
    }
    if (event.type === 'assistant_streaming_start') {
      const { responseId } = event.data;
      const text = replies.get(responseId) ?? '';
      const parts = [text.slice(0, 5), text.slice(5, 12), text.slice(12)];
      const chunking = noise.chunking[response % noise.chunking.length] ?? 0;
      response += 1;
      if (chunking === 3) continue;
      for (const [chunkIndex, part] of parts.entries()) {
        frame({ type: 'chunk', responseId, index: chunkIndex, text: part });
        if (chunking === 1) frame({ type: 'chunk', responseId, index: chunkIndex, text: part });
        if (chunking === 2 && chunkIndex === 1) {
          frame({ type: 'chunk', responseId, index: 1, text: text.slice(0, 12), snapshot: true });
        }
      }
    }
  }
  return view(store);
}

describe('live vs history', () => {
  test('for any log, folding it live and as history gives the same timeline and session', () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 25 }),
        fc.record({
          delivery: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 12 }),
          ackFirst: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
          chunking: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        }),
        (steps, noise) => {
          const recorded = buildLog(steps);
          const history = asHistory(recorded.events);
          const lived = live(recorded, noise);
          expect(lived.timeline).toEqual(history.timeline);
          expect(lived).toEqual(history);
          // Nothing streams once every response has ended; every line is confirmed.
          expect(
            history.timeline.every((item) => item.kind !== 'message' || item.status !== 'pending'),
          ).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('mid-way, the live timeline is the history so far plus the text still streaming', () => {
    const recorded = buildLog([
      { kind: 'learner', interrupted: false, recall: true, nearMiss: true, resource: 1 },
      { kind: 'detect' },
      { kind: 'enter' },
      { kind: 'learner', interrupted: false, recall: true, nearMiss: false, resource: 2 },
      { kind: 'exit' },
    ]);
    for (let cut = 1; cut <= recorded.events.length; cut += 1) {
      const events = recorded.events.slice(0, cut);
      const history = asHistory(events);
      const lived = live(
        { events, replies: recorded.replies },
        { delivery: [0], ackFirst: [true], chunking: [0] },
      );
      // Live, a streaming reply shows its chunks; the stored end gives the same text.
      const strip = (timeline: typeof history.timeline) =>
        timeline.map((item) =>
          item.kind === 'message' && item.status === 'streaming' ? { ...item, content: '' } : item,
        );
      expect(strip(lived.timeline)).toEqual(strip(history.timeline));
      expect(lived.session).toEqual(history.session);
    }
  });
});
