import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RecallClientOptions } from '../src/client/client-options';
import { createRecallClient } from '../src/client/create-recall-client';
import type { CloseEventLike, MessageEventLike, WebSocketLike } from '../src/client/websocket-like';
import type { ProtocolParseError } from '../src/protocol/parse-result';
import { createFixtureLog } from '@recall/core/testing';
import { sampleServerMessages } from './fixtures/server-messages';

/** A WebSocket stand-in the test drives by hand: open it, then hand it frames. */
function createScriptedWebSocket() {
  const sockets: ScriptedWebSocket[] = [];
  class ScriptedWebSocket implements WebSocketLike {
    readyState = 0;
    sent: string[] = [];
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: MessageEventLike) => void) | null = null;
    onclose: ((event: CloseEventLike) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(
      _url: string,
      readonly protocols?: string[],
    ) {
      sockets.push(this);
    }
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
    receive(data: unknown) {
      this.onmessage?.({ data });
    }
    send(data: string): void {
      this.sent.push(data);
    }
    close(): void {
      this.readyState = 3;
    }
  }
  return { WebSocket: ScriptedWebSocket, sockets };
}

function connectedClient(options: Partial<RecallClientOptions> = {}) {
  const scripted = createScriptedWebSocket();
  const client = createRecallClient({
    url: 'ws://127.0.0.1:1/ws',
    recallSetId: 'set-1',
    WebSocket: scripted.WebSocket,
    storage: null,
    ...options,
  });
  const socket = scripted.sockets[0];
  if (socket === undefined) throw new Error('no socket opened');
  socket.open();
  return { client, socket };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invalid server frames', () => {
  test('are dropped and reported to onProtocolError; the session goes on', () => {
    const errors: ProtocolParseError[] = [];
    const { client, socket } = connectedClient({ onProtocolError: (error) => errors.push(error) });
    const log = createFixtureLog({ sessionId: 'session-1' });
    const started = log.append('session_started', {
      sessionId: 'session-1',
      recallSetId: 'set-1',
      recallSetName: 'Cells',
      totalPoints: 4,
      recalledCount: 0,
      resumed: false,
    });
    socket.receive(JSON.stringify({ type: 'event', event: started }));
    socket.receive(JSON.stringify({ type: 'history_end', headSeq: 1 }));
    const before = client.getSnapshot();
    expect(before.status).toBe('active');

    const recalled = log.append('recall_point_recalled', {
      pointId: 'p1',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 4,
    });
    socket.receive('{not json');
    socket.receive(JSON.stringify({ type: 'evaluation_result', seq: 2 }));
    socket.receive(JSON.stringify({ type: 'event', event: { ...recalled, seq: 0 } }));
    socket.receive(JSON.stringify({ ...sampleServerMessages.chunk, index: 'one' }));
    socket.receive(new Uint8Array([1, 2, 3]));
    expect(errors.map((error) => error.code)).toEqual([
      'INVALID_JSON',
      'UNKNOWN_MESSAGE_TYPE',
      'INVALID_MESSAGE',
      'INVALID_MESSAGE',
      'INVALID_MESSAGE',
    ]);
    expect(client.getSnapshot()).toBe(before);

    socket.receive(JSON.stringify({ type: 'event', event: recalled }));
    expect(client.getSnapshot().session).toMatchObject({ recalledPointIds: ['p1'], lastSeq: 2 });
    expect(client.getSnapshot().connection).toBe('open');
    client.close();
  });

  test('the client offers the protocol version it speaks', () => {
    const { client, socket } = connectedClient();
    expect(socket.protocols).toEqual(['recall.v2']);
    client.close();
  });

  test('without onProtocolError they are reported with console.warn outside production', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, socket } = connectedClient();
    socket.receive('{not json');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /Dropped an invalid server frame \(INVALID_JSON\)/,
    );
    vi.stubEnv('NODE_ENV', 'production');
    try {
      socket.receive('{still not json');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    client.close();
  });
});
