import type { RecallErrorCode } from '@recall/core';
import type { ProcessedTranscript, VoiceStatus } from '@recall/core/voice';
import type { VoiceInputError } from './voice-state';

/** How requests to the transcription endpoint are made. */
export interface VoiceRequestOptions {
  endpoint: string;
  /** Extra headers, e.g. `Authorization`. */
  headers?: Record<string, string>;
  /** @default 'same-origin' */
  credentials?: RequestCredentials;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** A failed request, carrying the wire error. */
export class VoiceRequestError extends Error {
  readonly error: VoiceInputError;
  constructor(error: VoiceInputError) {
    super(error.message);
    this.name = 'VoiceRequestError';
    this.error = error;
  }
}

/** Sends the recording as `multipart/form-data` and reads the transcript. */
export async function uploadRecording(
  options: VoiceRequestOptions & { audio: Blob; sessionId: string; signal: AbortSignal },
): Promise<ProcessedTranscript> {
  const form = new FormData();
  form.set('sessionId', options.sessionId);
  form.set('audio', options.audio, `recording.${extensionOf(options.audio.type)}`);
  const body = await request(options, { method: 'POST', body: form, signal: options.signal });
  if (!isProcessedTranscript(body)) {
    throw new VoiceRequestError({
      code: 'TRANSCRIPTION_FAILED',
      message: 'The server answered with an unexpected body.',
    });
  }
  return body;
}

/** Reads whether the server transcribes audio (`GET` on the endpoint). */
export async function fetchVoiceStatus(
  options: VoiceRequestOptions & { signal: AbortSignal },
): Promise<VoiceStatus> {
  const body = await request(options, { method: 'GET', signal: options.signal });
  const status = body as Partial<VoiceStatus> | null;
  return {
    configured: status?.configured === true,
    maxBytes: typeof status?.maxBytes === 'number' ? status.maxBytes : Number.POSITIVE_INFINITY,
  };
}

async function request(
  options: VoiceRequestOptions,
  init: { method: string; body?: FormData; signal: AbortSignal },
): Promise<unknown> {
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImplementation(options.endpoint, {
      ...init,
      headers: { accept: 'application/json', ...options.headers },
      credentials: options.credentials ?? 'same-origin',
    });
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new VoiceRequestError({
      code: 'TRANSCRIPTION_FAILED',
      message: 'Could not reach the transcription service.',
    });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const wire = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  throw new VoiceRequestError({
    // Codes come from our own server; anything unrecognisable is reported as internal.
    code: typeof wire?.code === 'string' ? (wire.code as RecallErrorCode) : 'INTERNAL_ERROR',
    message:
      typeof wire?.message === 'string'
        ? wire.message
        : `Transcription failed (HTTP ${response.status}).`,
  });
}

function isProcessedTranscript(value: unknown): value is ProcessedTranscript {
  const candidate = value as Partial<ProcessedTranscript> | null;
  return (
    typeof candidate?.text === 'string' &&
    typeof candidate.rawText === 'string' &&
    Array.isArray(candidate.corrections) &&
    typeof candidate.hasNotation === 'boolean'
  );
}

function extensionOf(mimeType: string): string {
  const subtype = /^audio\/([\w-]+)/.exec(mimeType)?.[1];
  if (subtype === 'mp4' || subtype === 'x-m4a') return 'm4a';
  if (subtype === 'mpeg') return 'mp3';
  return subtype ?? 'webm';
}
