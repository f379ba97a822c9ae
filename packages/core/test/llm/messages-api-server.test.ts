import { RecallError } from '@recall/core';
import { createAnthropicLLM } from '@recall/core/llm/anthropic';
import {
  createMessagesApiHandlers,
  type MessagesApiReply,
  type MessagesApiServer,
  startMessagesApiServer,
} from '@recall/core/testing/msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { deltaTexts, drain } from './use-messages-api';

// Real sockets on 127.0.0.1: no msw in this file except where a test installs it itself.
const CALL = {
  kind: 'tutor',
  system: 'You are a tutor.',
  messages: [{ role: 'user', content: 'Explain tides.' }],
} as const;
const OK: MessagesApiReply = { type: 'text', text: 'The moon pulls the sea.' };

let server: MessagesApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof startMessagesApiServer>[0]) {
  server = await startMessagesApiServer(options);
  const llm = createAnthropicLLM({
    apiKey: 'sk-test',
    baseURL: server.url,
    retryInitialDelayMs: 5,
  });
  return { server, llm };
}

function codeOf(error: unknown) {
  return RecallError.isInstance(error) ? error.code : undefined;
}

describe('the adapter over a real socket', () => {
  test('a connection dropped after text ends as LLM_INTERRUPTED without a retry', async () => {
    const { server, llm } = await start({
      replies: [
        { type: 'text', text: ['Half ', 'an ', 'answer'], end: { type: 'disconnect' } },
        OK,
      ],
    });
    const { parts, error } = await drain(llm.streamText(CALL));
    expect(deltaTexts(parts).join('')).toBe('Half an answer');
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(codeOf((error as Error).cause)).toBe('LLM_UNAVAILABLE');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.aborted).toBe(false);
  });

  test('a connection dropped before any text, and a refused connection, are retried', async () => {
    const { server, llm } = await start({
      replies: [
        { type: 'text', text: [], end: { type: 'disconnect' } },
        { type: 'network-error' },
        OK,
      ],
    });
    const { parts, error } = await drain(llm.streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'The moon pulls the sea.' });
    expect(server.requests).toHaveLength(3);
  });

  test('a stall is cut by the idle timeout and the server sees the connection close', async () => {
    server = await startMessagesApiServer({
      replies: [{ type: 'text', text: ['Hmm '], end: { type: 'stall' } }],
    });
    const llm = createAnthropicLLM({ apiKey: 'sk-test', baseURL: server.url, idleTimeoutMs: 200 });
    const started = performance.now();
    const { error } = await drain(llm.streamText(CALL));
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(performance.now() - started).toBeLessThan(600);
    await vi.waitFor(() => expect(server?.requests[0]?.aborted).toBe(true));
  });

  test('an abort closes the connection', async () => {
    const { server, llm } = await start({
      replies: [{ type: 'text', text: ['a ', 'b ', 'c'] }],
      chunkDelayMs: 200,
    });
    const controller = new AbortController();
    const stream = llm.streamText({ ...CALL, signal: controller.signal });
    const result = drain(
      (async function* () {
        for await (const part of stream) {
          controller.abort();
          yield part;
        }
      })(),
    );
    expect(codeOf((await result).error)).toBe('ABORTED');
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  test('waits firstTokenDelayMs before the first content delta', async () => {
    const { llm } = await start({ firstTokenDelayMs: 150 });
    const started = performance.now();
    for await (const part of llm.streamText(CALL)) {
      if (part.type === 'text-delta') break;
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  test('records when each response completed', async () => {
    const { server, llm } = await start({ firstTokenDelayMs: 80 });
    await drain(llm.streamText(CALL));
    await vi.waitFor(() => expect(server.requests[0]?.completedAt).toBeDefined());
    const [request] = server.requests;
    expect(request!.completedAt! - request!.receivedAt).toBeGreaterThanOrEqual(75);
    expect(request!.aborted).toBe(false);
  });
});

describe('startMessagesApiServer', () => {
  test('sends the same bytes as the msw handlers for the same script', async () => {
    const replies: MessagesApiReply[] = [
      { type: 'text', text: 'Same bytes, both ways.', usage: { cacheReadTokens: 12 } },
      { type: 'json', value: { recalled: ['p1'] } },
      { type: 'error', status: 429, retryAfterMs: 7 },
    ];
    const body = JSON.stringify({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    const read = async (url: string) =>
      Promise.all(
        replies.map(async () => {
          const response = await fetch(`${url}/v1/messages`, { method: 'POST', body });
          return {
            status: response.status,
            retryAfter: response.headers.get('retry-after-ms'),
            text: await response.text(),
          };
        }),
      );
    server = await startMessagesApiServer({ replies });
    const fromServer = [];
    for (const reply of await read(server.url)) fromServer.push(reply);

    const handlers = createMessagesApiHandlers({ replies, baseURL: 'https://api.anthropic.test' });
    const msw = setupServer(...handlers.handlers);
    msw.listen({ onUnhandledFrame: 'error' });
    try {
      const fromMsw = await read('https://api.anthropic.test');
      expect(fromMsw.map((reply) => reply.status).sort()).toEqual([200, 200, 429]);
      expect(new Set(fromMsw.map((reply) => reply.text))).toEqual(
        new Set(fromServer.map((reply) => reply.text)),
      );
      expect(fromServer.find((reply) => reply.status === 429)?.retryAfter).toBe('7');
    } finally {
      msw.close();
    }
  });

  test('answers other paths with a 404 error body and records only /v1/messages', async () => {
    server = await startMessagesApiServer({});
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    });
    expect(server.requests).toHaveLength(0);
  });
});
