import { RecallError } from '@recall/core';
import { describe, expect, test, vi } from 'vitest';
import { EMPTY_USAGE } from '../../src/llm/llm-adapter';
import { deltaTexts, drain, TUTOR_MODEL, useChatCompletions } from './use-chat-completions';

// The AI SDK adapter's streamed text, over a real HTTP server speaking Chat Completions.
const api = useChatCompletions();
const CALL = {
  kind: 'tutor',
  system: 'You are a Socratic tutor.',
  messages: [{ role: 'user', content: 'Explain tides.' }],
} as const;

describe('streamText over the Chat Completions wire format', () => {
  test('streams real token deltas, then one finish with the text, reason and usage', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'text',
          text: ['The ', 'moon ', 'pulls ', 'the ', 'sea.'],
          usage: { promptTokens: 120, completionTokens: 5 },
        },
      ],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(error).toBeUndefined();
    expect(deltaTexts(parts)).toEqual(['The ', 'moon ', 'pulls ', 'the ', 'sea.']);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      text: 'The moon pulls the sea.',
      finishReason: 'end_turn',
      usage: { inputTokens: 120, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    expect(parts.filter((part) => part.type === 'finish')).toHaveLength(1);
  });

  test('sends one streaming request: the tutor model, system first, stream usage asked for', async () => {
    const standIn = await api.mock();
    await drain(standIn.llm().streamText({ ...CALL, maxOutputTokens: 300, temperature: 0.7 }));
    expect(standIn.requests).toHaveLength(1);
    const { body, headers } = standIn.requests[0]!;
    expect(body).toMatchObject({
      model: TUTOR_MODEL,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 300,
      temperature: 0.7,
      messages: [
        { role: 'system', content: 'You are a Socratic tutor.' },
        { role: 'user', content: 'Explain tides.' },
      ],
    });
    expect(body).not.toHaveProperty('response_format');
    expect(headers.authorization).toBe('Bearer sk-test');
  });

  test('the first delta arrives while the rest is still being generated', async () => {
    // The later chunks are a minute away: a client that waited for the whole body would time
    // the test out, one that streams sees the first delta and stops reading (no clock read).
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['First ', 'second ', 'third'] }],
      chunkDelayMs: 60_000,
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    for await (const part of standIn.llm().streamText({ ...CALL, signal: controller.signal })) {
      if (part.type !== 'text-delta') continue;
      deltas.push(part.text);
      controller.abort();
      break;
    }
    expect(deltas).toEqual(['First ']);
  });

  test('a provider without stream usage reports zero usage, not a failure', async () => {
    const standIn = await api.mock({ replies: [{ type: 'text', text: 'Fine.' }] });
    const { parts } = await drain(standIn.llm({ includeUsage: false }).streamText(CALL));
    expect(standIn.requests[0]!.body).not.toHaveProperty('stream_options');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'Fine.', usage: EMPTY_USAGE });
  });

  test('cached prompt tokens are reported apart from the uncached input', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: 'Yes.', usage: { promptTokens: 2000, cachedTokens: 1536 } }],
    });
    const { parts } = await drain(standIn.llm().streamText(CALL));
    expect(parts.at(-1)).toMatchObject({
      usage: { inputTokens: 464, cacheReadTokens: 1536, cacheWriteTokens: 0 },
    });
  });

  test.each([
    ['length', 'max_tokens'],
    ['stop', 'end_turn'],
    ['tool_calls', 'other'],
    ['something_new', 'other'],
  ])('finish_reason %s maps to %s', async (finishReason, expected) => {
    const standIn = await api.mock({ replies: [{ type: 'text', text: 'Cut', finishReason }] });
    const { parts } = await drain(standIn.llm().streamText(CALL));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: expected });
  });

  test('calls are stateless: concurrent calls never see each other’s prompts', async () => {
    const standIn = await api.mock({
      replies: (request) => ({
        type: 'text',
        text: `echo ${JSON.stringify(request.body.messages.at(-1)?.content)}`,
      }),
    });
    const llm = standIn.llm();
    const [a, b] = await Promise.all([
      drain(llm.streamText({ ...CALL, system: 'A', messages: [{ role: 'user', content: 'one' }] })),
      drain(llm.streamText({ ...CALL, system: 'B', messages: [{ role: 'user', content: 'two' }] })),
    ]);
    expect(a.parts.at(-1)).toMatchObject({ text: 'echo "one"' });
    expect(b.parts.at(-1)).toMatchObject({ text: 'echo "two"' });
    const systems = standIn.requests.map((request) => request.body.messages[0]?.content).sort();
    expect(systems).toEqual(['A', 'B']);
  });

  test('aborting mid-stream ends the call as ABORTED and closes the request', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['One ', 'two ', 'three ', 'four'] }],
      chunkDelayMs: 200,
    });
    const controller = new AbortController();
    const parts = [];
    let caught: unknown;
    try {
      for await (const part of standIn.llm().streamText({ ...CALL, signal: controller.signal })) {
        parts.push(part);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(deltaTexts(parts)).toEqual(['One ']);
    expect(RecallError.isInstance(caught) && caught.code).toBe('ABORTED');
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
    expect(standIn.requests).toHaveLength(1);
  });

  test('an already aborted signal sends nothing', async () => {
    const standIn = await api.mock();
    const { error } = await drain(
      standIn.llm().streamText({ ...CALL, signal: AbortSignal.abort() }),
    );
    expect(RecallError.isInstance(error) && error.code).toBe('ABORTED');
    expect(standIn.requests).toHaveLength(0);
  });

  test('an empty system prompt is left out; no messages is LLM_BAD_REQUEST before any request', async () => {
    const standIn = await api.mock();
    await drain(standIn.llm().streamText({ ...CALL, system: '' }));
    expect(standIn.requests[0]!.body.messages).toEqual([
      { role: 'user', content: 'Explain tides.' },
    ]);
    const { error } = await drain(standIn.llm().streamText({ ...CALL, messages: [] }));
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_BAD_REQUEST');
    expect(standIn.requests).toHaveLength(1);
  });
});
