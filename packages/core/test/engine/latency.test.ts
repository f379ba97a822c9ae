import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness } from './harness';

describe('latency and ordering', () => {
  test("the tutor's first token does not wait for the judges", async () => {
    const h = await createHarness({
      config: { detectionWarmupExchanges: 0 },
      script: {
        tutor: ['Opening?', { text: 'What happens next in the cell?', chunkDelayMs: 5 }],
        evaluator: [scriptEvaluation({ recalled: ['p1'], latencyMs: 80 })],
        detector: [
          {
            object: {
              isRabbithole: false,
              topic: '',
              label: '',
              relatedPointIds: [],
              certainty: 0.9,
              reasoning: '',
            },
            latencyMs: 80,
          },
        ],
      },
    });
    const { sessionId } = await h.start();
    const log: string[] = [];
    h.engine.on('delta', (delta) => log.push(`delta:${delta.index}`));
    h.engine.on('event', (event) => log.push(event.type));
    await h.say(sessionId, 'ATP synthase');
    expect(log.indexOf('delta:0')).toBeLessThan(log.indexOf('recall_point_recalled'));
    // Recall events come before the end of the stream, even with a slow judge.
    expect(log.indexOf('recall_point_recalled')).toBeLessThan(
      log.indexOf('assistant_streaming_end'),
    );
    expect(log.slice(0, 2)).toEqual(['user_message', 'assistant_streaming_start']);
    expect(log.at(-1)).toBe('assistant_message');
  });

  test('judge and tutor calls all start before the tutor finishes', async () => {
    const h = await createHarness({
      config: { detectionWarmupExchanges: 0 },
      script: { tutor: ['Opening?', { text: 'Slow reply', latencyMs: 40 }] },
    });
    const { sessionId } = await h.start();
    const result = h.engine.sendUserMessage(sessionId, 'hello');
    await result;
    await new Promise((resolve) => setTimeout(resolve, 10));
    // While the tutor is still waiting on its first token, all three calls are in flight.
    expect(
      h.llm.requests
        .map((request) => request.kind)
        .slice(1)
        .sort(),
    ).toEqual(['detector', 'evaluator', 'tutor']);
    expect((await h.engine.getSessionState(sessionId)).response).not.toBeNull();
    await h.engine.whenIdle(sessionId);
    expect((await h.engine.getSessionState(sessionId)).response).toBeNull();
  });

  test('the command resolves when the message is stored, before the reply', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { text: 'Reply', latencyMs: 30 }] },
    });
    const { sessionId } = await h.start();
    const result = await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'c1' });
    expect(result).toEqual({ status: 'accepted', sessionId, lastSeq: 6 });
    expect((await h.types(sessionId)).slice(-2)).toEqual([
      'user_message',
      'assistant_streaming_start',
    ]);
    await h.engine.whenIdle(sessionId);
    expect((await h.types(sessionId)).slice(-2)).toEqual([
      'assistant_streaming_end',
      'assistant_message',
    ]);
  });
});
