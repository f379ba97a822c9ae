import { LLMOutputError, RecallError } from '@recall/core';
import type { ChatCompletionsReply } from '@recall/core/testing/openai';
import { describe, expect, test, vi } from 'vitest';
import * as z from 'zod';
import { JUDGE_MODEL, useChatCompletions } from './use-chat-completions';

// Structured judges over the Chat Completions wire format: native json_schema, JSON mode and
// JSON in plain text, each validated with the same zod schema, with one repair attempt.
const api = useChatCompletions();

const verdictSchema = z.object({
  recalledPointIds: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  feedback: z.string(),
});
const CALL = {
  kind: 'evaluator',
  system: 'Judge which recall points the learner recalled.',
  messages: [{ role: 'user', content: 'Learner: plants make sugar from light.' }],
  schema: verdictSchema,
  schemaName: 'recall_verdict',
} as const;
const GOOD = { recalledPointIds: ['p1'], confidence: 0.9, feedback: 'Good.' };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject.');
}

function messagesOf(request: { body: { messages: unknown[] } }) {
  return request.body.messages as Array<{ role: string; content: string }>;
}

describe('generateObject with native structured output', () => {
  test('sends the judge model a non-streamed request with response_format json_schema', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'json', value: GOOD, usage: { promptTokens: 50, completionTokens: 20 } }],
    });
    const result = await standIn.llm().generateObject(CALL);
    expect(result).toEqual({
      object: GOOD,
      usage: { inputTokens: 50, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    const { body } = standIn.requests[0]!;
    expect(body.model).toBe(JUDGE_MODEL);
    expect(body.stream).toBeUndefined();
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'recall_verdict',
        schema: {
          type: 'object',
          properties: {
            recalledPointIds: { type: 'array' },
            confidence: { type: 'number' },
            feedback: { type: 'string' },
          },
          required: ['recalledPointIds', 'confidence', 'feedback'],
          additionalProperties: false,
        },
      },
    });
    expect(standIn.requests).toHaveLength(1);
  });

  test('repairs malformed JSON once, telling the model what was wrong and the schema; usage summed', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'json',
          raw: '{"recalledPointIds": ["p1"], "confid',
          usage: { promptTokens: 50, completionTokens: 9 },
        },
        { type: 'json', value: GOOD, usage: { promptTokens: 70, completionTokens: 20 } },
      ],
    });
    const result = await standIn.llm().generateObject(CALL);
    expect(result.object).toEqual(GOOD);
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 29 });
    expect(standIn.requests).toHaveLength(2);
    const repair = messagesOf(standIn.requests[1]!);
    expect(repair.slice(0, 2)).toEqual(messagesOf(standIn.requests[0]!));
    expect(repair[2]).toEqual({
      role: 'assistant',
      content: '{"recalledPointIds": ["p1"], "confid',
    });
    expect(repair[3]!.role).toBe('user');
    expect(repair[3]!.content).toMatch(
      /recall_verdict output was rejected: the output is not valid JSON/,
    );
    expect(repair[3]!.content).toContain('"required":["recalledPointIds","confidence","feedback"]');
  });

  test('repairs a schema violation once, naming the failing field', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'json', value: { ...GOOD, confidence: 7 } },
        { type: 'json', value: GOOD },
      ],
    });
    expect((await standIn.llm().generateObject(CALL)).object).toEqual(GOOD);
    expect(messagesOf(standIn.requests[1]!)[3]!.content).toMatch(/schema violation: .*confidence/);
  });

  test('output that stays invalid is an LLMOutputError with the raw output, after two requests', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'json', raw: 'not json' },
        { type: 'json', value: { recalledPointIds: 'p1' } },
        { type: 'json', value: GOOD },
      ],
    });
    const error = await rejection(standIn.llm().generateObject(CALL));
    expect(error).toBeInstanceOf(LLMOutputError);
    expect((error as LLMOutputError).code).toBe('LLM_OUTPUT_INVALID');
    expect((error as LLMOutputError).rawOutput).toBe('{"recalledPointIds":"p1"}');
    expect((error as Error).message).toMatch(/stayed invalid after one repair attempt/);
    expect(standIn.requests).toHaveLength(2);
  });

  test('a reply cut off at the token limit is named as such in the repair request', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'json', raw: '{"recalledPointIds": [', finishReason: 'length' },
        { type: 'json', value: GOOD },
      ],
    });
    await standIn.llm().generateObject(CALL);
    expect(messagesOf(standIn.requests[1]!)[3]!.content).toMatch(
      /cut off at the output token limit/,
    );
  });

  test('a content filter ends the judge call as LLM_CONTENT_FILTERED without a repair', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'json', raw: '', finishReason: 'content_filter' },
        { type: 'json', value: GOOD },
      ],
    });
    const error = await rejection(standIn.llm().generateObject(CALL));
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_CONTENT_FILTERED');
    expect(standIn.requests).toHaveLength(1);
  });

  test('transport failures are retried before any repair: a 429, then the object', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'error', status: 429, retryAfterMs: 5 },
        { type: 'json', value: GOOD },
      ],
    });
    expect((await standIn.llm().generateObject(CALL)).object).toEqual(GOOD);
    expect(standIn.requests).toHaveLength(2);
  });

  test('a 200 whose body is not a completion counts as invalid output: asked again once', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'sse', data: ['garbage'] },
        { type: 'json', value: GOOD },
      ],
    });
    // Not a transport failure: with retries off, the repair path still asks again.
    expect((await standIn.llm({ maxRetries: 0 }).generateObject(CALL)).object).toEqual(GOOD);
    expect(standIn.requests).toHaveLength(2);
  });

  test('a 401 is LLM_AUTH at once', async () => {
    const standIn = await api.mock({ replies: [{ type: 'error', status: 401 }] });
    const error = await rejection(standIn.llm().generateObject(CALL));
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_AUTH');
    expect(standIn.requests).toHaveLength(1);
  });

  test('a judge reply that never comes is cut by timeoutMs (LLM_TIMEOUT, retried, then reported)', async () => {
    const stall: ChatCompletionsReply = { type: 'json', value: GOOD, end: { type: 'stall' } };
    const standIn = await api.mock({ replies: [stall, stall] });
    const started = performance.now();
    const error = await rejection(
      standIn.llm({ timeoutMs: 100, maxRetries: 1 }).generateObject(CALL),
    );
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(standIn.requests).toHaveLength(2);
    await vi.waitFor(() => expect(standIn.requests.every((request) => request.aborted)).toBe(true));
  });

  test('aborting a judge call ends it as ABORTED and closes the request', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'json', value: GOOD }],
      headersDelayMs: 5000,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(
      standIn.llm().generateObject({ ...CALL, signal: controller.signal }),
    );
    expect(RecallError.isInstance(error) && error.code).toBe('ABORTED');
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
  });
});

