import type { IncomingMessage } from 'node:http';
import type { StorageAdapter } from '@recall/core';
import type { TermExtractor, TranscriptionAdapter, TranscriptPipeline } from '@recall/core/voice';
import type { RecallServerLogger } from '../logger';
import { createMemoryRateLimiter, type RateLimitBudget, type RateLimiter } from '../rate-limiter';
import type { AuthenticatedUser, RateLimitOptions } from '../server-options';

/** Options for {@link createTranscribeHandler}. */
export interface TranscribeHandlerOptions {
  /** Where sessions (and their owners) and recall sets are read from. */
  storage: StorageAdapter;
  /** The same function the socket server uses; `null` answers `401`. */
  authenticate: (
    request: IncomingMessage,
  ) => AuthenticatedUser | null | Promise<AuthenticatedUser | null>;
  /** Speech-to-text. Without it the endpoint answers `501 VOICE_NOT_CONFIGURED`. */
  transcription?: TranscriptionAdapter;
  /** Corrects terms and adds notation. Without it the raw transcript is returned. */
  pipeline?: TranscriptPipeline;
  /** Supplies the session's recall-set vocabulary to `pipeline`. @default no terms */
  termExtractor?: TermExtractor;
  /** Largest audio file in bytes; larger uploads get `413`. @default 5242880 (5 MB) */
  maxBytes?: number;
  /** Deadline for transcription plus pipeline; past it the answer is `504`. @default 30000 */
  timeoutMs?: number;
  /**
   * Uploads one user may have in flight at once; more get `429 RATE_LIMITED` (each upload
   * costs a speech-to-text and a model call). @default 2
   */
  maxConcurrentPerUser?: number;
  /**
   * Uploads per user (a token bucket), kept by `rateLimiter` under `transcribe:<userId>`;
   * more get `429 RATE_LIMITED` with `Retry-After`. `false` for none.
   * @default { burst: 10, refillPerSecond: 0.2 } (10 at once, then 12 a minute)
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Where `rateLimit` budgets are kept; the same interface as `createRecallServer`'s. Pass one
   * limiter backed by a shared store to every node to give each user one budget across the
   * cluster (`maxConcurrentPerUser` stays per node).
   * @default createMemoryRateLimiter() — budgets in this process
   */
  rateLimiter?: RateLimiter;
  /** @default warnings and errors to the console */
  logger?: RecallServerLogger;
}

/** Options after defaults and validation. */
export interface ResolvedTranscribeOptions {
  storage: StorageAdapter;
  authenticate: TranscribeHandlerOptions['authenticate'];
  transcription: TranscriptionAdapter | undefined;
  pipeline: TranscriptPipeline | undefined;
  termExtractor: TermExtractor | undefined;
  maxBytes: number;
  timeoutMs: number;
  maxConcurrentPerUser: number;
  rateLimit: RateLimitBudget | false;
  rateLimiter: RateLimiter;
  logger: RecallServerLogger;
}

const DEFAULTS = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 30_000,
  maxConcurrentPerUser: 2,
  rateLimit: { burst: 10, refillPerSecond: 0.2 },
} as const;

/** Applies defaults and rejects unusable options with a `TypeError`. */
export function resolveTranscribeOptions(
  options: TranscribeHandlerOptions,
  fallbackLogger: RecallServerLogger,
): ResolvedTranscribeOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createTranscribeHandler: options are required.');
  }
  if (options.storage === undefined) {
    throw new TypeError('createTranscribeHandler: `storage` is required.');
  }
  if (typeof options.authenticate !== 'function') {
    throw new TypeError('createTranscribeHandler: `authenticate` must be a function.');
  }
  if (options.termExtractor !== undefined && options.pipeline === undefined) {
    throw new TypeError(
      'createTranscribeHandler: `termExtractor` only applies together with `pipeline`.',
    );
  }
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxConcurrentPerUser = options.maxConcurrentPerUser ?? DEFAULTS.maxConcurrentPerUser;
  for (const [name, value] of [
    ['maxBytes', maxBytes],
    ['timeoutMs', timeoutMs],
    ['maxConcurrentPerUser', maxConcurrentPerUser],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(
        `createTranscribeHandler: \`${name}\` must be a positive integer, got ${String(value)}.`,
      );
    }
  }
  const rateLimit =
    options.rateLimit === false ? false : { ...DEFAULTS.rateLimit, ...options.rateLimit };
  if (
    rateLimit !== false &&
    (!Number.isInteger(rateLimit.burst) || rateLimit.burst <= 0 || !(rateLimit.refillPerSecond > 0))
  ) {
    throw new TypeError(
      'createTranscribeHandler: `rateLimit` needs a positive integer `burst` and a positive `refillPerSecond`.',
    );
  }
  if (options.rateLimiter !== undefined && typeof options.rateLimiter?.take !== 'function') {
    throw new TypeError('createTranscribeHandler: `rateLimiter` must have a `take` method.');
  }
  return {
    storage: options.storage,
    authenticate: options.authenticate,
    transcription: options.transcription,
    pipeline: options.pipeline,
    termExtractor: options.termExtractor,
    maxBytes,
    timeoutMs,
    maxConcurrentPerUser,
    rateLimit,
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    logger: options.logger ?? fallbackLogger,
  };
}
