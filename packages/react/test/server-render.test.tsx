// @vitest-environment node
import { createRecallClient } from '@recall/ws';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { RecallProvider } from '../src';
import { SessionScreen } from './session-screen';
import { replayClientOf } from './session';

afterEach(() => vi.unstubAllGlobals());

test('renders on the server with no window and no WebSocket', async () => {
  vi.stubGlobal('WebSocket', undefined);
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  const client = replayClientOf('overlay');
  const html = renderToString(
    <RecallProvider client={client}>
      <SessionScreen />
    </RecallProvider>,
  );
  expect(html).toContain('role="log"');
  expect(html).toContain('role="dialog"');
  expect(html).toContain('00:00');
  expect(html).toContain('You recalled all 4 points.');
});

test('rendering never opens a socket: the real client stays idle on the server', async () => {
  class ForbiddenWebSocket {
    constructor() {
      throw new Error('rendering must not open a WebSocket');
    }
  }
  const client = createRecallClient({
    url: 'ws://recall.test/ws',
    recallSetId: 'set-photosynthesis',
    WebSocket: ForbiddenWebSocket as never,
    storage: null,
    autoConnect: false,
  });
  const html = renderToString(
    <RecallProvider client={client}>
      <SessionScreen />
    </RecallProvider>,
  );
  expect(client.getSnapshot().connection).toBe('idle');
  expect(html).toContain('Connecting to the session…');
});
