import { describe, expect, test } from 'vitest';
import type { ServerMessage } from '../protocol/server-messages';
import { createSessionPersistence, type ClientStorage } from './session-persistence';
import { createSessionStore } from './session-store';

function memoryStorage(): ClientStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function store(storage: ClientStorage | null = null) {
  return createSessionStore({
    persistence: createSessionPersistence(storage, 'key'),
    sessionId: undefined,
    forRecallSet: true,
  });
}

const started: ServerMessage = {
  type: 'session_started',
  seq: 1,
  sessionId: 's1',
  recallSetId: 'set',
  recallSetName: 'Set',
  totalPoints: 3,
  recalledCount: 0,
  resumed: false,
  openingMessage: '',
};
const complete = (seq: number, responseId: string): ServerMessage => ({
  type: 'assistant_complete',
  seq,
  responseId,
  fullContent: `reply ${responseId}`,
  totalChunks: 1,
});
const echo = (seq: number, clientMessageId: string, content: string): ServerMessage => ({
  type: 'user_message',
  seq,
  content,
  clientMessageId,
});

const lines = (value: ReturnType<typeof store>) =>
  value.state.messages.map((message) => `${message.role}:${message.content}:${message.status}`);

describe('createSessionStore', () => {
  test('unconfirmed lines stay after every logged line, so the final order is the log order', () => {
    const subject = store();
    subject.receive(started);
    subject.issue({ type: 'user_message', content: 'mine', clientMessageId: 'm1' });
    subject.commit();
    // Another tab's line and an older response arrive before ours is confirmed.
    subject.receive(echo(2, 'other', 'theirs'));
    subject.receive(complete(3, 'r1'));
    subject.commit();
    expect(lines(subject)).toEqual([
      'user:theirs:sent',
      'assistant:reply r1:complete',
      'user:mine:pending',
    ]);
    subject.receive({ type: 'ack', clientMessageId: 'm1' });
    subject.commit();
    expect(lines(subject).at(-1)).toBe('user:mine:sent');
    expect(subject.outbox).toEqual([]);
    subject.receive(echo(4, 'm1', 'mine'));
    subject.commit();
    expect(lines(subject)).toEqual([
      'user:theirs:sent',
      'assistant:reply r1:complete',
      'user:mine:sent',
    ]);
    expect(subject.state).toBe(subject.serverState);
  });

  test('a rate-limited command stays pending and queued; another rejection fails it until requeued', () => {
    const subject = store();
    subject.receive(started);
    subject.issue({ type: 'user_message', content: 'a', clientMessageId: 'a' });
    subject.receive({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'slow down',
      retryAfterMs: 10,
      clientMessageId: 'a',
    });
    subject.commit();
    expect(lines(subject)).toEqual(['user:a:pending']);
    expect(subject.outbox).toHaveLength(1);
    subject.receive({
      type: 'error',
      code: 'SESSION_ENDED',
      message: 'paused',
      clientMessageId: 'a',
    });
    subject.commit();
    expect(lines(subject)).toEqual(['user:a:failed']);
    expect(subject.state.messages[0]?.error).toMatchObject({ code: 'SESSION_ENDED' });
    expect(subject.outbox).toEqual([]);
    subject.requeueFailed();
    subject.commit();
    expect(lines(subject)).toEqual(['user:a:pending']);
    expect(subject.outbox).toEqual([{ type: 'user_message', content: 'a', clientMessageId: 'a' }]);
  });

  test('persists the session and outbox, restores them, and forgets a paused session of a set', () => {
    const storage = memoryStorage();
    const first = store(storage);
    first.receive(started);
    first.issue({ type: 'user_message', content: 'unsent', clientMessageId: 'u1' });
    first.commit();
    const restored = store(storage);
    expect(restored.sessionId).toBe('s1');
    expect(restored.fromPersistence).toBe(true);
    expect(lines(restored)).toEqual(['user:unsent:pending']);
    restored.receive({ type: 'ack', clientMessageId: 'u1' });
    restored.receive({
      type: 'session_paused',
      seq: 2,
      sessionId: 's1',
      recalledCount: 0,
      totalPoints: 3,
    });
    restored.commit();
    expect(storage.values.size).toBe(0);
  });

  test('restart forgets the state (and optionally the session); the unconfirmed lines survive', () => {
    const subject = store();
    subject.receive(started);
    subject.receive(complete(2, 'r1'));
    subject.issue({ type: 'user_message', content: 'keep me', clientMessageId: 'k' });
    subject.restart({ keepSession: true });
    subject.commit();
    expect(subject.serverState.lastSeq).toBe(0);
    expect(subject.sessionId).toBe('s1');
    expect(lines(subject)).toEqual(['user:keep me:pending']);
    subject.restart({ keepSession: false });
    expect(subject.sessionId).toBeNull();
  });
});
