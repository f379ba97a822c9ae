import { createAnthropic } from '@ai-sdk/anthropic';
import type { LLMMessage } from '@recall/core';
import { createAiSdkLLM } from '@recall/core/llm/ai-sdk';
import { type MessagesApiServer, startMessagesApiServer } from '@recall/core/testing';
import { afterEach, describe, expect, test } from 'vitest';
import * as z from 'zod';
import { drain, useChatCompletions } from './use-chat-completions';

// Prompt caching through the AI SDK: Anthropic breakpoints via @ai-sdk/anthropic provider
// options (against the Messages API stand-in), and a byte-stable prefix that OpenAI's
// automatic prefix caching reads (against the Chat Completions stand-in).
const chat = useChatCompletions();
const SYSTEM = `You are a patient tutor. Recall set: photosynthesis.\n${'Context line.\n'.repeat(400)}`;

/** The conversation after `turns` full turns, plus the per-turn message the engine adds last. */
function conversation(turns: number): LLMMessage[] {
  const messages: LLMMessage[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({
      role: 'user',
      content: `Learner answer ${turn}: ${'detail '.repeat(turn * 3)}`,
    });
    if (turn < turns) messages.push({ role: 'assistant', content: `Tutor reply ${turn}. More?` });
  }
  const last = messages.pop()!;
  messages.push({ ...last, content: `${last.content}\n[Unchecked points: ${turns}]` });
  return messages;
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

describe('Anthropic through @ai-sdk/anthropic', () => {
  let messagesApi: MessagesApiServer | undefined;
  afterEach(async () => {
    await messagesApi?.close();
    messagesApi = undefined;
  });

  function anthropicLLM(url: string, options: { promptCaching?: boolean } = {}) {
    const anthropic = createAnthropic({ apiKey: 'sk-ant-test', baseURL: `${url}/v1` });
    return createAiSdkLLM({
      tutor: anthropic('claude-sonnet-5-5'),
      judge: anthropic('claude-haiku-5-5'),
      ...options,
    });
  }

  interface SentBlock {
    type: string;
    text: string;
    cache_control?: unknown;
  }

  test('breakpoints on the system prompt and the end of the stable history, as the Anthropic adapter places them', async () => {
    messagesApi = await startMessagesApiServer({
      replies: [
        {
          type: 'text',
          text: 'Good.',
          usage: { inputTokens: 40, outputTokens: 2, cacheReadTokens: 1500, cacheWriteTokens: 60 },
        },
      ],
    });
    const { parts } = await drain(
      anthropicLLM(messagesApi.url).streamText({
        kind: 'tutor',
        system: SYSTEM,
        messages: conversation(3),
      }),
    );
    const body = messagesApi.requests[0]!.body as {
      model: string;
      system: SentBlock[];
      messages: Array<{ role: string; content: SentBlock[] }>;
    };
    expect(body.model).toBe('claude-sonnet-5-5');
    expect(body.system).toEqual([
      { type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } },
    ]);
    const marked = body.messages.map((message) =>
      message.content.some((block) => block.cache_control !== undefined),
    );
    // Five messages: the breakpoint is on the fourth (the last before the per-turn message).
    expect(marked).toEqual([false, false, false, true, false]);
    // Usage: cache reads and writes apart from the uncached input, as the API reports them.
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      text: 'Good.',
      usage: { inputTokens: 40, outputTokens: 2, cacheReadTokens: 1500, cacheWriteTokens: 60 },
    });
  });

  test('a judge call (one message) caches its system prompt only; promptCaching: false marks nothing', async () => {
    // Only the requests matter here: the stand-in answers both with an error.
    messagesApi = await startMessagesApiServer({
      replies: () => ({ type: 'error', status: 400, message: 'Recorded.' }),
    });
    const call = {
      kind: 'detector',
      system: SYSTEM,
      messages: [{ role: 'user', content: 'Judge this.' }],
      schema: z.object({ ok: z.boolean() }),
      schemaName: 'check',
    } as const;
    for (const promptCaching of [true, false]) {
      await expect(
        anthropicLLM(messagesApi.url, { promptCaching }).generateObject(call),
      ).rejects.toMatchObject({ code: 'LLM_BAD_REQUEST' });
    }
    const [cached, plain] = messagesApi.requests;
    expect(cached!.body.model).toBe('claude-haiku-5-5');
    expect(cached!.body.output_config).toMatchObject({ format: { type: 'json_schema' } });
    expect(cached!.rawBody.match(/"cache_control"/g)).toHaveLength(1);
    expect(cached!.body.system).toEqual([
      { type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } },
    ]);
    expect(plain!.rawBody).not.toContain('cache_control');
  });
});

describe('OpenAI-style automatic prefix caching', () => {
  test('consecutive tutor requests repeat every byte up to the final message, and the cached tokens come back as cache reads', async () => {
    const standIn = await chat.mock();
    const llm = standIn.llm();
    const finishes = [];
    for (const turns of [2, 3, 4, 5]) {
      const { parts } = await drain(
        llm.streamText({ kind: 'tutor', system: SYSTEM, messages: conversation(turns) }),
      );
      finishes.push(parts.at(-1));
    }
    const bodies = standIn.requests.map((request) => request.rawBody);
    for (let index = 1; index < bodies.length; index++) {
      const previous = bodies[index - 1]!;
      // The previous request's prompt up to its final (per-turn) message is repeated verbatim.
      const finalStart = previous.lastIndexOf('{"role":"user"');
      expect(commonPrefixLength(previous, bodies[index]!)).toBeGreaterThanOrEqual(finalStart);
      expect(finishes[index]).toMatchObject({
        usage: { cacheReadTokens: expect.any(Number) },
      });
      const usage = (finishes[index] as { usage: { cacheReadTokens: number } }).usage;
      // The stand-in caches as OpenAI does: 128-token blocks once the prefix reaches 1024.
      expect(usage.cacheReadTokens).toBeGreaterThanOrEqual(1024);
      expect(usage.cacheReadTokens % 128).toBe(0);
    }
    expect(finishes[0]).toMatchObject({ usage: { cacheReadTokens: 0 } });
  });
});
