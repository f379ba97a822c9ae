import * as z from 'zod';
import { RecallError } from '../errors/recall-error';
import type {
  TranscribeOptions,
  TranscriptionAdapter,
  TranscriptionAudio,
  TranscriptionResult,
} from './transcription-adapter';

/** Options for {@link createDeepgramTranscription}. */
export interface DeepgramTranscriptionOptions {
  /** @default process.env.DEEPGRAM_API_KEY */
  apiKey?: string;
  /** Origin of the API, without a trailing path. @default 'https://api.deepgram.com' */
  baseURL?: string;
  /** @default 'nova-3' */
  model?: string;
  /** A `fetch` implementation, e.g. one with a proxy. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

const DEFAULT_BASE_URL = 'https://api.deepgram.com';
const DEFAULT_MODEL = 'nova-3';

// Deepgram's pre-recorded response, reduced to what we read. Unknown fields are ignored.
const listenResponseSchema = z.object({
  metadata: z.object({ duration: z.number().optional() }).optional(),
  results: z.object({
    channels: z.array(
      z.object({
        alternatives: z.array(
          z.object({ transcript: z.string(), confidence: z.number().optional() }),
        ),
      }),
    ),
  }),
});

const errorBodySchema = z.object({
  err_code: z.string().optional(),
  err_msg: z.string().optional(),
});

/**
 * A {@link TranscriptionAdapter} for Deepgram's pre-recorded API (`POST /v1/listen`),
 * built on `fetch` so it runs in Node and browsers alike.
 * Throws `VOICE_NOT_CONFIGURED` at once when no API key is given or found in the environment.
 *
 * @example
 * const transcription = createDeepgramTranscription({ model: 'nova-3' });
 * const { text } = await transcription.transcribe({ audio, mimeType: 'audio/webm' });
 */
export function createDeepgramTranscription(
  options: DeepgramTranscriptionOptions = {},
): TranscriptionAdapter {
  const apiKey = options.apiKey ?? readEnvironment('DEEPGRAM_API_KEY');
  if (!apiKey) {
    throw new RecallError(
      'VOICE_NOT_CONFIGURED',
      'Deepgram needs an API key: pass `apiKey` or set DEEPGRAM_API_KEY.',
    );
  }
  const baseURL = (options.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const model = options.model ?? DEFAULT_MODEL;
  const fetchImplementation = options.fetch ?? globalThis.fetch;

  return {
    specificationVersion: 'recall-transcription-v1',
    name: 'deepgram',
    async transcribe({ audio, mimeType, signal, language }: TranscribeOptions) {
      const url = new URL(`${baseURL}/v1/listen`);
      url.searchParams.set('model', model);
      url.searchParams.set('smart_format', 'true');
      if (language) url.searchParams.set('language', language);

      let response: Response;
      try {
        response = await fetchImplementation(url, {
          method: 'POST',
          headers: { Authorization: `Token ${apiKey}`, 'Content-Type': mimeType },
          body: toBody(audio),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) {
          throw new RecallError('ABORTED', 'Transcription was cancelled.', { cause: error });
        }
        throw new RecallError('TRANSCRIPTION_FAILED', 'Could not reach Deepgram.', {
          cause: error,
        });
      }
      if (!response.ok) throw await toResponseError(response);
      return parseListenResponse(await readJson(response, signal));
    },
  };
}

function parseListenResponse(body: unknown): TranscriptionResult {
  const parsed = listenResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new RecallError('TRANSCRIPTION_FAILED', 'Deepgram returned an unexpected response.');
  }
  const alternative = parsed.data.results.channels[0]?.alternatives[0];
  const duration = parsed.data.metadata?.duration;
  return {
    text: alternative?.transcript.trim() ?? '',
    ...(alternative?.confidence === undefined ? {} : { confidence: alternative.confidence }),
    ...(duration === undefined ? {} : { durationMs: Math.round(duration * 1000) }),
  };
}

async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (signal?.aborted) {
      throw new RecallError('ABORTED', 'Transcription was cancelled.', { cause: error });
    }
    throw new RecallError(
      'TRANSCRIPTION_FAILED',
      'Deepgram returned a response that is not JSON.',
      {
        cause: error,
      },
    );
  }
}

async function toResponseError(response: Response): Promise<RecallError> {
  const detail = await readErrorDetail(response);
  const suffix = detail ? `: ${detail}` : '.';
  // Credentials and billing are configuration problems: retrying cannot help.
  if (response.status === 401 || response.status === 402 || response.status === 403) {
    return new RecallError(
      'VOICE_NOT_CONFIGURED',
      `Deepgram rejected the API key (HTTP ${response.status})${suffix}`,
    );
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return new RecallError(
    'TRANSCRIPTION_FAILED',
    `Deepgram could not transcribe the audio (HTTP ${response.status})${suffix}`,
    retryAfterMs === undefined ? {} : { retryAfterMs },
  );
}

async function readErrorDetail(response: Response): Promise<string> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    if (!parsed.success) return '';
    return [parsed.data.err_code, parsed.data.err_msg].filter(Boolean).join(' — ');
  } catch {
    return '';
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function toBody(audio: TranscriptionAudio): BodyInit {
  // fetch sends exactly the view's bytes; only a SharedArrayBuffer view would be refused.
  if (audio instanceof Uint8Array) return audio as Uint8Array<ArrayBuffer>;
  return audio;
}

function readEnvironment(name: string): string | undefined {
  // Browser-safe: `process` only exists on servers.
  const environment = (globalThis as { process?: { env?: Record<string, string | undefined> } })
    .process?.env;
  return environment?.[name] || undefined;
}
