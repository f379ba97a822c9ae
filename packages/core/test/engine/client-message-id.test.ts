import { RecallError } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

describe('a reused clientMessageId (C4)', () => {
  test('the same id with the same content is acknowledged again, processed once', async () => {
    const h = await createHarness();
    const { sessionId } = await h.start();
    const first = await h.engine.sendUserMessage(sessionId, 'ATP synthase', {
      clientMessageId: 'm-1',
    });
    await h.engine.whenIdle(sessionId);
    const again = await h.engine.sendUserMessage(sessionId, 'ATP synthase', {
      clientMessageId: 'm-1',
    });
    await h.engine.whenIdle(sessionId);
    expect(first.status).toBe('accepted');
    expect(again).toMatchObject({ status: 'duplicate', sessionId });
    expect(ofType(await h.events(sessionId), 'user_message')).toHaveLength(1);
    expect(h.llm.requestsOf('tutor')).toHaveLength(2);
  });

  test('the same id with other content is refused with a typed error; no second turn', async () => {
    const h = await createHarness();
    const { sessionId } = await h.start();
    await h.say(sessionId, 'placeholder');
    await h.engine.sendUserMessage(sessionId, 'ATP synthase', { clientMessageId: 'm-1' });
    await h.engine.whenIdle(sessionId);
    const before = await h.events(sessionId);
    const tutorCalls = h.llm.requestsOf('tutor').length;

    const refused = h.engine.sendUserMessage(sessionId, 'glycolysis instead', {
      clientMessageId: 'm-1',
    });
    await expect(refused).rejects.toSatisfy(
      (error) => RecallError.isInstance(error) && error.code === 'DUPLICATE_CLIENT_MESSAGE_ID',
    );
    await expect(refused).rejects.toMatchObject({ retryable: false });
    await h.engine.whenIdle(sessionId);
    expect(await h.events(sessionId)).toEqual(before);
    expect(h.llm.requestsOf('tutor')).toHaveLength(tutorCalls);

    // The session is intact: a fresh id goes through.
    const next = await h.engine.sendUserMessage(sessionId, 'glycolysis instead', {
      clientMessageId: 'm-2',
    });
    expect(next.status).toBe('accepted');
    await h.engine.whenIdle(sessionId);
    expect(
      ofType(await h.events(sessionId), 'user_message').map((event) => event.data.content),
    ).toEqual(['placeholder', 'ATP synthase', 'glycolysis instead']);
  });

  test('another engine instance compares against the stored message too', async () => {
    const a = await createHarness({ idPrefix: 'a' });
    const b = await createHarness({ storage: a.storage, idPrefix: 'b' });
    const { sessionId } = await a.start();
    await a.say(sessionId, 'unrelated');
    await a.engine.sendUserMessage(sessionId, 'ATP synthase', { clientMessageId: 'm-1' });
    await a.engine.whenIdle(sessionId);
    await expect(
      b.engine.sendUserMessage(sessionId, 'something else', { clientMessageId: 'm-1' }),
    ).rejects.toMatchObject({ code: 'DUPLICATE_CLIENT_MESSAGE_ID' });
    await expect(
      b.engine.sendUserMessage(sessionId, 'ATP synthase', { clientMessageId: 'm-1' }),
    ).resolves.toMatchObject({ status: 'duplicate' });
    expect(ofType(await a.events(sessionId), 'user_message')).toHaveLength(2);
    expect(b.llm.requestsOf('tutor')).toEqual([]);
  });

  test('sent to two instances at once with different content: one turn, the other refused', async () => {
    const a = await createHarness({ idPrefix: 'a', script: { chunkDelayMs: 2 } });
    const b = await createHarness({ storage: a.storage, idPrefix: 'b' });
    const { sessionId } = await a.start();
    await b.engine.getSessionState(sessionId);
    const results = await Promise.allSettled([
      a.engine.sendUserMessage(sessionId, 'ATP synthase', { clientMessageId: 'm-1' }),
      b.engine.sendUserMessage(sessionId, 'glycolysis', { clientMessageId: 'm-1' }),
    ]);
    await Promise.all([a.engine.whenIdle(sessionId), b.engine.whenIdle(sessionId)]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { status: 'accepted' } });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { code: 'DUPLICATE_CLIENT_MESSAGE_ID' },
    });
    const messages = ofType(await a.events(sessionId), 'user_message');
    expect(messages.map((event) => event.data.content)).toEqual(['ATP synthase']);
    expect(b.llm.requestsOf('tutor')).toEqual([]);
  });
});
