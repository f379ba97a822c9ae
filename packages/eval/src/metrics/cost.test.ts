import { DEFAULT_ENGINE_CONFIG, type SessionEvent } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { measurePlanted, plant } from '../../test/planted';
import { aggregate } from './aggregate';

const MILLION = 1_000_000;
const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: cacheRead,
  cacheWriteTokens: cacheWrite,
});

/** A planted log whose replies carry usage: the `assistant_message`s get `usage`/`judgeUsage`. */
function withUsage(
  events: SessionEvent[],
  perReply: { usage?: ReturnType<typeof usage>; judgeUsage?: ReturnType<typeof usage> }[],
) {
  let reply = 0;
  return events.map((event) =>
    event.type === 'assistant_message'
      ? ({ ...event, data: { ...event.data, ...perReply[reply++] } } as SessionEvent)
      : event,
  );
}

function measure(events: SessionEvent[], prices = DEFAULT_ENGINE_CONFIG.prices) {
  return measurePlanted(events, { prices });
}

// Prices chosen so every term of the formula shows in the total.
const PRICES = {
  conversation: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  judge: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
};

describe('cost per session, from the log’s usage', () => {
  test('a session that never completed is priced too: usage at conversation prices, judge usage at judge prices', () => {
    const { events } = plant([
      { tutor: 'Where does magma go?', asks: 'p1' },
      { learner: 'No idea.' },
      { tutor: 'Which layer sits under the crust?', asks: 'p2' },
      { end: 'paused' },
    ]);
    const metrics = measure(
      withUsage(events, [
        { usage: usage(MILLION, 0) },
        { usage: usage(0, MILLION, MILLION, MILLION), judgeUsage: usage(2 * MILLION, MILLION) },
      ]),
      PRICES,
    );
    // 3 + (15 + 0.3 + 3.75) conversation, 2·1 + 5 judge.
    expect(metrics.costUsd).toBeCloseTo(3 + 15 + 0.3 + 3.75 + 2 + 5, 10);
    expect(metrics.estimatedCostUsd).toBeNull();
  });

  test('every session counts toward cost/session; cost/completed session is the engine’s summary', () => {
    const paused = plant([{ tutor: 'Where does magma go?', asks: 'p1' }, { end: 'paused' }]);
    const completed = plant([
      { tutor: 'Where does magma go?', asks: 'p1' },
      { learner: 'Lava is magma that reaches the surface.', intent: ['stated', 'p1'] },
      { credit: 'p1' },
      { credit: 'p2' },
      { credit: 'p3' },
      { end: 'completed' }, // the planted summary says $0.01
    ]);
    const group = aggregate([
      measure(withUsage(paused.events, [{ usage: usage(MILLION, 0) }])),
      measure(withUsage(completed.events, [{ usage: usage(0, 0) }])),
    ]);
    const input = DEFAULT_ENGINE_CONFIG.prices.conversation.input;
    expect(group.costPerSessionUsd).toBeCloseTo(input / 2, 10);
    expect(group.costPerCompletedSessionUsd).toBeCloseTo(0.01, 10);
    expect(aggregate([measure(paused.events)]).costPerCompletedSessionUsd).toBeNull();
  });
});
