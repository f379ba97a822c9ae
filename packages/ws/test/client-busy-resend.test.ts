import { redactSessionEvent, type SessionEvent } from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRecallClient } from '../src/client/create-recall-client';
import type { ServerMessage } from '../src/protocol/server-messages';
import { ScriptedSocket } from './harness/scripted-socket';

// The outbox against a server whose session is busy (a turn running, one queued): a message
// refused with the retryable SESSION_BUSY is sent again — after retryAfterMs, or as soon as
// the running turn ends — first in line, with the same clientMessageId, never duplicated.

function connect() {
  const client = createRecallClient({
    url: 'ws://recall.test/ws',
    sessionId: 's',
    WebSocket: ScriptedSocket,
    storage: null,
  });
  const socket = ScriptedSocket.last!;
  socket.open();
  const log = createFixtureLog({ sessionId: 's' });
  const event = (stored: SessionEvent) =>
    socket.deliver({ type: 'event', event: redactSessionEvent(stored) });
  event(
    log.append('session_started', {
      sessionId: 's',
      recallSetId: 'set',
      recallSetName: 'Set',
      totalPoints: 2,
      recalledCount: 0,
      resumed: false,
    }),
  );
  event(
    log.append(
      'assistant_streaming_start',
      { responseId: 'r1', agent: 'tutor' },
      { responseId: 'r1' },
    ),
  );
  socket.deliver({ type: 'history_end', headSeq: 2 });
  return { client, socket, log, event };
}

const busy = (clientMessageId: string, retryAfterMs?: number): ServerMessage => ({
  type: 'error',
  code: 'SESSION_BUSY',
  message: 'The session is busy.',
  retryable: true,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  clientMessageId,
});

afterEach(() => vi.useRealTimers());

describe('a message refused with SESSION_BUSY', () => {
  test('is sent again when the running turn ends, before any later command', () => {
    const { client, socket, log, event } = connect();
    const first = client.sendMessage('first');
    const second = client.sendMessage('second');
    expect(socket.sent.map((message) => message.clientMessageId)).toEqual([first]);
    socket.deliver(busy(first, 60_000));
    // Kept, shown as still pending, nothing overtakes it.
    expect(client.getSnapshot().outbox).toBe(2);
    expect(client.getSnapshot().timeline.at(-2)).toMatchObject({
      clientMessageId: first,
      status: 'pending',
    });
    expect(socket.sent).toHaveLength(1);
    // The running turn ends: the refused message goes again, same id.
    event(
      log.append(
        'assistant_streaming_end',
        { responseId: 'r1', fullContent: 'Hi', totalChunks: 1 },
        { responseId: 'r1' },
      ),
    );
    expect(socket.sent.map((message) => message.clientMessageId)).toEqual([first, first]);
    socket.deliver({ type: 'ack', clientMessageId: first, seq: 4 });
    expect(socket.sent.map((message) => message.clientMessageId)).toEqual([first, first, second]);
    client.close();
  });

  test('is sent again after retryAfterMs when no turn ends first', async () => {
    vi.useFakeTimers();
    const { client, socket } = connect();
    const first = client.sendMessage('first');
    socket.deliver(busy(first, 800));
    await vi.advanceTimersByTimeAsync(799);
    expect(socket.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent.map((message) => message.clientMessageId)).toEqual([first, first]);
    socket.deliver({ type: 'ack', clientMessageId: first, seq: 3 });
    expect(client.getSnapshot().outbox).toBe(0);
    client.close();
  });

  test('a refusal that is not retryable fails the message, and the next one goes', () => {
    const { client, socket } = connect();
    const first = client.sendMessage('first');
    const second = client.sendMessage('second');
    socket.deliver({
      type: 'error',
      code: 'SESSION_ENDED',
      message: 'Ended.',
      retryable: false,
      clientMessageId: first,
    });
    expect(client.getSnapshot().timeline.find((item) => item.id === first)).toMatchObject({
      status: 'failed',
      error: { code: 'SESSION_ENDED' },
    });
    expect(socket.sent.map((message) => message.clientMessageId)).toEqual([first, second]);
    client.close();
  });
});