describe('generateObject on providers without native structured output', () => {
  test('JSON mode (json_object) with the JSON in a fenced block: extracted, no second request', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'json', raw: `Here you go:\n\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` }],
    });
    // The provider warns that it cannot send the schema; caught here rather than printed.
    const warnings: unknown[] = [];
    const logger = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
    const previous = logger.AI_SDK_LOG_WARNINGS;
    logger.AI_SDK_LOG_WARNINGS = (options: { warnings: unknown[] }) =>
      warnings.push(...options.warnings);
    try {
      const result = await standIn.llm({ supportsStructuredOutputs: false }).generateObject(CALL);
      expect(result.object).toEqual(GOOD);
    } finally {
      logger.AI_SDK_LOG_WARNINGS = previous;
    }
    expect(warnings).toEqual([expect.objectContaining({ feature: 'responseFormat' })]);
    expect(standIn.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(standIn.requests).toHaveLength(1);
  });

  test("structuredOutput 'text': no response_format, the JSON Schema closes the system prompt", async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'text', text: `Sure. ${JSON.stringify(GOOD)} Hope that helps.` },
        { type: 'text', text: JSON.stringify(GOOD) },
      ],
    });
    const llm = standIn.llm({ supportsStructuredOutputs: false, structuredOutput: 'text' });
    expect((await llm.generateObject(CALL)).object).toEqual(GOOD);
    await llm.generateObject(CALL);
    const [first, second] = standIn.requests;
    expect(first!.body).not.toHaveProperty('response_format');
    const system = messagesOf(first!)[0]!;
    expect(system.role).toBe('system');
    expect(system.content.startsWith(`${CALL.system}\n\n`)).toBe(true);
    expect(system.content).toMatch(/matches this JSON Schema:\n\{.*"recalledPointIds"/);
    // Byte-identical from one call to the next: the prefix stays cacheable.
    expect(messagesOf(second!)[0]).toEqual(system);
  });

  test("structuredOutput 'text': prose without JSON is repaired once, then fails typed", async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'text', text: 'The learner recalled the first point.' },
        { type: 'text', text: 'Still no JSON, sorry.' },
      ],
    });
    const error = await rejection(standIn.llm({ structuredOutput: 'text' }).generateObject(CALL));
    expect(error).toBeInstanceOf(LLMOutputError);
    expect((error as LLMOutputError).rawOutput).toBe('Still no JSON, sorry.');
    expect(standIn.requests).toHaveLength(2);
  });
});
