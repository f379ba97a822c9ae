import { describe, expect, test } from 'vitest';
import {
  fold,
  overlay,
  rabbithole,
  recalled,
  startedSession,
} from '../../test/fixtures/client-state-session';
import type { ServerMessage } from '../protocol/server-messages';
import { applyOutgoingMessage } from './outgoing';
import { reduceClientState } from './reduce-client-state';

describe('reduceClientState: learner messages', () => {
  test('ack marks the pending message sent; an unknown ack changes nothing', () => {
    const { state } = startedSession();
    const pending = applyOutgoingMessage(state, {
      type: 'user_message',
      content: 'ATP',
      clientMessageId: 'c-1',
    });
    expect(pending.messages).toEqual([
      { id: 'c-1', role: 'user', content: 'ATP', status: 'pending', clientMessageId: 'c-1' },
    ]);
    const acked = reduceClientState(pending, { type: 'ack', clientMessageId: 'c-1' });
    expect(acked.messages[0]?.status).toBe('sent');
    expect(reduceClientState(acked, { type: 'ack', clientMessageId: 'c-1' })).toBe(acked);
    expect(reduceClientState(acked, { type: 'ack', clientMessageId: 'c-unknown' })).toBe(acked);
  });

  test('a history user_message reconciles the optimistic line instead of duplicating it', () => {
    const { log, state } = startedSession();
    const pending = applyOutgoingMessage(state, {
      type: 'user_message',
      content: 'ATP',
      clientMessageId: 'c-1',
    });
    const stored = log('user_message', { content: 'ATP', clientMessageId: 'c-1' });
    const reconciled = reduceClientState(pending, stored);
    expect(reconciled.messages).toEqual([
      { id: 'c-1', role: 'user', content: 'ATP', status: 'sent', clientMessageId: 'c-1' },
    ]);
    // The ack may come after; it changes nothing then.
    expect(reduceClientState(reconciled, { type: 'ack', clientMessageId: 'c-1' })).toBe(reconciled);
  });

  test('history user messages from elsewhere are appended in order', () => {
    const { log, state } = startedSession();
    const after = fold(state, [
      log('user_message', { content: 'from another tab' }),
      log('user_message', { content: 'again', clientMessageId: 'x-2' }),
    ]);
    expect(after.messages).toEqual([
      { id: 'user-2', role: 'user', content: 'from another tab', status: 'sent' },
      { id: 'x-2', role: 'user', content: 'again', status: 'sent', clientMessageId: 'x-2' },
    ]);
  });

  test('a history user message answers a pending prompt and hides the overlay', () => {
    const { log, state } = startedSession();
    const prompted = fold(state, [
      log('session_complete_overlay', overlay),
      log('rabbithole_detected', { ...rabbithole, triggerMessageContent: 'x' }),
    ]);
    const after = reduceClientState(prompted, log('user_message', { content: 'go on' }));
    expect(after.rabbitholePrompt).toBeNull();
    expect(after.completionOverlay).toBeNull();
  });

  test('an error for a pending message marks it failed and keeps it for a retry', () => {
    const { state } = startedSession();
    const pending = applyOutgoingMessage(state, {
      type: 'user_message',
      content: 'ATP',
      clientMessageId: 'c-1',
    });
    const error = {
      type: 'error' as const,
      code: 'RATE_LIMITED' as const,
      message: 'Slow down.',
      retryAfterMs: 100,
      clientMessageId: 'c-1',
    };
    const failed = reduceClientState(pending, error);
    expect(failed.messages[0]).toMatchObject({
      status: 'failed',
      content: 'ATP',
      error: { code: 'RATE_LIMITED', retryAfterMs: 100 },
    });
    expect(failed.lastError).toEqual({
      code: 'RATE_LIMITED',
      message: 'Slow down.',
      retryAfterMs: 100,
      clientMessageId: 'c-1',
    });
    expect(failed.status).toBe('active');
    const retried = applyOutgoingMessage(failed, {
      type: 'user_message',
      content: 'ATP',
      clientMessageId: 'c-1',
    });
    expect(retried.messages).toHaveLength(1);
    expect(retried.messages[0]).toEqual({
      id: 'c-1',
      role: 'user',
      content: 'ATP',
      status: 'pending',
      clientMessageId: 'c-1',
    });
    expect(
      reduceClientState(retried, { type: 'ack', clientMessageId: 'c-1' }).messages[0]?.status,
    ).toBe('sent');
  });

  test('an error for a message already sent does not un-send it', () => {
    const { state } = startedSession();
    const sent = reduceClientState(
      applyOutgoingMessage(state, { type: 'user_message', content: 'ATP', clientMessageId: 'c-1' }),
      { type: 'ack', clientMessageId: 'c-1' },
    );
    const after = reduceClientState(sent, {
      type: 'error',
      code: 'LLM_TIMEOUT',
      message: 'slow',
      clientMessageId: 'c-1',
    });
    expect(after.messages[0]?.status).toBe('sent');
  });

  test('fatal errors put the session in error; others do not', () => {
    const { state } = startedSession();
    expect(
      reduceClientState(state, { type: 'error', code: 'FORBIDDEN', message: 'no' }).status,
    ).toBe('error');
    expect(
      reduceClientState(state, { type: 'error', code: 'SESSION_NOT_FOUND', message: 'no' }).status,
    ).toBe('error');
    expect(
      reduceClientState(state, { type: 'error', code: 'INVALID_MESSAGE', message: 'bad' }).status,
    ).toBe('active');
  });
});

describe('reduceClientState: purity', () => {
  test('never mutates its input', () => {
    const { log, state } = startedSession();
    const prompted = applyOutgoingMessage(
      fold(state, [log('rabbithole_detected', { ...rabbithole, triggerMessageContent: 'x' })]),
      { type: 'user_message', content: 'ATP', clientMessageId: 'c-1' },
    );
    const frozen = structuredClone(prompted);
    const messages: ServerMessage[] = [
      { type: 'assistant_chunk', responseId: 'r1', index: 0, text: 'Hi' },
      { type: 'ack', clientMessageId: 'c-1' },
      log('rabbithole_entered', rabbithole),
      log('recall_point_recalled', recalled('p1', 1)),
      { type: 'error', code: 'LLM_INTERRUPTED', message: 'cut' },
    ];
    let current = prompted;
    for (const message of messages) {
      const snapshot = structuredClone(current);
      const next = reduceClientState(current, message);
      expect(current).toEqual(snapshot);
      expect(next).not.toBe(current);
      current = next;
    }
    expect(prompted).toEqual(frozen);
  });
});
