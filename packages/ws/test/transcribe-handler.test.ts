import { request as httpRequest } from 'node:http';
import { createTranscribeHandler } from '@recall/ws/server';
import { describe, expect, test, vi } from 'vitest';
import {
  audioForm,
  bearerAuthenticate,
  echo,
  postForm,
  recordingTranscription,
  seededStorage,
  useTranscribeServers,
} from './transcribe-fixtures';

// Transcribing an upload (pipeline, failures, timeouts):
// transcribe-handler-transcription.test.ts.
const { start } = useTranscribeServers();

describe('GET: voice status', () => {
  test('says whether voice is configured and the size limit', async () => {
    const on = await start({ transcription: echo().adapter, maxBytes: 1234 });
    const off = await start();
    expect(await (await fetch(on.url)).json()).toEqual({ configured: true, maxBytes: 1234 });
    expect(await (await fetch(off.url)).json()).toEqual({
      configured: false,
      maxBytes: 5 * 1024 * 1024,
    });
  });

  test('other methods get 405 with Allow', async () => {
    const { url } = await start({ transcription: echo().adapter });
    const response = await fetch(url, { method: 'PUT', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('POST: access', () => {
  test('unauthenticated → 401 UNAUTHORIZED, before any transcription', async () => {
    const { adapter, calls } = echo();
    const { url } = await start({ transcription: adapter });
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }), null);
    expect(result.status).toBe(401);
    expect(result.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
    expect(calls).toHaveLength(0);
  });

  test("another user's session and an unknown session get the same 403", async () => {
    const { adapter, calls } = echo();
    const { url } = await start({ transcription: adapter });
    const foreign = await postForm(url, audioForm({ sessionId: 'session-bob' }));
    const unknown = await postForm(url, audioForm({ sessionId: 'session-nobody' }));
    expect(foreign.status).toBe(403);
    expect(unknown).toEqual(foreign);
    expect((foreign.body.error as { code: string }).code).toBe('FORBIDDEN');
    expect(calls).toHaveLength(0);
  });

  test('without a transcription adapter → 501 VOICE_NOT_CONFIGURED', async () => {
    const { url } = await start();
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(result.status).toBe(501);
    expect(result.body.error).toEqual({
      code: 'VOICE_NOT_CONFIGURED',
      message: 'Voice input is not configured on this server.',
    });
  });
});

describe('POST: validation and limits', () => {
  test.each([
    ['an empty file', { sessionId: 'session-alice', audio: new Blob([]) }, /empty/],
    ['no audio', { sessionId: 'session-alice', audio: null }, /audio/],
    ['no sessionId', {}, /sessionId/],
  ])('%s → 400 INVALID_MESSAGE', async (_, fields, message) => {
    const { adapter, calls } = echo();
    const { url } = await start({ transcription: adapter });
    const result = await postForm(url, audioForm(fields));
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(message),
    });
    expect(calls).toHaveLength(0);
  });

  test('a body that is not multipart → 400', async () => {
    const { url } = await start({ transcription: echo().adapter });
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ audio: 'x' }),
      headers: { authorization: 'Bearer alice', 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /multipart/,
    );
  });

  test('a file one byte over maxBytes → 413; exactly maxBytes is accepted', async () => {
    const { adapter, calls } = echo();
    const { url } = await start({ transcription: adapter, maxBytes: 1000 });
    const over = await postForm(
      url,
      audioForm({ sessionId: 'session-alice', audio: new Blob([new Uint8Array(1001)]) }),
    );
    expect(over.status).toBe(413);
    expect(over.body.error).toEqual({
      code: 'MESSAGE_TOO_LARGE',
      message: 'The audio is larger than the 1 KB limit.',
    });
    const exact = await postForm(
      url,
      audioForm({ sessionId: 'session-alice', audio: new Blob([new Uint8Array(1000)]) }),
    );
    expect(exact.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect((calls[0]!.audio as Uint8Array).byteLength).toBe(1000);
  });

  test('an oversized declared Content-Length is refused before reading the body', async () => {
    const { port } = await start({ transcription: echo().adapter, maxBytes: 1000 });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/transcribe',
        headers: {
          authorization: 'Bearer alice',
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('error', reject);
      request.write('--x\r\n'); // 50 MB promised, a few bytes sent
    });
    expect(status).toBe(413);
  });

  test('a chunked body is cut off while streaming once it passes the limit', async () => {
    const { port } = await start({ transcription: echo().adapter, maxBytes: 1000 });
    let sent = 0;
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/transcribe',
        headers: {
          authorization: 'Bearer alice',
          'content-type': 'multipart/form-data; boundary=x',
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      const chunk = Buffer.alloc(16 * 1024, 97);
      const pump = () => {
        // Keep sending (never ending the body) until the server answers.
        while (sent < 4 * 1024 * 1024 && request.write(chunk)) sent += chunk.length;
        if (sent < 4 * 1024 * 1024) request.once('drain', pump);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe('MESSAGE_TOO_LARGE');
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('POST: concurrency', () => {
  test('a user past maxConcurrentPerUser gets 429 RATE_LIMITED; others are unaffected', async () => {
    const releases: (() => void)[] = [];
    const { url } = await start({
      maxConcurrentPerUser: 1,
      transcription: recordingTranscription(
        () =>
          new Promise((resolve) => {
            releases.push(() => resolve({ text: 'done' }));
          }),
      ).adapter,
    });
    const first = postForm(url, audioForm({ sessionId: 'session-alice' }));
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    const second = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(second.status).toBe(429);
    expect((second.body.error as { code: string }).code).toBe('RATE_LIMITED');
    // Bob has his own allowance.
    const bob = postForm(url, audioForm({ sessionId: 'session-bob' }), 'bob');
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    for (const release of releases) release();
    expect((await first).status).toBe(200);
    expect((await bob).status).toBe(200);
    // The slot is free again.
    const third = postForm(url, audioForm({ sessionId: 'session-alice' }));
    await vi.waitFor(() => expect(releases).toHaveLength(3));
    releases[2]?.();
    expect((await third).status).toBe(200);
  });
});

describe('options', () => {
  test('impossible options throw a TypeError at once', async () => {
    const storage = await seededStorage();
    expect(() =>
      createTranscribeHandler({ storage, authenticate: bearerAuthenticate, maxBytes: 0 }),
    ).toThrow(TypeError);
    expect(() =>
      createTranscribeHandler({ storage, authenticate: bearerAuthenticate, timeoutMs: 1.5 }),
    ).toThrow(/timeoutMs/);
    expect(() =>
      createTranscribeHandler({
        storage,
        authenticate: bearerAuthenticate,
        termExtractor: { getTerms: async () => [] },
      }),
    ).toThrow(/termExtractor/);
  });
});
