import {
  type ClientMessage,
  type RecallClient,
  type ServerMessage,
  type WebSocketLike,
  createRecallClient,
} from '@recall/ws';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { SESSION_FIXTURES } from '../src/testing';
import { renderWithClient } from './render';
import { SessionScreen } from './session-screen';

/** A WebSocket stand-in that records every frame the client sends. */
class RecordingWebSocket implements WebSocketLike {
  static instances: RecordingWebSocket[] = [];
  readyState = 0;
  readonly frames: ClientMessage[] = [];
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    RecordingWebSocket.instances.push(this);
  }
  send(data: string): void {
    this.frames.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(...messages: ServerMessage[]): void {
    for (const message of messages) this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  /** The commands sent so far (pings left out). */
  commands(): ClientMessage[] {
    return this.frames.filter((frame) => frame.type !== 'ping');
  }
}

let client: RecallClient | undefined;
afterEach(() => {
  client?.close();
  RecordingWebSocket.instances = [];
});

test('the components drive the real client: each action sends exactly its frame', async () => {
  const user = userEvent.setup();
  client = createRecallClient({
    url: 'ws://recall.test/ws',
    recallSetId: 'set-photosynthesis',
    WebSocket: RecordingWebSocket,
    storage: null,
  });
  renderWithClient(<SessionScreen />, { client });
  const socket = RecordingWebSocket.instances[0];
  if (!socket) throw new Error('the client opened no socket');
  expect(socket.url).toContain('recallSetId=set-photosynthesis');
  const ack = (command: ClientMessage | undefined) =>
    act(() => socket.deliver({ type: 'ack', clientMessageId: command?.clientMessageId ?? '' }));

  act(() => socket.open());
  act(() => socket.deliver(...SESSION_FIXTURES.rabbitholePrompt));
  expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Explore' }));
  expect(socket.commands()).toEqual([
    {
      type: 'enter_rabbithole',
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
      clientMessageId: expect.any(String),
    },
  ]);
  await ack(socket.commands()[0]);
  act(() =>
    socket.deliver({
      type: 'rabbithole_entered',
      seq: 12,
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
      label: 'Autumn leaves',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Return to session' }));
  expect(socket.commands()[1]).toEqual({
    type: 'exit_rabbithole',
    clientMessageId: expect.any(String),
  });
  await ack(socket.commands()[1]);
  act(() =>
    socket.deliver({
      type: 'rabbithole_exited',
      seq: 13,
      rabbitholeEventId: 'rabbithole-1',
      label: 'Autumn leaves',
      pointsRecalledDuring: 0,
      completionPending: false,
    }),
  );

  await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Oxygen{Enter}');
  const sent = socket.commands()[2];
  expect(sent).toEqual({
    type: 'user_message',
    content: 'Oxygen',
    clientMessageId: expect.any(String),
  });
  const log = screen.getByRole('log');
  expect(log.lastElementChild?.getAttribute('data-state')).toBe('pending');
  await ack(sent);
  expect(log.lastElementChild?.getAttribute('data-state')).toBe('sent');

  await user.click(screen.getByRole('button', { name: 'Leave Session' }));
  expect(socket.commands()[3]).toEqual({
    type: 'leave_session',
    clientMessageId: expect.any(String),
  });
  expect(socket.commands()).toHaveLength(4);
});

test('a dropped connection disables the composer with its reason, and Retry reconnects', async () => {
  const user = userEvent.setup();
  client = createRecallClient({
    url: 'ws://recall.test/ws',
    recallSetId: 'set-photosynthesis',
    WebSocket: RecordingWebSocket,
    storage: null,
    reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
  });
  renderWithClient(<SessionScreen />, { client });
  const first = RecordingWebSocket.instances[0];
  act(() => first?.open());
  act(() => first?.deliver(...SESSION_FIXTURES.idle));
  const input = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;
  expect(input.disabled).toBe(false);

  act(() => first?.drop());
  expect(input.disabled).toBe(true);
  expect(screen.getByRole('textbox', { description: 'Connection lost. Reconnecting…' })).toBe(
    input,
  );
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  const second = RecordingWebSocket.instances[1];
  expect(second?.url).toContain('sessionId=session-photosynthesis-1');
  act(() => second?.open());
  expect(input.disabled).toBe(false);
});
