import type { SessionEvent, StorageAdapter } from '@recall/core';
import {
  formatSessionLog,
  importSessionLog,
  readRabbitholeConversations,
} from '@recall/core/storage/log';
import { beforeEach, describe, expect, test } from 'vitest';
import { eventBuilder, uniqueId } from './fixtures';

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

/** Runs inside describeStorageConformance; `adapter` returns the adapter under test. */
export function describeLogQueryConformance(adapter: () => StorageAdapter): void {
  describe('envelope fields and log queries', () => {
    let storage: StorageAdapter;
    beforeEach(() => {
      storage = adapter();
    });

    test('envelope fields beyond the fixed ones round-trip (append, read, duplicate, subscribe)', async () => {
      const sessionId = uniqueId('sess');
      const context = eventBuilder(sessionId, 0, uniqueId('turn'));
      // commandId is a declared envelope field; traceId stands for one added by a later version.
      const event = {
        ...context.build('rabbithole_declined', { rabbitholeEventId: 'rh_1', topic: 'tides' }),
        commandId: uniqueId('cmd'),
        traceId: uniqueId('trace'),
      } as SessionEvent;
      const plain = context.build('user_message', { content: 'no extra fields' });
      const appended = await storage.append(sessionId, [event, plain], { expectedSeq: 0 });
      expect(appended.events).toEqual([event, plain]);
      expect(await storage.read(sessionId)).toEqual([event, plain]);
      expect(Object.keys((await storage.read(sessionId))[1]!)).not.toContain('commandId');
      const again = await storage.append(sessionId, [event, plain], { expectedSeq: 2 });
      expect(again).toEqual({ status: 'duplicate', events: [event, plain] });
      const received = await new Promise<SessionEvent>((resolve) => {
        const unsubscribe = storage.subscribe(sessionId, 0, (delivered) => {
          unsubscribe();
          resolve(delivered);
        });
      });
      expect(received).toEqual(event);
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
  });
}
