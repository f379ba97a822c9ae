import { type SessionCommand, type SessionEvent, redactSessionEvent } from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { type RecallClient, createRecallClient } from './create-recall-client';
import { createReplayClient } from './replay-client';
import { ScriptedSocket } from '../../test/harness/scripted-socket';

/** A client on an open socket whose session has a pending rabbit-hole prompt (or not). */
function connect(options: { prompt: boolean }) {
  const client = createRecallClient({
    url: 'ws://recall.test/ws',
    sessionId: 's',
    WebSocket: ScriptedSocket,
    storage: null,
  });
  const socket = ScriptedSocket.last!;
  socket.open();
  const log = createFixtureLog({ sessionId: 's' });
  const stored: SessionEvent[] = [
    log.append('session_started', {
      sessionId: 's',
      recallSetId: 'set',
      recallSetName: 'Set',
      totalPoints: 2,
      recalledCount: 0,
      resumed: false,
    }),
  ];
  if (options.prompt) {
    stored.push(
      log.append('rabbithole_detected', {
        rabbitholeEventId: 'hole-1',
        topic: 'tides',
        label: 'Tides',
        triggerMessageContent: 'what about tides?',
      }),
    );
  }
  for (const event of stored) socket.deliver({ type: 'event', event: redactSessionEvent(event) });
  socket.deliver({ type: 'history_end', headSeq: stored.length });
  return { client, socket };
}

describe('client.send: one command, exactly once', () => {
  test('sends the command with a generated clientMessageId and returns that id', () => {
    const { client, socket } = connect({ prompt: false });
    const id = client.send({ type: 'user_message', content: 'Mitochondria make ATP.' });
    expect(id).not.toBe('');
    expect(socket.sent).toEqual([
      { type: 'user_message', clientMessageId: id, content: 'Mitochondria make ATP.' },
    ]);
    expect(client.getSnapshot().timeline.at(-1)).toMatchObject({
      role: 'user',
      status: 'pending',
      clientMessageId: id,
    });
    client.close();
  });

  test("keeps the caller's clientMessageId and drops fields the command does not have", () => {
    const { client, socket } = connect({ prompt: false });
    const command = { type: 'leave_session', clientMessageId: 'leave-1', content: 'x' };
    expect(client.send(command as SessionCommand)).toBe('leave-1');
    expect(socket.sent).toEqual([{ type: 'leave_session', clientMessageId: 'leave-1' }]);
    client.close();
  });

  test.each([
    ['an unknown type', { type: 'shout' }],
    ['the wire-only ping', { type: 'ping' }],
    ['an inherited key', { type: 'constructor' }],
    ['no command', null],
  ])('refuses %s with a TypeError and queues nothing', (_name, command) => {
    const { client, socket } = connect({ prompt: false });
    expect(() => client.send(command as unknown as SessionCommand)).toThrow(TypeError);
    expect(client.getSnapshot().outbox).toBe(0);
    expect(socket.sent).toEqual([]);
    client.close();
  });

  test('an answer to the pending prompt hides it at once, whichever way it is sent', () => {
    for (const answer of [
      (client: RecallClient) => client.send({ type: 'decline_rabbithole' }),
      (client: RecallClient) =>
        client.send({ type: 'enter_rabbithole', rabbitholeEventId: 'hole-1', topic: 'tides' }),
    ]) {
      const { client } = connect({ prompt: true });
      expect(client.getSnapshot().rabbitholePrompt).toMatchObject({ rabbitholeEventId: 'hole-1' });
      answer(client);
      expect(client.getSnapshot().rabbitholePrompt).toBeNull();
      client.close();
    }
  });

  test('entering another rabbit hole than the pending one does not hide the prompt', () => {
    const { client } = connect({ prompt: true });
    client.send({ type: 'enter_rabbithole', rabbitholeEventId: 'hole-0', topic: 'moon' });
    expect(client.getSnapshot().rabbitholePrompt).toMatchObject({ rabbitholeEventId: 'hole-1' });
    client.close();
  });
});

describe('the named helpers are one send each', () => {
  test.each([
    ['sendMessage', (client: RecallClient) => client.sendMessage('ATP'), { content: 'ATP' }],
    ['leaveSession', (client: RecallClient) => client.leaveSession(), { type: 'leave_session' }],
    [
      'enterRabbithole',
      (client: RecallClient) => client.enterRabbithole(),
      { type: 'enter_rabbithole', rabbitholeEventId: 'hole-1', topic: 'tides' },
    ],
    [
      'exitRabbithole',
      (client: RecallClient) => client.exitRabbithole(),
      { type: 'exit_rabbithole' },
    ],
    [
      'declineRabbithole',
      (client: RecallClient) => client.declineRabbithole(),
      { type: 'decline_rabbithole' },
    ],
    [
      'dismissOverlay',
      (client: RecallClient) => client.dismissOverlay(),
      { type: 'dismiss_overlay' },
    ],
  ])('%s', (_name, helper, expected) => {
    const { client, socket } = connect({ prompt: true });
    helper(client);
    expect(socket.sent).toHaveLength(1);
    expect(socket.sent[0]).toMatchObject(expected);
    expect(socket.sent[0]?.clientMessageId).toEqual(expect.any(String));
    client.close();
  });

  test('enterRabbithole and declineRabbithole send nothing without a pending prompt', () => {
    const { client, socket } = connect({ prompt: false });
    client.enterRabbithole();
    client.declineRabbithole();
    expect(socket.sent).toEqual([]);
    client.close();
  });

  test('a replay client has the same helpers, and they send nothing', () => {
    const replay = createReplayClient({ events: [] });
    expect(replay.send({ type: 'leave_session' })).toBe('');
    expect(replay.sendMessage('ATP')).toBe('');
    replay.dismissOverlay();
    expect(replay.getSnapshot().outbox).toBe(0);
  });
});
