/** Audio bytes as a browser or Node hands them over. */
export type TranscriptionAudio = Uint8Array | ArrayBuffer | Blob;

/** Options for {@link TranscriptionAdapter.transcribe}. */
export interface TranscribeOptions {
  audio: TranscriptionAudio;
  /** The container/codec of `audio`, e.g. `audio/webm;codecs=opus`. */
  mimeType: string;
  /** Aborting stops the request; the promise then rejects with an `ABORTED` RecallError. */
  signal?: AbortSignal;
  /** BCP-47 language hint, e.g. `en` or `de`. @default the provider's default */
  language?: string;
}

/** What the speech-to-text provider heard. `text` is empty when nothing was said. */
export interface TranscriptionResult {
  text: string;
  /** The provider's confidence in `text`, 0–1, when it reports one. */
  confidence?: number;
  /** Length of the audio in milliseconds, when the provider reports it. */
  durationMs?: number;
}

/**
 * Speech-to-text for recorded audio. Errors are `RecallError`s: `TRANSCRIPTION_FAILED`
 * (retryable), `VOICE_NOT_CONFIGURED` (credentials missing or rejected) or `ABORTED`.
 *
 * @example
 * const { text } = await transcription.transcribe({ audio: blob, mimeType: blob.type });
 */
export interface TranscriptionAdapter {
  readonly specificationVersion: 'recall-transcription-v1';
  /** Human-readable name, e.g. `deepgram`. */
  readonly name: string;
  transcribe(options: TranscribeOptions): Promise<TranscriptionResult>;
}
