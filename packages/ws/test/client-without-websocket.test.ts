import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createRecallClient } from '../src/client/create-recall-client';
import type { CloseEventLike, MessageEventLike, WebSocketLike } from '../src/client/websocket-like';

// Server rendering: Node without a global WebSocket (Node ≥ 22 has one, so it is removed).
const original = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
beforeEach(() => {
  Reflect.deleteProperty(globalThis, 'WebSocket');
});
afterEach(() => {
  if (original !== undefined) Object.defineProperty(globalThis, 'WebSocket', original);
});

/** A WebSocket stand-in that records the URLs it was opened with and never opens. */
function createRecordingWebSocket() {
  const urls: string[] = [];
  class RecordingWebSocket implements WebSocketLike {
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: MessageEventLike) => void) | null = null;
    onclose: ((event: CloseEventLike) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(url: string) {
      urls.push(url);
    }
    send(): void {}
    close(): void {}
  }
  return { WebSocket: RecordingWebSocket, urls };
}

describe('a client created where there is no global WebSocket', () => {
  test('construction does not throw; connecting ends closed with a clear lastError', () => {
    expect('WebSocket' in globalThis).toBe(false);
    const client = createRecallClient({ url: 'ws://127.0.0.1:1/ws', recallSetId: 'set-1' });
    const snapshot = client.getSnapshot();
    expect(snapshot.connection).toBe('closed');
    expect(snapshot.lastError).toEqual({
      code: 'INTERNAL_ERROR',
      message: expect.stringMatching(/no WebSocket.*pass the `WebSocket` option/),
      retryable: false,
    });
    client.close();
  });

  test('with autoConnect: false it stays idle and usable until connect()', () => {
    const client = createRecallClient({
      url: 'ws://127.0.0.1:1/ws',
      recallSetId: 'set-1',
      autoConnect: false,
      storage: null,
    });
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getSnapshot().connection));
    expect(client.getSnapshot()).toMatchObject({ connection: 'idle', outbox: 0 });
    expect(client.getSnapshot().lastError).toBeNull();
    // Commands wait in the outbox as usual.
    client.sendMessage('Typed before hydration.');
    expect(client.getSnapshot()).toMatchObject({ connection: 'idle', outbox: 1 });
    expect(() => client.connect()).not.toThrow();
    expect(seen.at(-1)).toBe('closed');
    expect(client.getSnapshot().lastError?.message).toMatch(/no WebSocket/);
    expect(client.getSnapshot().outbox).toBe(1);
    client.close();
  });

  test('the constructor is looked up when connecting, so one installed later is used', () => {
    const client = createRecallClient({
      url: 'ws://127.0.0.1:1/ws',
      recallSetId: 'set-1',
      autoConnect: false,
      storage: null,
    });
    client.connect();
    expect(client.getSnapshot().connection).toBe('closed');
    const recording = createRecordingWebSocket();
    Object.defineProperty(globalThis, 'WebSocket', {
      value: recording.WebSocket,
      configurable: true,
      writable: true,
    });
    client.retry();
    expect(recording.urls).toEqual(['ws://127.0.0.1:1/ws?recallSetId=set-1']);
    expect(client.getSnapshot().connection).toBe('reconnecting');
    client.close();
    expect(client.getSnapshot().connection).toBe('closed');
  });

  test('an injected WebSocket needs no global one', () => {
    const recording = createRecordingWebSocket();
    const client = createRecallClient({
      url: 'ws://127.0.0.1:1/ws',
      sessionId: 'session-1',
      WebSocket: recording.WebSocket,
      storage: null,
    });
    expect(client.getSnapshot().connection).toBe('connecting');
    expect(recording.urls).toHaveLength(1);
    client.close();
  });
});
