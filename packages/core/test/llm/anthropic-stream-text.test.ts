import type { LLMStreamPart } from '@recall/core';
import type { LLMCallKind } from '../../src/llm/llm-adapter';
import {
  ANTHROPIC_DEFAULT_JUDGE_MODEL,
  ANTHROPIC_DEFAULT_TUTOR_MODEL,
} from '@recall/core/llm/anthropic';
import { describe, expect, test, vi } from 'vitest';
import { deltaTexts, drain, TUTOR_CALL as CALL, testLLM, useMessagesApi } from './use-messages-api';

// The streamed answer. Cancellation and configuration: anthropic-stream-text-options.test.ts.
const api = useMessagesApi();

describe('streamText', () => {
  test('yields text deltas as they arrive, then one finish with the full text', async () => {
    const mock = api.mock({
      replies: [{ type: 'text', text: ['Plants ', 'turn light ', 'into sugar.'] }],
      chunkDelayMs: 60,
    });
    const parts: LLMStreamPart[] = [];
    for await (const part of testLLM().streamText(CALL)) parts.push(part);
    expect(deltaTexts(parts)).toEqual(['Plants ', 'turn light ', 'into sugar.']);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      text: 'Plants turn light into sugar.',
      finishReason: 'end_turn',
    });
    expect(parts.filter((part) => part.type === 'finish')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]?.aborted).toBe(false);
    expect(mock.requests[0]?.completedAt).toBeGreaterThanOrEqual(
      mock.requests[0]!.receivedAt + 100,
    );
  });

  test('the first delta arrives while the rest is still being generated', async () => {
    // The later chunks are a minute away: a client that waited for the whole body would time
    // the test out, one that streams sees the first delta and stops reading (no clock read).
    const mock = api.mock({
      replies: [{ type: 'text', text: ['Plants ', 'turn light ', 'into sugar.'] }],
      chunkDelayMs: 60_000,
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    for await (const part of testLLM().streamText({ ...CALL, signal: controller.signal })) {
      if (part.type !== 'text-delta') continue;
      deltas.push(part.text);
      controller.abort();
      break;
    }
    expect(deltas).toEqual(['Plants ']);
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
  });
  test('reports usage with cache counts, taking the last cumulative output count', async () => {
    api.mock({
      replies: [
        {
          type: 'text',
          text: 'Cached answer.',
          usage: {
            inputTokens: 120,
            outputTokens: 42,
            cacheReadTokens: 3000,
            cacheWriteTokens: 250,
          },
        },
      ],
    });
    const { parts } = await drain(testLLM().streamText(CALL));
    // message_start reports output_tokens 1 and message_delta 42 (cumulative): 42, not 43.
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      usage: { inputTokens: 120, outputTokens: 42, cacheReadTokens: 3000, cacheWriteTokens: 250 },
    });
  });

  test('ignores pings and unknown events and keeps the last cumulative usage', async () => {
    const start = {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: 10,
          output_tokens: 1,
          cache_read_input_tokens: 5,
          cache_creation_input_tokens: 0,
        },
      },
    };
    const delta = (text: string) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    });
    api.mock({
      replies: [
        {
          type: 'sse',
          events: [
            { event: 'message_start', data: start },
            { event: 'ping', data: { type: 'ping' } },
            {
              event: 'content_block_start',
              data: {
                type: 'content_block_start',
                index: 0,
                content_block: { type: 'text', text: '' },
              },
            },
            delta('One '),
            { event: 'foo_bar', data: { type: 'foo_bar', surprise: true } },
            { event: 'ping', data: { type: 'ping' } },
            delta('two.'),
            { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
            {
              event: 'message_delta',
              data: {
                type: 'message_delta',
                delta: { stop_reason: null, stop_sequence: null },
                usage: { output_tokens: 3 },
              },
            },
            {
              event: 'message_delta',
              data: {
                type: 'message_delta',
                delta: { stop_reason: 'max_tokens', stop_sequence: null },
                usage: { output_tokens: 7 },
              },
            },
            { event: 'message_stop', data: { type: 'message_stop' } },
          ],
        },
      ],
    });
    const { parts, error } = await drain(testLLM().streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      text: 'One two.',
      finishReason: 'max_tokens',
      usage: { inputTokens: 10, outputTokens: 7, cacheReadTokens: 5, cacheWriteTokens: 0 },
    });
  });

  test.each([
    ['end_turn', 'end_turn'],
    ['max_tokens', 'max_tokens'],
    ['model_context_window_exceeded', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['refusal', 'refusal'],
    ['pause_turn', 'other'],
    ['a_reason_from_the_future', 'other'],
  ])('maps stop reason %s to %s', async (stopReason, finishReason) => {
    api.mock({ replies: [{ type: 'text', text: 'Done.', stopReason }] });
    const { parts } = await drain(testLLM().streamText(CALL));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason });
  });

  test.each<[LLMCallKind, string]>([
    ['tutor', ANTHROPIC_DEFAULT_TUTOR_MODEL],
    ['rabbithole', ANTHROPIC_DEFAULT_TUTOR_MODEL],
    ['evaluator', ANTHROPIC_DEFAULT_JUDGE_MODEL],
    ['detector', ANTHROPIC_DEFAULT_JUDGE_MODEL],
    ['transcript', ANTHROPIC_DEFAULT_JUDGE_MODEL],
    ['terms', ANTHROPIC_DEFAULT_JUDGE_MODEL],
  ])('sends %s calls to %s by default', async (kind, model) => {
    const mock = api.mock();
    await drain(testLLM().streamText({ ...CALL, kind }));
    expect(mock.requests[0]?.body.model).toBe(model);
  });

  test('uses configured models, output limits and per-call settings', async () => {
    const mock = api.mock();
    const llm = testLLM({
      models: { tutor: 'claude-opus-5-5', judge: 'claude-haiku-4-5' },
      maxOutputTokens: { judge: 300 },
    });
    await drain(llm.streamText({ ...CALL, maxOutputTokens: 77, temperature: 0.2 }));
    await drain(llm.streamText({ ...CALL, kind: 'detector' }));
    expect(mock.requests[0]?.body).toMatchObject({
      model: 'claude-opus-5-5',
      max_tokens: 77,
      temperature: 0.2,
    });
    expect(mock.requests[1]?.body).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 300 });
    expect(mock.requests[1]?.body).not.toHaveProperty('temperature');
  });

  test('keeps concurrent calls apart: each request carries only its own prompt', async () => {
    const mock = api.mock({ chunkDelayMs: 10 });
    const llm = testLLM();
    await Promise.all([
      drain(
        llm.streamText({
          kind: 'tutor',
          system: 'Tutor A',
          messages: [{ role: 'user', content: 'A?' }],
        }),
      ),
      drain(
        llm.streamText({
          kind: 'evaluator',
          system: 'Judge B',
          messages: [{ role: 'user', content: 'B?' }],
        }),
      ),
    ]);
    const bodies = mock.requests.map((request) => request.rawBody);
    expect(bodies).toHaveLength(2);
    const tutor = bodies.find((body) => body.includes('Tutor A'))!;
    const judge = bodies.find((body) => body.includes('Judge B'))!;
    expect(tutor).not.toContain('Judge B');
    expect(tutor).not.toContain('B?');
    expect(judge).not.toContain('Tutor A');
    expect(judge).not.toContain('A?');
  });
});
