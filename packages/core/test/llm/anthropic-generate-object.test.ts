import { LLMOutputError, RecallError } from '@recall/core';
import { ANTHROPIC_DEFAULT_JUDGE_MODEL } from '@recall/core/llm/anthropic';
import type { MessagesApiReply } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { testLLM, useMessagesApi } from './use-messages-api';

const api = useMessagesApi();

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

describe('generateObject', () => {
  test('returns the validated object and forces the JSON schema via structured outputs', async () => {
    const mock = api.mock({
      replies: [{ type: 'json', value: GOOD, usage: { inputTokens: 50, outputTokens: 20 } }],
    });
    const result = await testLLM().generateObject(CALL);
    expect(result).toEqual({
      object: GOOD,
      usage: { inputTokens: 50, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    const body = mock.requests[0]!.body;
    expect(body.model).toBe(ANTHROPIC_DEFAULT_JUDGE_MODEL);
    expect(body.stream).toBe(true);
    expect(body.output_config).toMatchObject({
      format: {
        type: 'json_schema',
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
    expect(mock.requests).toHaveLength(1);
  });

  test('retries malformed JSON once, telling the model what was wrong, and sums usage', async () => {
    const mock = api.mock({
      replies: [
        {
          type: 'json',
          raw: '{"recalledPointIds": ["p1"], "confid',
          usage: { inputTokens: 50, outputTokens: 9 },
        },
        { type: 'json', value: GOOD, usage: { inputTokens: 70, outputTokens: 20 } },
      ],
    });
    const result = await testLLM().generateObject(CALL);
    expect(result.object).toEqual(GOOD);
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 29 });
    expect(mock.requests).toHaveLength(2);
    const retry = mock.requests[1]!.body.messages as {
      role: string;
      content: { text: string }[];
    }[];
    expect(retry.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(retry[1]!.content[0]!.text).toBe('{"recalledPointIds": ["p1"], "confid');
    expect(retry[2]!.content[0]!.text).toMatch(
      /recall_verdict output was rejected: the output is not valid JSON/,
    );
  });

  test('retries a schema violation once, naming the field', async () => {
    const mock = api.mock({
      replies: [
        { type: 'json', value: { ...GOOD, confidence: 7 } },
        { type: 'json', value: GOOD },
      ],
    });
    await expect(testLLM().generateObject(CALL)).resolves.toMatchObject({ object: GOOD });
    const retry = mock.requests[1]!.body.messages as { content: { text: string }[] }[];
    expect(retry.at(-1)!.content[0]!.text).toMatch(/schema violation: confidence/);
  });

  test.each<[string, MessagesApiReply]>([
    ['malformed JSON', { type: 'json', raw: 'not json at all' }],
    [
      'a schema violation',
      { type: 'json', value: { recalledPointIds: 'p1', confidence: 0.5, feedback: 'x' } },
    ],
    ['an extra field', { type: 'json', value: { ...GOOD, sneaky: true } }],
    ['a refusal', { type: 'text', text: 'I cannot help with that.', stopReason: 'refusal' }],
  ])('%s twice is an LLMOutputError after exactly one retry', async (_, bad) => {
    const mock = api.mock({ replies: [bad, bad, { type: 'json', value: GOOD }] });
    const error = await rejection(
      testLLM().generateObject({ ...CALL, schema: verdictSchema.strict() }),
    );
    expect(error).toBeInstanceOf(LLMOutputError);
    expect((error as LLMOutputError).code).toBe('LLM_OUTPUT_INVALID');
    expect((error as LLMOutputError).message).toMatch(
      /recall_verdict output stayed invalid after one retry/,
    );
    expect(mock.requests).toHaveLength(2);
  });

  test('the LLMOutputError carries the raw output of the last attempt', async () => {
    api.mock({
      replies: [
        { type: 'json', raw: '[1,' },
        { type: 'json', raw: '{"oops":' },
      ],
    });
    const error = await rejection(testLLM().generateObject(CALL));
    expect((error as LLMOutputError).rawOutput).toBe('{"oops":');
  });

  test('reads forced tool-use output (input_json_delta) as well as text', async () => {
    // The mock answers with a tool_use block when a tool is forced; the adapter reads both shapes.
    api.mock({
      replies: (request) =>
        request.body.output_config
          ? { type: 'sse', events: toolUseEvents(JSON.stringify(GOOD)) }
          : { type: 'error', status: 400 },
    });
    await expect(testLLM().generateObject(CALL)).resolves.toMatchObject({ object: GOOD });
  });

  test('a judge stream that breaks mid-output is retried transparently (nothing was shown)', async () => {
    const mock = api.mock({
      replies: [
        { type: 'json', value: GOOD, end: { type: 'disconnect' } },
        { type: 'json', value: GOOD },
      ],
    });
    await expect(testLLM().generateObject(CALL)).resolves.toMatchObject({ object: GOOD });
    expect(mock.requests).toHaveLength(2);
  });

  test('transport errors stay transport errors: 401 is LLM_AUTH, sent once', async () => {
    const mock = api.mock({ replies: [{ type: 'error', status: 401 }] });
    const error = await rejection(testLLM().generateObject(CALL));
    expect(error).not.toBeInstanceOf(LLMOutputError);
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_AUTH');
    expect(mock.requests).toHaveLength(1);
  });

  test('a schema that JSON Schema cannot express is rejected before any request', async () => {
    const mock = api.mock();
    const error = await rejection(
      testLLM().generateObject({
        ...CALL,
        schema: z.object({ when: z.date() }),
        schemaName: 'dated',
      }),
    );
    expect(RecallError.isInstance(error) && error.code).toBe('LLM_BAD_REQUEST');
    expect(mock.requests).toHaveLength(0);
  });
});

function toolUseEvents(json: string) {
  const half = Math.floor(json.length / 2);
  return [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: 'msg_tool',
          type: 'message',
          role: 'assistant',
          model: 'claude-haiku-5-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: 30,
            output_tokens: 1,
            cache_read_input_tokens: 0,
            cache_creation_input_tokens: 0,
          },
        },
      },
    },
    {
      event: 'content_block_start',
      data: {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'recall_verdict', input: {} },
      },
    },
    ...[json.slice(0, half), json.slice(half)].map((partial) => ({
      event: 'content_block_delta',
      data: {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: partial },
      },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 15 },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}
