import { RecallError } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

async function refusal(attempt: Promise<unknown>): Promise<RecallError> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!RecallError.isInstance(error)) throw new Error(`expected a RecallError, got ${error}`);
  return error;
}

describe('bounded pending work per session (X21)', () => {
  test('a third message while one turn runs and one waits is refused before it is stored; it is taken once the running turn ends', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { text: 'First reply.', latencyMs: 150 }, 'Second reply.'] },
    });
    const { sessionId } = await h.start();
    await h.engine.sendUserMessage(sessionId, 'one', { clientMessageId: 'c1' });
    const second = h.engine.sendUserMessage(sessionId, 'two', { clientMessageId: 'c2' });

    const busy = await refusal(
      h.engine.sendUserMessage(sessionId, 'three', { clientMessageId: 'c3' }),
    );
    expect(busy).toMatchObject({ code: 'SESSION_BUSY', retryable: true });
    expect(busy.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    const stored = async () =>
      ofType(await h.events(sessionId), 'user_message').map((event) => event.data.content);
    expect(await stored()).toEqual(['one']);

    // A resend of a stored message is still answered (duplicate), busy or not.
    await expect(
      h.engine.sendUserMessage(sessionId, 'one', { clientMessageId: 'c1' }),
    ).resolves.toMatchObject({ status: 'duplicate' });

    // The running turn ends, the queued one runs: there is room for one more.
    await second;
    await expect(
      h.engine.sendUserMessage(sessionId, 'three', { clientMessageId: 'c3' }),
    ).resolves.toMatchObject({ status: 'accepted' });
    await h.engine.whenIdle(sessionId);
    expect(await stored()).toEqual(['one', 'two', 'three']);
    const replies = ofType(await h.events(sessionId), 'assistant_message');
    expect(replies).toHaveLength(4);
  });

  test('retryAfterMs estimates what is left of the running turn from the turns this engine timed', async () => {
    let tutorCalls = 0;
    const h = await createHarness({
      script: {
        tutor: () => {
          tutorCalls += 1;
          // The first learner turn takes 10 s on the engine's clock; the next one has run
          // for 4 s when the refused message arrives.
          if (tutorCalls === 2) h.advance(10_000);
          if (tutorCalls === 3) {
            h.advance(4_000);
            return { text: 'Slow reply.', latencyMs: 100 };
          }
          return 'Reply.';
        },
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'timed turn');
    await h.engine.sendUserMessage(sessionId, 'running');
    const queued = h.engine.sendUserMessage(sessionId, 'queued');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await refusal(h.engine.sendUserMessage(sessionId, 'refused'));
    expect(busy.retryAfterMs).toBe(6_000);
    await queued;
    await h.engine.whenIdle(sessionId);
  });

  test("another node's running turn counts: a node with one message waiting refuses the next", async () => {
    const a = await createHarness({
      idPrefix: 'a',
      script: { tutor: ['Opening?', { text: 'A reply.', latencyMs: 150 }] },
    });
    const b = await createHarness({ idPrefix: 'b', storage: a.storage });
    const { sessionId } = await a.start();
    await a.engine.sendUserMessage(sessionId, 'to node A');

    // Node B sees A's open turn in the log: its first message waits behind it...
    const waiting = b.engine.sendUserMessage(sessionId, 'first to node B');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // ...and a second one would be a third pending turn.
    const busy = await refusal(b.engine.sendUserMessage(sessionId, 'second to node B'));
    expect(busy.code).toBe('SESSION_BUSY');

    await waiting;
    await Promise.all([a.engine.whenIdle(sessionId), b.engine.whenIdle(sessionId)]);
    const messages = ofType(await a.events(sessionId), 'user_message');
    expect(messages.map((event) => event.data.content)).toEqual(['to node A', 'first to node B']);
  });

  test('a session whose clients have gone still answers what it stored, and no more', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { text: 'Reply one.', latencyMs: 50 }, 'Reply two.'] },
    });
    const { sessionId } = await h.start();
    // A flood from a client that then disconnects: only two messages are ever taken.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        h.engine.sendUserMessage(sessionId, `flood ${index}`, { clientMessageId: `f${index}` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(
      outcomes.filter(
        (outcome) => outcome.status === 'rejected' && outcome.reason.code === 'SESSION_BUSY',
      ),
    ).toHaveLength(18);
    await h.engine.whenIdle(sessionId);
    const events = await h.events(sessionId);
    expect(ofType(events, 'user_message')).toHaveLength(2);
    // Both stored messages were answered (greeting + two replies) and nothing else ran.
    expect(ofType(events, 'assistant_message')).toHaveLength(3);
    expect(h.llm.requestsOf('tutor')).toHaveLength(3);
  });
});
