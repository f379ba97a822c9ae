import {
  createDeepgramTranscription,
  createTermExtractor,
  createTranscriptPipeline,
} from '@recall/core/voice';
import { createAnthropicLLM } from '@recall/core/llm/anthropic';
import { createMessagesApiHandlers } from '@recall/core/testing/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  audioForm,
  bearerAuthenticate,
  postForm,
  seededStorage,
  serveHandler,
} from './transcribe-fixtures';

// Deepgram and the Messages API are mocked at the HTTP level; our own server is real.
const deepgramBodies: { contentType: string | null; size: number }[] = [];
const messagesApi = createMessagesApiHandlers({
  replies: (request) =>
    String(JSON.stringify(request.body.messages)).includes('<points>')
      ? { type: 'json', value: { terms: ['mycelium', 'hyphae'] } }
      : {
          type: 'json',
          value: {
            text: 'The mycelium is $n$ hyphae wide.',
            corrections: [{ original: 'my selenium', corrected: 'mycelium' }],
          },
        },
});
const mocks = setupServer(
  ...messagesApi.handlers,
  http.post('https://api.deepgram.com/v1/listen', async ({ request }) => {
    deepgramBodies.push({
      contentType: request.headers.get('content-type'),
      size: (await request.arrayBuffer()).byteLength,
    });
    return HttpResponse.json({
      metadata: { duration: 1.5 },
      results: {
        channels: [
          { alternatives: [{ transcript: 'The my selenium is n hyphae wide.', confidence: 0.9 }] },
        ],
      },
    });
  }),
);
beforeAll(() =>
  mocks.listen({
    // Requests to our own server pass through; anything else unmocked is a test bug.
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      if (request === undefined || new URL(request.url).hostname !== '127.0.0.1') defaults.error();
    },
  }),
);
afterAll(() => mocks.close());

test('audio in, corrected text with notation out: Deepgram → terms → pipeline', async () => {
  const llm = createAnthropicLLM({ apiKey: 'test-key', maxRetries: 0 });
  const served = await serveHandler({
    storage: await seededStorage(),
    authenticate: bearerAuthenticate,
    transcription: createDeepgramTranscription({ apiKey: 'dg-test' }),
    pipeline: createTranscriptPipeline({ llm }),
    termExtractor: createTermExtractor({ llm }),
  });
  try {
    const audio = new Blob([new Uint8Array(2048)], { type: 'audio/webm;codecs=opus' });
    const first = await postForm(served.url, audioForm({ sessionId: 'session-alice', audio }));
    expect(first).toEqual({
      status: 200,
      body: {
        text: 'The mycelium is $n$ hyphae wide.',
        rawText: 'The my selenium is n hyphae wide.',
        corrections: [{ original: 'my selenium', corrected: 'mycelium' }],
        hasNotation: true,
      },
    });
    await postForm(served.url, audioForm({ sessionId: 'session-alice', audio }));
    expect(deepgramBodies).toEqual([
      { contentType: 'audio/webm;codecs=opus', size: 2048 },
      { contentType: 'audio/webm;codecs=opus', size: 2048 },
    ]);
    // Terms once (cached for the second upload), then one pipeline call per upload.
    const kinds = messagesApi.requests.map((request) =>
      JSON.stringify(request.body.messages).includes('<points>') ? 'terms' : 'transcript',
    );
    expect(kinds).toEqual(['terms', 'transcript', 'transcript']);
    expect(JSON.stringify(messagesApi.requests[1]?.body.messages)).toContain('mycelium\\nhyphae');
  } finally {
    await served.close();
  }
});
