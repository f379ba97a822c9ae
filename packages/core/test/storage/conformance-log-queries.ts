import {
  type EventLogStore,
  type SessionEvent,
  type SessionRowStore,
  createMemoryStorage,
} from '@recall/core';
import {
  exportSessionLog,
  formatSessionLog,
  importSessionLog,
  parseSessionLog,
  readRabbitholeConversations,
} from '@recall/core/storage/log';
import { beforeEach, describe, expect, test } from 'vitest';
import { eventBuilder, uniqueId, variedEvents } from './fixtures';

/** A session that enters one rabbit hole, talks in it, exits, recalls a point and pauses. */
function sessionWithRabbithole(sessionId: string, userId: string): SessionEvent[] {
  const context = eventBuilder(sessionId, 0, uniqueId('turn'));
  const responseId = uniqueId('resp');
  const rabbitholeEventId = uniqueId('rh');
  return [
    context.build('session_started', {
      sessionId,
      recallSetId: 'rs_1',
      recallSetName: 'Set',
      totalPoints: 2,
      recalledCount: 0,
      resumed: false,
      targetPointIds: ['p1', 'p2'],
      userId,
    }),
    context.build('user_message', { content: 'tangent please' }),
    context.build('rabbithole_detected', {
      rabbitholeEventId,
      topic: 'tides',
      label: 'Tides',
      triggerMessageContent: 'tangent please',
    }),
    context.build('rabbithole_entered', { rabbitholeEventId, topic: 'tides', label: 'Tides' }),
    context.build('assistant_streaming_start', { responseId, agent: 'rabbithole' }, { responseId }),
    context.build(
      'assistant_streaming_end',
      { responseId, fullContent: 'The moon pulls.', totalChunks: 1 },
      { responseId },
    ),
    context.build(
      'assistant_message',
      { content: 'The moon pulls.', agent: 'rabbithole' },
      { responseId },
    ),
    context.build('user_message', { content: 'Why twice a day?' }),
    context.build('recall_point_recalled', {
      pointId: 'p2',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 2,
    }),
    context.build('rabbithole_exited', {
      rabbitholeEventId,
      label: 'Tides',
      pointsRecalledDuring: 1,
      completionPending: false,
    }),
    context.build('session_paused', { sessionId, recalledCount: 1, totalPoints: 2 }),
  ];
}

/**
 * The functions of `@recall/core/storage/log` over a stored log — queries, JSON Lines export
 * and import (which also saves the rebuilt session row) — against an event log and session rows.
 */
export function describeLogQueryConformance(store: () => EventLogStore & SessionRowStore): void {
  describe('log queries and JSON Lines', () => {
    let storage: EventLogStore & SessionRowStore;
    beforeEach(() => {
      storage = store();
    });

    test('readRabbitholeConversations returns each side conversation from the stored log', async () => {
      const sessionId = uniqueId('sess');
      const events = sessionWithRabbithole(sessionId, uniqueId('user'));
      await storage.append(sessionId, events, { expectedSeq: 0 });
      const conversations = await readRabbitholeConversations(storage, sessionId);
      expect(conversations).toEqual([
        {
          rabbitholeEventId: (events[3] as SessionEvent & { type: 'rabbithole_entered' }).data
            .rabbitholeEventId,
          topic: 'tides',
          label: 'Tides',
          enteredSeq: 4,
          enteredAt: events[3]!.timestamp,
          exitedSeq: 10,
          exitedAt: events[9]!.timestamp,
          pointsRecalledDuring: 1,
          messages: [
            {
              role: 'assistant',
              content: 'The moon pulls.',
              seq: 7,
              timestamp: events[6]!.timestamp,
            },
            { role: 'user', content: 'Why twice a day?', seq: 8, timestamp: events[7]!.timestamp },
          ],
        },
      ]);
      expect(await readRabbitholeConversations(storage, uniqueId('sess'))).toEqual([]);
    });

    test('importSessionLog rebuilds the session row from the imported events', async () => {
      const sessionId = uniqueId('sess');
      const userId = uniqueId('user');
      const events = sessionWithRabbithole(sessionId, userId);
      const result = await importSessionLog(storage, formatSessionLog(events));
      const expected = {
        id: sessionId,
        recallSetId: 'rs_1',
        userId,
        status: 'paused',
        targetPointIds: ['p1', 'p2'],
        recalledPointIds: ['p2'],
        startedAt: events[0]!.timestamp,
        pausedAt: events[10]!.timestamp,
      };
      expect(result).toMatchObject({ sessionId, status: 'appended', eventCount: 11 });
      expect(result.session).toEqual(expected);
      expect(await storage.getSession(sessionId)).toEqual(expected);
      expect(await storage.findActiveSession({ recallSetId: 'rs_1', userId })).toEqual(expected);
      // Re-importing the same file writes no event and leaves the row as it is.
      const again = await importSessionLog(storage, formatSessionLog(events));
      expect(again).toMatchObject({ status: 'duplicate', session: expected });
      expect(await storage.lastSeq(sessionId)).toBe(11);
    });

    test('a log exported from one store imports into this one and exports identically', async () => {
      const sessionId = uniqueId('sess');
      const source = createMemoryStorage();
      await source.append(sessionId, variedEvents(sessionId), { expectedSeq: 0 });
      const text = await exportSessionLog(source, sessionId);
      expect(text.split('\n')).toHaveLength(7);
      const result = await importSessionLog(storage, text);
      // Its session_started predates recorded targets: no session row can be rebuilt.
      expect(result).toEqual({ sessionId, status: 'appended', eventCount: 6, session: null });
      expect(await storage.read(sessionId)).toEqual(await source.read(sessionId));
      // Compared parsed: a jsonb column may store the keys of `data` in another order.
      const exported = await exportSessionLog(storage, sessionId);
      expect(parseSessionLog(exported)).toEqual(parseSessionLog(text));
      expect((await importSessionLog(storage, text)).status).toBe('duplicate');
      await source.close();
    });
  });
}
