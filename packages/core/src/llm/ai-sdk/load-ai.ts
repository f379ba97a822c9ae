import type * as Ai from 'ai';
import { importOptionalPeer } from '../../internal/optional-peer';

/** The parts of `ai` the adapter uses at run time. */
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
