import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { BASE_URL, useMessagesApi } from './use-messages-api';

const api = useMessagesApi();
const URL = `${BASE_URL}/v1/messages`;

function post(body: unknown): Promise<Response> {
  return fetch(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function request(extra: Record<string, unknown> = {}) {
  return {
    model: 'claude-sonnet-5-5',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    ...extra,
  };
}

/** Parses an SSE body into `{ event, data }` pairs. */
function parseEvents(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<
        string,
        unknown
      >;
      return { event, data };
    });
}

describe('createMessagesApiHandlers', () => {
  test('streams the Messages API event sequence with usage including cache tokens', async () => {
    api.mock({
      replies: [
        {
          type: 'text',
          text: 'Hello there.',
          usage: { inputTokens: 9, outputTokens: 4, cacheReadTokens: 100, cacheWriteTokens: 20 },
        },
      ],
    });
    const response = await post(request());
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEvents(await response.text());
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const { event, data } of events) expect(data.type).toBe(event);
    expect(events[0]!.data.message).toMatchObject({
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      usage: {
        input_tokens: 9,
        output_tokens: 1,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 20,
      },
    });
    const text = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => (event.data.delta as { text: string }).text)
      .join('');
    expect(text).toBe('Hello there.');
    expect(events[6]!.data).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: 4 },
    });
  });

  test('answers with a tool_use block when the request forces a tool', async () => {
    api.mock({ replies: [{ type: 'json', value: { score: 3, reasons: ['clear'] } }] });
    const response = await post(
      request({
        tools: [{ name: 'grade', input_schema: { type: 'object' } }],
        tool_choice: { type: 'tool', name: 'grade' },
      }),
    );
    const events = parseEvents(await response.text());
    expect(events[2]!.data.content_block).toMatchObject({ type: 'tool_use', name: 'grade' });
    const json = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => (event.data.delta as { type: string; partial_json: string }).partial_json)
      .join('');
    expect(JSON.parse(json)).toEqual({ score: 3, reasons: ['clear'] });
    expect(events.find((event) => event.event === 'message_delta')!.data).toMatchObject({
      delta: { stop_reason: 'tool_use' },
    });
  });

  test('serves non-streaming calls too, e.g. the SDK’s messages.parse with structured outputs', async () => {
    api.mock({ replies: [{ type: 'json', value: { answer: 4 } }] });
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: BASE_URL, maxRetries: 0 });
    const message = await client.messages.parse({
      model: 'claude-haiku-5-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'What is 2+2?' }],
      output_config: { format: zodOutputFormat(z.object({ answer: z.number() })) },
    });
    expect(message.parsed_output).toEqual({ answer: 4 });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  });

  test('error replies carry the status, error body and retry headers', async () => {
    api.mock({
      replies: [{ type: 'error', status: 429, retryAfterMs: 250, retryAfterSeconds: 1 }],
    });
    const response = await post(request());
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after-ms')).toBe('250');
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error' },
    });
  });

  test('an exhausted reply queue answers 500 saying so', async () => {
    api.mock({ replies: [{ type: 'text', text: 'Only one.' }] });
    await (await post(request())).text();
    const response = await post(request());
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toMatch(/no reply scripted for request #2/);
  });

  test('a reply function can route by model (e.g. judges fail, tutor works)', async () => {
    const mock = api.mock({
      replies: (received) =>
        received.body.model.includes('haiku')
          ? { type: 'error', status: 500 }
          : { type: 'text', text: 'Tutor.' },
    });
    expect((await post(request({ model: 'claude-haiku-5-5' }))).status).toBe(500);
    expect((await post(request())).status).toBe(200);
    expect(mock.requests.map((received) => received.body.model)).toEqual([
      'claude-haiku-5-5',
      'claude-sonnet-5-5',
    ]);
  });

  test('records raw bodies and headers; a body that is not JSON gets a 400', async () => {
    const mock = api.mock();
    const response = await fetch(URL, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-test' },
      body: 'nope',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(mock.requests[0]).toMatchObject({
      rawBody: 'nope',
      headers: { 'x-api-key': 'sk-test' },
      aborted: false,
    });
    expect(typeof mock.requests[0]!.receivedAt).toBe('number');
  });

  test('a network-error reply makes the request itself fail', async () => {
    api.mock({ replies: [{ type: 'network-error' }] });
    await expect(post(request())).rejects.toThrow();
  });
});
