import { RECALL_ERROR_CODES, type RecallErrorCode } from '../../errors/codes';
import { LLMOutputError, RecallError } from '../../errors/recall-error';
import { assertNever } from '../../internal/assert-never';
import { type MappedFailure, abortedError, retryAfterFromHeaders } from '../retry/retry-policy';
import { classifyFailure, type ProviderFailureKind } from './classify-failure';
import type { AiSdk } from './load-ai';

const RETRYABLE_CODES: ReadonlySet<RecallErrorCode> = new Set([
  'LLM_RATE_LIMITED',
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
]);

/**
 * The one place failures of AI SDK calls become Recall errors. Recall's own errors (a stop
 * from the idle timeout, say) pass through; everything else is classified, then mapped here.
 * `x-should-retry: false` from the server turns retrying off.
 */
export function mapAiSdkError(thrown: unknown, ai: AiSdk): MappedFailure {
  if (RecallError.isInstance(thrown)) {
    return { error: thrown, retryable: RETRYABLE_CODES.has(thrown.code) };
  }
  const failure = classifyFailure(thrown, ai);
  if (failure.kind === 'aborted') return { error: abortedError(thrown), retryable: false };
  if (failure.kind === 'malformed-stream') {
    const error = new LLMOutputError(
      `The model stream carried malformed data: ${failure.detail}`,
      '',
      { cause: thrown },
    );
    return { error, retryable: false };
  }
  const code = codeOfFailure(failure.kind);
  const retryAfterMs = retryAfterFromHeaders(failure.headers, Date.now());
  const error = new RecallError(code, `${RECALL_ERROR_CODES[code].description} ${failure.detail}`, {
    cause: thrown,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
  const serverSays = failure.headers?.get('x-should-retry');
  return { error, retryable: RETRYABLE_CODES.has(code) && serverSays !== 'false' };
}

/** The one switch from failure kinds to Recall's error codes. */
export function codeOfFailure(kind: ProviderFailureKind): RecallErrorCode {
  switch (kind) {
    case 'aborted':
      return 'ABORTED';
    case 'auth':
      return 'LLM_AUTH';
    case 'rate-limited':
      return 'LLM_RATE_LIMITED';
    case 'overloaded':
    case 'server-error':
    case 'network':
    case 'truncated':
      return 'LLM_UNAVAILABLE';
    case 'timeout':
      return 'LLM_TIMEOUT';
    case 'context-too-long':
      return 'LLM_CONTEXT_TOO_LONG';
    case 'content-filtered':
      return 'LLM_CONTENT_FILTERED';
    case 'bad-request':
      return 'LLM_BAD_REQUEST';
    case 'malformed-stream':
      return 'LLM_OUTPUT_INVALID';
    case 'unknown':
      return 'INTERNAL_ERROR';
    default:
      return assertNever(kind, 'provider failure kind');
  }
}
