import { describe, expect, test } from 'vitest';
import { createLogMessageFactory } from '../../test/fixtures/session-events';
import { createInitialClientState } from './client-session-state';
import { applyOutgoingMessage } from './outgoing';
import { replayServerMessages } from './replay-server-messages';

function promptedWithOverlay() {
  const log = createLogMessageFactory();
  return replayServerMessages([
    log('session_started', {
      sessionId: 'session-1',
      recallSetId: 'set-1',
      recallSetName: 'Cells',
      totalPoints: 1,
      recalledCount: 0,
      resumed: false,
    }),
    log('session_complete_overlay', {
      message: 'Done',
      recalledCount: 1,
      totalPoints: 1,
      durationMs: 1,
    }),
    log('rabbithole_detected', {
      rabbitholeEventId: 'rh-1',
      topic: 't',
      label: 'l',
      triggerMessageContent: 'x',
    }),
  ]);
}

describe('applyOutgoingMessage', () => {
  test('a user message appears at once as pending and is an implicit decline', () => {
    const state = promptedWithOverlay();
    const after = applyOutgoingMessage(state, {
      type: 'user_message',
      content: 'Hello',
      clientMessageId: 'c-1',
    });
    expect(after.messages).toEqual([
      { id: 'c-1', role: 'user', content: 'Hello', status: 'pending', clientMessageId: 'c-1' },
    ]);
    expect(after.rabbitholePrompt).toBeNull();
    expect(after.completionOverlay).toBeNull();
    expect(after.lastSeq).toBe(state.lastSeq);
    // Sending the same command again (an outbox resend) adds nothing.
    expect(
      applyOutgoingMessage(after, {
        type: 'user_message',
        content: 'Hello',
        clientMessageId: 'c-1',
      }),
    ).toBe(after);
  });

  test('entering or declining a rabbit hole clears the prompt', () => {
    const state = promptedWithOverlay();
    const entered = applyOutgoingMessage(state, {
      type: 'enter_rabbithole',
      rabbitholeEventId: 'rh-1',
      topic: 't',
      clientMessageId: 'c-1',
    });
    const declined = applyOutgoingMessage(state, {
      type: 'decline_rabbithole',
      clientMessageId: 'c-2',
    });
    for (const after of [entered, declined]) {
      expect(after.rabbitholePrompt).toBeNull();
      expect(after.completionOverlay).not.toBeNull();
    }
    expect(
      applyOutgoingMessage(declined, { type: 'decline_rabbithole', clientMessageId: 'c-3' }),
    ).toBe(declined);
  });

  test('dismiss_overlay hides the overlay', () => {
    const state = promptedWithOverlay();
    const after = applyOutgoingMessage(state, { type: 'dismiss_overlay', clientMessageId: 'c-1' });
    expect(after.completionOverlay).toBeNull();
    expect(after.rabbitholePrompt).not.toBeNull();
    expect(applyOutgoingMessage(after, { type: 'dismiss_overlay', clientMessageId: 'c-2' })).toBe(
      after,
    );
  });

  test('commands that wait for the server change nothing locally', () => {
    const state = promptedWithOverlay();
    for (const type of ['leave_session', 'exit_rabbithole', 'ping'] as const) {
      expect(applyOutgoingMessage(state, { type, clientMessageId: 'c-1' })).toBe(state);
    }
    const initial = createInitialClientState();
    expect(
      applyOutgoingMessage(initial, { type: 'decline_rabbithole', clientMessageId: 'c' }),
    ).toBe(initial);
  });
});
