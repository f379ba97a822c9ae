import { type RecallClient, createRecallClient, createReplayClient } from '@recall/ws';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { type RecallActions, createRecallActions } from './recall-actions';

const ACTIONS = [
  'declineRabbithole',
  'dismissOverlay',
  'enterRabbithole',
  'exitRabbithole',
  'leaveSession',
  'retry',
  'sendMessage',
  'setDraft',
];

describe('createRecallActions: the client minus its lifecycle, state and raw send', () => {
  test('the type is derived from RecallClient', () => {
    expectTypeOf<keyof RecallActions>().toEqualTypeOf<
      Exclude<keyof RecallClient, 'getSnapshot' | 'subscribe' | 'connect' | 'close' | 'send'>
    >();
  });

  test.each([
    [
      'a live client',
      () =>
        createRecallClient({ url: 'ws://x/ws', sessionId: 's', autoConnect: false, storage: null }),
    ],
    ['a replay client', () => createReplayClient({ events: [] })],
  ])('binds every action of %s', (_name, create) => {
    const client = create();
    const actions = createRecallActions(client);
    expect(Object.keys(actions).sort()).toEqual(ACTIONS);
    client.close();
  });

  test('an action calls the client with its arguments, as the client itself (a class works)', () => {
    const calls: string[] = [];
    class Recorder {
      readonly label = 'recorder';
      sendMessage(text: string) {
        calls.push(`${this.label}:${text}`);
        return 'id-1';
      }
      close() {
        calls.push('close');
      }
    }
    const actions = createRecallActions(new Recorder() as unknown as RecallClient);
    const { sendMessage } = actions;
    expect(sendMessage('ATP')).toBe('id-1');
    expect(calls).toEqual(['recorder:ATP']);
    expect(Object.keys(actions)).toEqual(['sendMessage']);
  });
});
