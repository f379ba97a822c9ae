import { describe, expect, test } from 'vitest';
import { createEventContext, type EventContext } from '../../events/event-context';
import { getRabbitholeConversations } from './rabbithole-conversations';

function sessionLog() {
  const context: EventContext = createEventContext({
    sessionId: 'sess_1',
    lastSeq: 0,
    clock: () => 1000 + 10 * context.nextSeq,
    ids: () => `evt_${context.nextSeq}`,
  });
  return [
    context.build('user_message', { content: 'What is ATP?' }),
    context.build('assistant_message', { content: 'Tell me more.', agent: 'tutor' }),
    context.build('rabbithole_detected', {
      rabbitholeEventId: 'rh_1',
      topic: 'mitochondria',
      label: 'Mitochondria',
      triggerMessageContent: 'What is ATP?',
    }),
    context.build('rabbithole_entered', {
      rabbitholeEventId: 'rh_1',
      topic: 'mitochondria',
      label: 'Mitochondria',
    }),
    context.build('assistant_message', { content: 'Let us explore.', agent: 'rabbithole' }),
    context.build('user_message', { content: 'How many per cell?' }),
    context.build('recall_point_recalled', {
      pointId: 'p1',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 2,
    }),
    context.build('assistant_message', {
      content: 'It varies',
      agent: 'rabbithole',
      interrupted: true,
    }),
    context.build('rabbithole_exited', {
      rabbitholeEventId: 'rh_1',
      label: 'Mitochondria',
      pointsRecalledDuring: 1,
      completionPending: false,
    }),
    context.build('user_message', { content: 'Back on track' }),
    context.build('rabbithole_entered', {
      rabbitholeEventId: 'rh_2',
      topic: 'enzymes',
      label: 'Enzymes',
    }),
    context.build('user_message', { content: 'Enzymes?' }),
  ];
}

describe('getRabbitholeConversations', () => {
  test('collects the messages between each enter and exit, leaving the tutor dialogue out', () => {
    expect(getRabbitholeConversations(sessionLog())).toEqual([
      {
        rabbitholeEventId: 'rh_1',
        topic: 'mitochondria',
        label: 'Mitochondria',
        enteredSeq: 4,
        enteredAt: 1040,
        exitedSeq: 9,
        exitedAt: 1090,
        pointsRecalledDuring: 1,
        messages: [
          { role: 'assistant', content: 'Let us explore.', seq: 5, timestamp: 1050 },
          { role: 'user', content: 'How many per cell?', seq: 6, timestamp: 1060 },
          { role: 'assistant', content: 'It varies', seq: 8, timestamp: 1080, interrupted: true },
        ],
      },
      {
        rabbitholeEventId: 'rh_2',
        topic: 'enzymes',
        label: 'Enzymes',
        enteredSeq: 11,
        enteredAt: 1110,
        messages: [{ role: 'user', content: 'Enzymes?', seq: 12, timestamp: 1120 }],
      },
    ]);
  });

  test('a log without rabbit holes has none', () => {
    expect(getRabbitholeConversations(sessionLog().slice(0, 3))).toEqual([]);
    expect(getRabbitholeConversations([])).toEqual([]);
  });
});
