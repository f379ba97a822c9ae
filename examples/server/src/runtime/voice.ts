import type { LLMAdapter, StorageAdapter } from '@recall/core';
import {
  createDeepgramTranscription,
  createTermExtractor,
  createTranscriptPipeline,
  type TranscriptionAdapter,
} from '@recall/core/voice';
import { createTranscribeHandler } from '@recall/ws/server';
import type { DemoIdentity } from '../http/demo-identity';
import type { ApiHandler } from '../http/request-handler';

/** Where the demo app posts recordings (and reads whether voice is on). */
export const TRANSCRIBE_PATH = '/api/transcribe';

/**
 * Deepgram when `DEEPGRAM_API_KEY` is set — `DEEPGRAM_BASE_URL` points it elsewhere, e.g. a
 * local stand-in — otherwise no transcription: the app then hides the microphone.
 */
export function transcriptionFromEnvironment(env: Readonly<Record<string, string | undefined>>): {
  transcription: TranscriptionAdapter | undefined;
  description: string;
} {
  const apiKey = env.DEEPGRAM_API_KEY?.trim();
  if (!apiKey)
    return { transcription: undefined, description: 'off — set DEEPGRAM_API_KEY for voice' };
  const baseURL = env.DEEPGRAM_BASE_URL?.trim() || undefined;
  return {
    transcription: createDeepgramTranscription({ apiKey, ...(baseURL ? { baseURL } : {}) }),
    description: `Deepgram${baseURL ? ` at ${baseURL}` : ''}`,
  };
}

/**
 * Puts the voice endpoint in front of the JSON API: recordings go through the transcription
 * adapter, then one judge call fixes the set's terms and writes spoken notation.
 */
export function withVoiceRoute(
  api: ApiHandler,
  options: {
    storage: StorageAdapter;
    llm: LLMAdapter;
    identity: DemoIdentity;
    transcription: TranscriptionAdapter | undefined;
  },
): ApiHandler {
  const transcribe = createTranscribeHandler({
    storage: options.storage,
    // The browser's user, as on the WebSocket.
    authenticate: (request) => {
      const userId = options.identity.read(request);
      return userId === null ? null : { userId };
    },
    ...(options.transcription ? { transcription: options.transcription } : {}),
    pipeline: createTranscriptPipeline({ llm: options.llm }),
    termExtractor: createTermExtractor({ llm: options.llm }),
  });
  return async (request, response, context) => {
    if (context.url.pathname !== TRANSCRIBE_PATH) return api(request, response, context);
    transcribe(request, response);
    return true;
  };
}
