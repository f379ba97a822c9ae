import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRecallClient } from '../src/client/create-recall-client';
import type { CloseEventLike, MessageEventLike, WebSocketLike } from '../src/client/websocket-like';
import { CLOSE_CODES } from '../src/protocol/close-codes';

/** A WebSocket stand-in that counts connection attempts and is driven by hand. */
function createCountingWebSocket() {
  const sockets: CountingWebSocket[] = [];
  class CountingWebSocket implements WebSocketLike {
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: MessageEventLike) => void) | null = null;
    onclose: ((event: CloseEventLike) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(_url: string) {
      sockets.push(this);
    }
    /** Opens, hands over one `error` frame, then closes with `code`: a server's refusal. */
    refuse(frame: Record<string, unknown>, code: number) {
      this.readyState = 1;
      this.onopen?.({});
      this.onmessage?.({ data: JSON.stringify({ type: 'error', retryable: true, ...frame }) });
      this.readyState = 3;
      this.onclose?.({ code, reason: String(frame.code) });
    }
    send(): void {}
    close(): void {
      this.readyState = 3;
    }
  }
  return { WebSocket: CountingWebSocket, sockets };
}

afterEach(() => {
  vi.useRealTimers();
});

/** Refuses the first connection and reports how many more were made after each wait. */
async function attemptsAfterRefusal(frame: Record<string, unknown>, code: number) {
  vi.useFakeTimers();
  const counting = createCountingWebSocket();
  const client = createRecallClient({
    url: 'ws://127.0.0.1:1/ws',
    recallSetId: 'set-1',
    WebSocket: counting.WebSocket,
    storage: null,
    random: () => 0.5,
  });
  counting.sockets[0]?.refuse(frame, code);
  const attempts: number[] = [];
  for (const waitMs of [1_000, 10_000, 30_000, 18_000, 2_000]) {
    await vi.advanceTimersByTimeAsync(waitMs);
    attempts.push(counting.sockets.length - 1);
  }
  client.close();
  return attempts;
}

describe('the client waits for every typed refusal’s retryAfterMs', () => {
  test('a session budget refusal (RATE_LIMITED, 4029) is not retried before its delay', async () => {
    const attempts = await attemptsAfterRefusal(
      { code: 'RATE_LIMITED', message: 'Too many new sessions', retryAfterMs: 60_000 },
      CLOSE_CODES.RATE_LIMITED.code,
    );
    // After 1, 11, 41, 59 and 61 s.
    expect(attempts).toEqual([0, 0, 0, 0, 1]);
  });

  test('a code this client does not know (a spend budget) holds off a plain reconnect too', async () => {
    const attempts = await attemptsAfterRefusal(
      { code: 'BUDGET_EXCEEDED', message: 'The daily budget is spent.', retryAfterMs: 60_000 },
      CLOSE_CODES.INTERNAL.code,
    );
    expect(attempts).toEqual([0, 0, 0, 0, 1]);
  });

  test('a FRAME_FLOOD close waits for its delay', async () => {
    const attempts = await attemptsAfterRefusal(
      { code: 'RATE_LIMITED', message: 'Too many refused frames', retryAfterMs: 60_000 },
      CLOSE_CODES.FRAME_FLOOD.code,
    );
    expect(attempts).toEqual([0, 0, 0, 0, 1]);
  });

  test('without a delay, a dropped link is retried on its usual backoff', async () => {
    const attempts = await attemptsAfterRefusal(
      { code: 'INTERNAL_ERROR', message: 'Oops.' },
      CLOSE_CODES.INTERNAL.code,
    );
    expect(attempts[0]).toBe(1);
  });
});
