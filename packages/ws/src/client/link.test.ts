import { afterEach, describe, expect, test, vi } from 'vitest';
import { ScriptedSocket } from '../../test/harness/scripted-socket';
import type { ServerMessage } from '../protocol/server-messages';
import { createRecallClient } from './create-recall-client';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A client allowed two failed reconnects in a row, whose every socket opens, hears `frame`
 * from the server and then drops. Returns the connection state after each drop's wait.
 */
async function statesAfterDrops(frame: ServerMessage, drops: number) {
  vi.useFakeTimers();
  const client = createRecallClient({
    url: 'ws://recall.test/ws',
    sessionId: 's',
    WebSocket: ScriptedSocket,
    storage: null,
    reconnect: { maxAttempts: 2, jitter: 0 },
  });
  const states: string[] = [];
  for (let drop = 0; drop < drops; drop += 1) {
    const socket = ScriptedSocket.last!;
    socket.open();
    socket.deliver(frame);
    socket.onclose?.({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(5_000);
    states.push(client.getSnapshot().connection);
  }
  client.close();
  return states;
}

describe('the link counts failed attempts in a row', () => {
  test('a socket the server answered starts the count again: the client never gives up', async () => {
    const states = await statesAfterDrops({ type: 'history_end', headSeq: 0 }, 5);
    expect(states).toEqual(Array(5).fill('reconnecting'));
  });

  test('a socket that only heard a refusal counts as failed: the third drop in a row stops', async () => {
    const refusal: ServerMessage = {
      type: 'error',
      code: 'INTERNAL_ERROR',
      message: 'Try again.',
      retryable: true,
    };
    const states = await statesAfterDrops(refusal, 3);
    expect(states).toEqual(['reconnecting', 'reconnecting', 'closed']);
  });
});
