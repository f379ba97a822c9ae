import { ConcurrencyError, defineRecallSet, type StorageAdapter } from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

describe('concurrent sessions', () => {
  test('20 interleaved sessions: every request carries its own session prompt', async () => {
    const h = await createHarness({
      script: {
        latencyMs: { tutor: 3, evaluator: 5, detector: 2 },
        chunkDelayMs: 1,
        tutor: (request) => ({
          text: `Reply ${request.kindIndex} to ${request.system.match(/<name>(Set \d+)<\/name>/)?.[1]}`,
          latencyMs: (request.kindIndex * 7) % 11,
        }),
        evaluator: (request) => {
          const id = request.messages[0]!.content.match(/id="(s\d+-p1)"/)?.[1];
          return id === undefined
            ? undefined
            : scriptEvaluation({ recalled: [id], latencyMs: (request.kindIndex * 5) % 9 });
        },
      },
    });
    const sessions: Array<{ index: number; sessionId: string }> = [];
    for (let index = 0; index < 20; index += 1) {
      const recallSet = defineRecallSet(
        {
          id: `set-${index}`,
          name: `Set ${index}`,
          points: [
            {
              id: `s${index}-p1`,
              content: `Fact one of set ${index}`,
              context: `Context ${index}`,
            },
            {
              id: `s${index}-p2`,
              content: `Fact two of set ${index}`,
              context: `Context ${index}`,
            },
          ],
        },
        { now: h.clock.now - 1 },
      );
      await h.storage.saveRecallSet(recallSet);
    }
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const { sessionId } = await h.engine.startSession(`set-${index}`);
        sessions.push({ index, sessionId });
      }),
    );
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        sessions.map(({ index, sessionId }) =>
          h.engine.sendUserMessage(sessionId, `learner ${index} round ${round}`),
        ),
      );
    }
    await Promise.all(sessions.map(({ sessionId }) => h.engine.whenIdle(sessionId)));

    const tutorRequests = h.llm.requestsOf('tutor');
    expect(tutorRequests).toHaveLength(20 * 4);
    for (const request of tutorRequests) {
      const setIndex = request.system.match(/<name>Set (\d+)<\/name>/)![1];
      expect(request.system.match(/<name>Set \d+<\/name>/g)).toHaveLength(1);
      const transcript = request.messages.map((message) => message.content).join('\n');
      for (const learner of transcript.matchAll(/learner (\d+) round/g))
        expect(learner[1]).toBe(setIndex);
      for (const reply of transcript.matchAll(/Reply \d+ to Set (\d+)/g))
        expect(reply[1]).toBe(setIndex);
      for (const point of transcript.matchAll(/id="s(\d+)-p\d"/g)) expect(point[1]).toBe(setIndex);
    }
    for (const request of h.llm.requestsOf('evaluator')) {
      const content = request.messages[0]!.content;
      const owners = new Set(
        [...content.matchAll(/(?:id="s|learner )(\d+)/g)].map((match) => match[1]),
      );
      expect(owners.size).toBe(1);
    }
    for (const { index, sessionId } of sessions) {
      const events = await h.events(sessionId);
      expect(ofType(events, 'user_message').map((event) => event.data.content)).toEqual(
        [0, 1, 2].map((round) => `learner ${index} round ${round}`),
      );
      const replies = ofType(events, 'assistant_message').map((event) => event.data.content);
      expect(replies.every((reply) => reply.endsWith(`to Set ${index}`))).toBe(true);
      const state = await h.engine.getSessionState(sessionId);
      expect(state.recalledPointIds).toEqual([`s${index}-p1`]);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, position) => position + 1));
    }
  });

  test('two engines on one storage: the second catches up before each command', async () => {
    const first = await createHarness({ idPrefix: 'a' });
    const second = await createHarness({ storage: first.storage, idPrefix: 'b' });
    const { sessionId } = await first.start();
    await first.say(sessionId, 'from the first node');
    await second.say(sessionId, 'from the second node');
    await first.say(sessionId, 'first again');
    const events = await first.events(sessionId);
    expect(ofType(events, 'user_message').map((event) => event.data.content)).toEqual([
      'from the first node',
      'from the second node',
      'first again',
    ]);
    expect(await first.engine.getSessionState(sessionId)).toEqual(
      await second.engine.getSessionState(sessionId),
    );
  });

  test('an append that loses a race reloads and retries the command', async () => {
    const h = await createHarness({ idPrefix: 'a' });
    const { sessionId } = await h.start();
    // A storage view for a second node whose first append meets a concurrent writer.
    let raced = false;
    const racing: StorageAdapter = {
      ...h.storage,
      async append(id, events, options) {
        if (!raced) {
          raced = true;
          await h.engine.sendUserMessage(sessionId, 'sneaked in');
          await h.engine.whenIdle(sessionId);
          throw new ConcurrencyError(id, options.expectedSeq, await h.storage.lastSeq(id));
        }
        return h.storage.append(id, events, options);
      },
    };
    const other = await createHarness({ storage: racing, idPrefix: 'b' });
    const result = await other.engine.sendUserMessage(sessionId, 'retried');
    await other.engine.whenIdle(sessionId);
    expect(result.status).toBe('accepted');
    const contents = ofType(await h.events(sessionId), 'user_message').map(
      (event) => event.data.content,
    );
    expect(contents).toEqual(['sneaked in', 'retried']);
  });
});
