import type { IncomingMessage, ServerResponse } from 'node:http';
import { RecallError, toRecallError } from '@recall/core';
import { assertNever } from '../../internal/assert-never';
import { hasNotation, type ProcessedTranscript, type VoiceStatus } from '@recall/core/voice';
import { consoleLogger } from '../logger';
import type { AuthenticatedUser } from '../server-options';
import { type AudioUpload, readAudioUpload } from './read-audio-upload';
import { sendError, sendJson } from './send-json';
import {
  type ResolvedTranscribeOptions,
  resolveTranscribeOptions,
  type TranscribeHandlerOptions,
} from './transcribe-options';
import { withDeadline } from './with-deadline';

/** A Node request listener, mountable on any `http.Server` route. */
export type TranscribeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The HTTP endpoint for voice input. Mount it on one path (e.g. `/api/transcribe`):
 * - `POST` with `multipart/form-data` (`audio` file, `sessionId` field) answers a
 *   {@link ProcessedTranscript}: authenticated like the socket (`401`), only for the session's
 *   owner (`403`), `429` past the user's `rateLimit` or `maxConcurrentPerUser`, `400` for an
 *   empty or malformed upload, `413` above `maxBytes`,
 *   `501 VOICE_NOT_CONFIGURED` without a transcription adapter, `504` past `timeoutMs`;
 * - `GET` answers a {@link VoiceStatus}, so clients can hide the microphone.
 * Errors are `{ error: { code, message } }`.
 *
 * @example
 * const transcribe = createTranscribeHandler({ storage, authenticate, transcription, pipeline });
 * http.createServer((request, response) => {
 *   if (request.url?.startsWith('/api/transcribe')) return transcribe(request, response);
 * });
 */
export function createTranscribeHandler(options: TranscribeHandlerOptions): TranscribeHandler {
  const resolved = resolveTranscribeOptions(options, consoleLogger);
  const inFlight = new Map<string, number>();
  return (request, response) => {
    handle(resolved, inFlight, request, response).catch((error: unknown) => {
      resolved.logger.error?.('transcribe: unexpected failure', {
        message: error instanceof Error ? error.message : String(error),
      });
      sendError(response, new RecallError('INTERNAL_ERROR', 'Transcription failed unexpectedly.'));
    });
  };
}

async function handle(
  options: ResolvedTranscribeOptions,
  inFlight: Map<string, number>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const status: VoiceStatus = {
      configured: options.transcription !== undefined,
      maxBytes: options.maxBytes,
    };
    sendJson(response, 200, status);
    return;
  }
  if (request.method !== 'POST') {
    request.resume();
    response.setHeader('allow', 'GET, HEAD, POST');
    sendError(response, new RecallError('INVALID_MESSAGE', 'Use POST to transcribe.'), {
      status: 405,
    });
    return;
  }

  const user = await options.authenticate(request);
  if (user === null) {
    // We have not read the body; do not keep the connection for the next request.
    sendError(response, new RecallError('UNAUTHORIZED', 'Sign in to use voice input.'), {
      close: true,
    });
    return;
  }
  if (options.transcription === undefined) {
    sendError(
      response,
      new RecallError('VOICE_NOT_CONFIGURED', 'Voice input is not configured on this server.'),
      { close: true },
    );
    return;
  }

  const waitMs = await uploadBudgetWait(options, user.userId);
  if (waitMs > 0) {
    sendError(
      response,
      new RecallError('RATE_LIMITED', `Too many recordings; retry in ${waitMs} ms.`, {
        retryAfterMs: waitMs,
      }),
      { close: true },
    );
    return;
  }
  const running = inFlight.get(user.userId) ?? 0;
  if (running >= options.maxConcurrentPerUser) {
    sendError(
      response,
      new RecallError('RATE_LIMITED', 'Too many recordings at once; wait for the last one.', {
        retryAfterMs: 1000,
      }),
      { close: true },
    );
    return;
  }
  inFlight.set(user.userId, running + 1);
  try {
    await transcribeRequest(options, user, request, response);
  } finally {
    const remaining = (inFlight.get(user.userId) ?? 1) - 1;
    if (remaining > 0) inFlight.set(user.userId, remaining);
    else inFlight.delete(user.userId);
  }
}

