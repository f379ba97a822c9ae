import { describe, expect, test } from 'vitest';
import { createEventContext } from '../../engine/turn';
import { RecallError } from '../../errors/recall-error';
import { planAppend } from './append-plan';

function builder() {
  let next = 0;
  return createEventContext({ clock: () => 1_000, ids: () => `e${++next}`, turnId: 't1' });
}

describe('planAppend', () => {
  test('stamps the session id and seqs from expectedSeq + 1, id first, whatever the events carried', () => {
    const context = builder();
    const first = { ...context.build('user_message', { content: 'hi' }), sessionId: 'x', seq: 9 };
    const second = context.build('assistant_message', { content: 'hello', agent: 'tutor' });
    const plan = planAppend({ sessionId: 's1', events: [first, second], expectedSeq: 4 });
    expect(plan.events.map((event) => [event.sessionId, event.seq])).toEqual([
      ['s1', 5],
      ['s1', 6],
    ]);
    expect(Object.keys(plan.events[0]!).slice(0, 3)).toEqual(['id', 'sessionId', 'seq']);
    expect(plan.events[1]).toMatchObject({ id: 'e2', type: 'assistant_message', turnId: 't1' });
    expect(plan).toMatchObject({ sessionId: 's1', expectedSeq: 4, clientMessageIds: [] });
  });

  test('collects client message ids and leaves the given events untouched', () => {
    const context = builder();
    const message = context.build('user_message', { content: 'hi', clientMessageId: 'cm1' });
    const plan = planAppend({ sessionId: 's1', events: [message], expectedSeq: 0 });
    expect(plan.clientMessageIds).toEqual(['cm1']);
    expect(message).not.toHaveProperty('seq');
    expect(planAppend({ sessionId: 's1', events: [], expectedSeq: 3 }).events).toEqual([]);
  });

  test('refuses a batch that repeats an event id or a client message id', () => {
    const context = builder();
    const message = context.build('user_message', { content: 'a', clientMessageId: 'cm1' });
    const resent = context.build('user_message', { content: 'b', clientMessageId: 'cm1' });
    for (const events of [
      [message, message],
      [message, resent],
    ]) {
      const error = (() => {
        try {
          planAppend({ sessionId: 's1', events, expectedSeq: 0 });
        } catch (caught) {
          return caught;
        }
      })();
      expect(RecallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_MESSAGE' });
    }
  });
});
