import { RecallError } from '@recall/core';
import type {
  ProcessTranscriptOptions,
  TermExtractor,
  TranscriptPipeline,
} from '@recall/core/voice';
import { describe, expect, test, vi } from 'vitest';
import {
  audioForm,
  echo,
  postForm,
  recordingTranscription,
  useTranscribeServers,
} from './transcribe-fixtures';

// Status, access, validation, limits, concurrency and options: transcribe-handler.test.ts.
const { start } = useTranscribeServers();

describe('POST: transcription', () => {
  function fakePipeline() {
    const calls: ProcessTranscriptOptions[] = [];
    const pipeline: TranscriptPipeline = {
      async process(options) {
        calls.push(options);
        const text = options.text.replace('my selenium', 'mycelium');
        return {
          text,
          rawText: options.text,
          corrections: [{ original: 'my selenium', corrected: 'mycelium' }],
          hasNotation: false,
        };
      },
    };
    return { pipeline, calls };
  }

  test('runs transcription, terms and pipeline, and answers the result', async () => {
    const { adapter, calls } = echo();
    const { pipeline, calls: pipelineCalls } = fakePipeline();
    const termExtractor: TermExtractor = {
      getTerms: vi.fn(async (recallSet) =>
        recallSet.id === 'set-fungi' ? ['mycelium', 'hyphae'] : [],
      ),
    };
    const { url } = await start({ transcription: adapter, pipeline, termExtractor });
    const audio = new Blob([new Uint8Array([5, 6, 7])], { type: 'audio/webm;codecs=opus' });
    const result = await postForm(url, audioForm({ sessionId: 'session-alice', audio }));

    expect(result).toEqual({
      status: 200,
      body: {
        text: 'mycelium grows',
        rawText: 'my selenium grows',
        corrections: [{ original: 'my selenium', corrected: 'mycelium' }],
        hasNotation: false,
      },
    });
    expect(calls[0]?.mimeType).toBe('audio/webm;codecs=opus');
    expect([...((calls[0]?.audio ?? []) as Uint8Array)]).toEqual([5, 6, 7]);
    expect(pipelineCalls).toEqual([
      expect.objectContaining({
        text: 'my selenium grows',
        source: 'voice',
        terms: ['mycelium', 'hyphae'],
      }),
    ]);
  });

  test('without a pipeline the raw transcript comes back', async () => {
    const { url } = await start({
      transcription: recordingTranscription(() => ({ text: 'x is `y`' })).adapter,
    });
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(result.body).toEqual({
      text: 'x is `y`',
      rawText: 'x is `y`',
      corrections: [],
      hasNotation: true,
    });
  });

  test('an empty transcript answers empty text without calling the pipeline', async () => {
    const { pipeline, calls } = fakePipeline();
    const { url } = await start({
      transcription: recordingTranscription(() => ({ text: '' })).adapter,
      pipeline,
    });
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(result).toEqual({
      status: 200,
      body: { text: '', rawText: '', corrections: [], hasNotation: false },
    });
    expect(calls).toHaveLength(0);
  });

  test('a provider failure → 502 with its code and message', async () => {
    const { url } = await start({
      transcription: recordingTranscription(() => {
        throw new RecallError(
          'TRANSCRIPTION_FAILED',
          'Deepgram could not transcribe the audio (HTTP 400).',
        );
      }).adapter,
    });
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(result).toEqual({
      status: 502,
      body: {
        error: {
          code: 'TRANSCRIPTION_FAILED',
          message: 'Deepgram could not transcribe the audio (HTTP 400).',
        },
      },
    });
  });

  test('past timeoutMs → 504 TRANSCRIPTION_FAILED and the provider call is aborted', async () => {
    let providerSignal: AbortSignal | undefined;
    const { url } = await start({
      timeoutMs: 100,
      transcription: recordingTranscription(({ signal }) => {
        providerSignal = signal;
        return new Promise(() => {}); // never answers, ignores the signal
      }).adapter,
    });
    const started = Date.now();
    const result = await postForm(url, audioForm({ sessionId: 'session-alice' }));
    expect(result.status).toBe(504);
    expect(result.body.error).toEqual({
      code: 'TRANSCRIPTION_FAILED',
      message: 'Transcription took longer than 100 ms.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(providerSignal?.aborted).toBe(true);
  });

  test('a client that goes away aborts the provider call', async () => {
    let providerSignal: AbortSignal | undefined;
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const { url } = await start({
      transcription: recordingTranscription(({ signal }) => {
        providerSignal = signal;
        arrived();
        return new Promise(() => {});
      }).adapter,
    });
    const controller = new AbortController();
    const pending = fetch(url, {
      method: 'POST',
      body: audioForm({ sessionId: 'session-alice' }),
      headers: { authorization: 'Bearer alice' },
      signal: controller.signal,
    }).catch(() => 'aborted');
    await requestArrived;
    controller.abort();
    expect(await pending).toBe('aborted');
    await vi.waitFor(() => expect(providerSignal?.aborted).toBe(true));
  });
});
