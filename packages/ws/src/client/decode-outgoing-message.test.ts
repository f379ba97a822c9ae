import { describe, expect, test } from 'vitest';
import { decodeOutgoingMessage } from './decode-outgoing-message';

describe('decodeOutgoingMessage (persisted outbox entries)', () => {
  test('restores every queued command as a fresh object with only its fields', () => {
    const entries = [
      { type: 'user_message', content: 'It makes ATP.', clientMessageId: 'c-1', extra: 1 },
      { type: 'leave_session', clientMessageId: 'c-2' },
      { type: 'enter_rabbithole', rabbitholeEventId: 'rh-1', topic: 'DNA', clientMessageId: 'c-3' },
      { type: 'exit_rabbithole', clientMessageId: 'c-4' },
      { type: 'decline_rabbithole', clientMessageId: 'c-5' },
      { type: 'dismiss_overlay', clientMessageId: 'c-6' },
    ];
    const restored = entries.map(decodeOutgoingMessage);
    expect(restored[0]).toEqual({
      type: 'user_message',
      content: 'It makes ATP.',
      clientMessageId: 'c-1',
    });
    expect(restored.slice(1)).toEqual(entries.slice(1));
    expect(restored[1]).not.toBe(entries[1]);
  });

  test('drops foreign or corrupt entries', () => {
    for (const entry of [
      null,
      'user_message',
      { type: 'ping', clientMessageId: 'c-1' },
      { type: 'user_message', content: 'Hi' },
      { type: 'user_message', content: '   ', clientMessageId: 'c-1' },
      { type: 'user_message', content: 3, clientMessageId: 'c-1' },
      { type: 'enter_rabbithole', rabbitholeEventId: 'rh-1', clientMessageId: 'c-1' },
      { type: 'leave_session', clientMessageId: '' },
      { type: 'leave_session', clientMessageId: 'x'.repeat(129) },
      { type: 'toString', clientMessageId: 'c-1' },
      { type: 'end_session', clientMessageId: 'c-1' },
    ]) {
      expect(decodeOutgoingMessage(entry)).toBeNull();
    }
  });
});
