import type * as Ai from 'ai';
import { importOptionalPeer } from '../../internal/optional-peer';

/**
 * What `ai` 7 throws for an error part inside a 200 stream (`StreamProviderError`): the
 * provider's payload is kept as `data`. `ai` 6 hands over the payload itself, and has no class.
 */
export interface StreamProviderErrorLike extends Error {
  readonly type?: string | undefined;
  readonly code?: string | number | undefined;
  readonly data?: unknown;
}

/** The parts of `ai` (6 or 7) the adapter uses at run time. */
export type AiSdk = Pick<
  typeof Ai,
  | 'streamText'
  | 'generateText'
  | 'Output'
  | 'APICallError'
  | 'RetryError'
  | 'LoadAPIKeyError'
  | 'NoObjectGeneratedError'
  | 'InvalidResponseDataError'
  | 'JSONParseError'
  | 'TypeValidationError'
> & {
  /** Only in `ai` 7. */
  StreamProviderError?: { isInstance(error: unknown): error is StreamProviderErrorLike };
};

/** The error classes of `ai` that failures are recognised by (6 and 7 alike). */
export type AiSdkErrorClasses = Pick<
  AiSdk,
  | 'APICallError'
  | 'RetryError'
  | 'LoadAPIKeyError'
  | 'InvalidResponseDataError'
  | 'JSONParseError'
  | 'TypeValidationError'
  | 'StreamProviderError'
>;

let loading: Promise<AiSdk> | undefined;

/**
 * Loads `ai` (an optional peer) on first use, once per process. Without it installed, the first
 * model call fails with `PEER_DEPENDENCY_MISSING` naming `ai`.
 */
export function loadAiSdk(): Promise<AiSdk> {
  loading ??= importOptionalPeer({
    packageName: 'ai',
    usedBy: 'createAiSdkLLM',
    load: () => import('ai'),
  });
  return loading;
}
