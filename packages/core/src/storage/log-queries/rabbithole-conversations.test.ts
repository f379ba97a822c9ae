import { describe, expect, test } from 'vitest';
import { createFixtureLog } from '../../testing/fixture-log';
import { getRabbitholeConversations } from './rabbithole-conversations';

function sessionLog() {
  let seq = 1;
  const log = createFixtureLog({
    sessionId: 'sess_1',
    ids: () => `evt_${seq}`,
    clock: () => 1000 + 10 * seq++,
  });
  [
    log.append('user_message', { content: 'What is ATP?' }),
    log.append('assistant_message', { content: 'Tell me more.', agent: 'tutor' }),
    log.append('rabbithole_detected', {
      rabbitholeEventId: 'rh_1',
      topic: 'mitochondria',
      label: 'Mitochondria',
      triggerMessageContent: 'What is ATP?',
    }),
    log.append('rabbithole_entered', {
      rabbitholeEventId: 'rh_1',
      topic: 'mitochondria',
      label: 'Mitochondria',
    }),
    log.append('assistant_message', { content: 'Let us explore.', agent: 'rabbithole' }),
    log.append('user_message', { content: 'How many per cell?' }),
    log.append('recall_point_recalled', {
      pointId: 'p1',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 2,
    }),
    log.append('assistant_message', {
      content: 'It varies',
      agent: 'rabbithole',
      interrupted: true,
    }),
    log.append('rabbithole_exited', {
      rabbitholeEventId: 'rh_1',
      label: 'Mitochondria',
      pointsRecalledDuring: 1,
      completionPending: false,
    }),
    log.append('user_message', { content: 'Back on track' }),
    log.append('rabbithole_entered', {
      rabbitholeEventId: 'rh_2',
      topic: 'enzymes',
      label: 'Enzymes',
    }),
    log.append('user_message', { content: 'Enzymes?' }),
  ];
  return log.events;
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
