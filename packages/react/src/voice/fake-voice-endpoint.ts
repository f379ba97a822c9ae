// A fake transcription endpoint for tests and stories: a `fetch` that answers the voice
// status and uploads the way `createTranscribeHandler` does. Not part of the public API.
import type { ProcessedTranscript } from '@recall/core/voice';

/** One upload the fake received. */
export interface FakeUpload {
  sessionId: string | null;
  audio: Blob;
  /** The audio's bytes as text (the fake recorder records text). */
  audioText: string;
  signal: AbortSignal;
}

/** What an upload is answered with: a transcript, an error, or nothing (it hangs). */
export type FakeUploadReply =
  | { type: 'transcript'; result: ProcessedTranscript }
  | { type: 'error'; status: number; code: string; message: string }
  | { type: 'hang' };

/** Options for {@link createFakeVoiceEndpoint}. */
export interface FakeVoiceEndpointOptions {
  configured?: boolean;
  maxBytes?: number;
  reply?: (upload: FakeUpload) => FakeUploadReply | Promise<FakeUploadReply>;
}

/** A transcript result whose text is `text`. */
export function transcript(text: string, rawText = text): FakeUploadReply {
  return { type: 'transcript', result: { text, rawText, corrections: [], hasNotation: false } };
}

/** Creates the fake; pass `fetch` to `useVoiceInput`. */
export function createFakeVoiceEndpoint(options: FakeVoiceEndpointOptions = {}) {
  const uploads: FakeUpload[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const signal = init?.signal ?? new AbortController().signal;
    if ((init?.method ?? 'GET') === 'GET') {
      return Response.json({
        configured: options.configured ?? true,
        maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
      });
    }
    const form = init?.body as FormData;
    const audio = form.get('audio') as Blob;
    const sessionId = form.get('sessionId');
    const upload: FakeUpload = {
      sessionId: typeof sessionId === 'string' ? sessionId : null,
      audio,
      audioText: await audio.text(),
      signal,
    };
    uploads.push(upload);
    const reply = await Promise.race([
      Promise.resolve(options.reply?.(upload) ?? transcript('Sunlight and water.')),
      aborted(signal),
    ]);
    switch (reply.type) {
      case 'transcript':
        return Response.json(reply.result);
      case 'error':
        return Response.json(
          { error: { code: reply.code, message: reply.message } },
          { status: reply.status },
        );
      case 'hang':
        return aborted(signal);
    }
  };
  return { fetch, uploads };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
