import { RecallError } from '@recall/core';
import { createDeepgramTranscription } from '@recall/core/voice';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

const LISTEN_URL = 'https://api.deepgram.com/v1/listen';

// Shaped like a real pre-recorded response (trimmed of word timings).
function listenResponse(transcript: string, confidence = 0.98) {
  return {
    metadata: {
      transaction_key: 'deprecated',
      request_id: '4c9d5b0e-1f1a-4d7e-9c52-0a3a5d2c1e11',
      sha256: 'c0ffee',
      created: '2026-01-01T00:00:00.000Z',
      duration: 2.345,
      channels: 1,
      models: ['1abfe86b-e047-4eed-858a-35e5625b41ee'],
    },
    results: {
      channels: [{ alternatives: [{ transcript, confidence, words: [] }] }],
    },
  };
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

async function rejection(promise: Promise<unknown>): Promise<RecallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!RecallError.isInstance(error)) throw new Error(`Expected a RecallError, got ${error}`);
  return error;
}

describe('createDeepgramTranscription', () => {
  test('posts the audio bytes to /v1/listen with the key and mime type', async () => {
    const requests: { url: URL; headers: Headers; body: Uint8Array }[] = [];
    server.use(
      http.post(LISTEN_URL, async ({ request }) => {
        requests.push({
          url: new URL(request.url),
          headers: request.headers,
          body: new Uint8Array(await request.arrayBuffer()),
        });
        return HttpResponse.json(listenResponse('my selenium grows in soil'));
      }),
    );
    const transcription = createDeepgramTranscription({ apiKey: 'dg-key' });
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    const result = await transcription.transcribe({
      audio: backing.subarray(2, 5),
      mimeType: 'audio/webm;codecs=opus',
      language: 'en',
    });

    expect(result).toEqual({
      text: 'my selenium grows in soil',
      confidence: 0.98,
      durationMs: 2345,
    });
    expect(transcription.specificationVersion).toBe('recall-transcription-v1');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers.get('authorization')).toBe('Token dg-key');
    expect(request?.headers.get('content-type')).toBe('audio/webm;codecs=opus');
    expect(request?.url.searchParams.get('model')).toBe('nova-3');
    expect(request?.url.searchParams.get('smart_format')).toBe('true');
    expect(request?.url.searchParams.get('language')).toBe('en');
    expect([...(request?.body ?? [])]).toEqual([1, 2, 3]);
  });

  test('accepts Blob and ArrayBuffer audio, a custom model and base URL', async () => {
    const seen: { model: string | null; size: number }[] = [];
    server.use(
      http.post('http://stt.local:8080/v1/listen', async ({ request }) => {
        seen.push({
          model: new URL(request.url).searchParams.get('model'),
          size: (await request.arrayBuffer()).byteLength,
        });
        return HttpResponse.json(listenResponse('  hello  '));
      }),
    );
    const transcription = createDeepgramTranscription({
      apiKey: 'k',
      baseURL: 'http://stt.local:8080/',
      model: 'nova-2',
    });
    const fromBlob = await transcription.transcribe({
      audio: new Blob([new Uint8Array(7)], { type: 'audio/wav' }),
      mimeType: 'audio/wav',
    });
    await transcription.transcribe({ audio: new ArrayBuffer(4), mimeType: 'audio/wav' });
    expect(fromBlob.text).toBe('hello');
    expect(seen).toEqual([
      { model: 'nova-2', size: 7 },
      { model: 'nova-2', size: 4 },
    ]);
  });

  test('silence gives empty text', async () => {
    server.use(
      http.post(LISTEN_URL, () =>
        HttpResponse.json({
          metadata: { duration: 1 },
          results: { channels: [{ alternatives: [] }] },
        }),
      ),
    );
    const result = await createDeepgramTranscription({ apiKey: 'k' }).transcribe({
      audio: new Uint8Array(1),
      mimeType: 'audio/webm',
    });
    expect(result).toEqual({ text: '', durationMs: 1000 });
  });

  test('reads the key from DEEPGRAM_API_KEY, and refuses to start without one', async () => {
    vi.stubEnv('DEEPGRAM_API_KEY', '');
    let error: unknown;
    try {
      createDeepgramTranscription();
    } catch (caught) {
      error = caught;
    }
    expect(RecallError.isInstance(error) && error.code).toBe('VOICE_NOT_CONFIGURED');

    vi.stubEnv('DEEPGRAM_API_KEY', 'from-env');
    let authorization: string | null = null;
    server.use(
      http.post(LISTEN_URL, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(listenResponse('ok'));
      }),
    );
    await createDeepgramTranscription().transcribe({ audio: new Uint8Array(1), mimeType: 'a/b' });
    expect(authorization).toBe('Token from-env');
  });

  test.each([
    [401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.' }, 'VOICE_NOT_CONFIGURED'],
    [402, { err_code: 'ASR_PAYMENT_REQUIRED', err_msg: 'Out of credits.' }, 'VOICE_NOT_CONFIGURED'],
    [
      400,
      { err_code: 'Bad Request', err_msg: 'corrupt or unsupported data' },
      'TRANSCRIPTION_FAILED',
    ],
    [500, { err_code: 'INTERNAL', err_msg: 'boom' }, 'TRANSCRIPTION_FAILED'],
  ] as const)('HTTP %i maps to %s', async (status, body, code) => {
    server.use(http.post(LISTEN_URL, () => HttpResponse.json(body, { status })));
    const error = await rejection(
      createDeepgramTranscription({ apiKey: 'k' }).transcribe({
        audio: new Uint8Array(1),
        mimeType: 'audio/webm',
      }),
    );
    expect(error.code).toBe(code);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(body.err_msg);
  });

  test('rate limits keep Retry-After', async () => {
    server.use(
      http.post(LISTEN_URL, () =>
        HttpResponse.json(
          { err_code: 'TOO_MANY_REQUESTS' },
          { status: 429, headers: { 'retry-after': '3' } },
        ),
      ),
    );
    const error = await rejection(
      createDeepgramTranscription({ apiKey: 'k' }).transcribe({
        audio: new Uint8Array(1),
        mimeType: 'x',
      }),
    );
    expect(error.code).toBe('TRANSCRIPTION_FAILED');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(3000);
  });

  test('malformed bodies and network errors are TRANSCRIPTION_FAILED', async () => {
    const transcription = createDeepgramTranscription({ apiKey: 'k' });
    const call = () => transcription.transcribe({ audio: new Uint8Array(1), mimeType: 'x' });

    server.use(http.post(LISTEN_URL, () => new HttpResponse('<html>oops</html>', { status: 200 })));
    expect((await rejection(call())).code).toBe('TRANSCRIPTION_FAILED');

    server.use(http.post(LISTEN_URL, () => HttpResponse.json({ results: { channels: 'no' } })));
    expect((await rejection(call())).code).toBe('TRANSCRIPTION_FAILED');

    server.use(http.post(LISTEN_URL, () => HttpResponse.error()));
    const network = await rejection(call());
    expect(network.code).toBe('TRANSCRIPTION_FAILED');
    expect(network.message).toContain('Could not reach Deepgram');
  });

  test('aborting stops the request with ABORTED', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.use(
      http.post(LISTEN_URL, async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return HttpResponse.json(listenResponse('too late'));
      }),
    );
    const controller = new AbortController();
    const pending = createDeepgramTranscription({ apiKey: 'k' }).transcribe({
      audio: new Uint8Array(1),
      mimeType: 'x',
      signal: controller.signal,
    });
    await requestArrived;
    controller.abort();
    expect((await rejection(pending)).code).toBe('ABORTED');
  });
});