async function transcribeRequest(
  options: ResolvedTranscribeOptions,
  user: AuthenticatedUser,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let upload: AudioUpload;
  try {
    upload = await readAudioUpload(request, { maxBytes: options.maxBytes });
  } catch (error) {
    sendError(response, toRecallError(error), { close: !request.complete });
    return;
  }

  const recallSetId = await findOwnedSession(options, user, upload.sessionId);
  if (recallSetId === null) {
    options.logger.warn?.('transcribe: refused a session the caller does not own', {
      userId: user.userId,
      sessionId: upload.sessionId,
    });
    sendError(
      response,
      new RecallError('FORBIDDEN', 'You cannot use voice input in this session.'),
    );
    return;
  }

  const clientGone = new AbortController();
  const onClose = () => {
    if (!response.writableFinished) clientGone.abort();
  };
  response.on('close', onClose);
  const outcome = await withDeadline(
    (signal) => transcribeUpload(options, { ...upload, recallSetId, signal, userId: user.userId }),
    { timeoutMs: options.timeoutMs, cancelled: clientGone.signal },
  );
  response.off('close', onClose);
  switch (outcome.status) {
    case 'done':
      sendJson(response, 200, outcome.value);
      return;
    case 'cancelled':
      return;
    case 'timed-out':
    case 'failed': {
      const error = toRecallError(outcome.error);
      options.logger.warn?.('transcribe: failed', {
        code: error.code,
        sessionId: upload.sessionId,
      });
      sendError(response, error, outcome.status === 'timed-out' ? { status: 504 } : {});
      return;
    }
    default:
      assertNever(outcome, 'deadline outcome');
  }
}

/** Takes one upload from the user's budget: 0 when allowed, else the wait in ms. */
async function uploadBudgetWait(
  options: ResolvedTranscribeOptions,
  userId: string,
): Promise<number> {
  if (options.rateLimit === false) return 0;
  try {
    const taken = await options.rateLimiter.take({
      key: `transcribe:${userId}`,
      limit: options.rateLimit,
    });
    return taken.allowed ? 0 : taken.retryAfterMs;
  } catch (error) {
    // An outage of a shared store must not turn voice input off; the per-node cap still holds.
    options.logger.error?.('transcribe: rate limiter failed; upload let through', {
      userId,
      error: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}

/** The session's recall set id when `user` owns the session; null otherwise (and when absent). */
async function findOwnedSession(
  options: ResolvedTranscribeOptions,
  user: AuthenticatedUser,
  sessionId: string,
): Promise<string | null> {
  const session = await options.storage.getSession(sessionId);
  if (session === null || session.userId !== user.userId) return null;
  return session.recallSetId;
}

async function transcribeUpload(
  options: ResolvedTranscribeOptions,
  upload: {
    audio: Uint8Array;
    mimeType: string;
    recallSetId: string;
    signal: AbortSignal;
    userId: string;
  },
): Promise<ProcessedTranscript> {
  const { transcription, pipeline } = options;
  if (transcription === undefined) throw new RecallError('VOICE_NOT_CONFIGURED', 'No adapter.');
  const { text } = await transcription.transcribe({
    audio: upload.audio,
    mimeType: upload.mimeType,
    signal: upload.signal,
  });
  if (text.trim() === '' || pipeline === undefined) {
    return { text, rawText: text, corrections: [], hasNotation: hasNotation(text) };
  }
  const terms = await loadTerms(options, upload.recallSetId, upload.signal);
  // The learner's id lets a spend guard around the pipeline's model count the call as theirs.
  return pipeline.process({
    text,
    source: 'voice',
    terms,
    signal: upload.signal,
    userId: upload.userId,
  });
}

async function loadTerms(
  options: ResolvedTranscribeOptions,
  recallSetId: string,
  signal: AbortSignal,
): Promise<string[]> {
  if (options.termExtractor === undefined) return [];
  const recallSet = await options.storage.getRecallSet(recallSetId);
  return recallSet === null ? [] : options.termExtractor.getTerms(recallSet, { signal });
}
