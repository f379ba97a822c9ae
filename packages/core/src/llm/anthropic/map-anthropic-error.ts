import type { APIError } from '@anthropic-ai/sdk';
import type { ErrorType } from '@anthropic-ai/sdk/resources/shared';
import type { RecallErrorCode } from '../../errors/codes';
import { LLMOutputError, RecallError } from '../../errors/recall-error';
import type { AnthropicSdk } from './load-sdk';
import { abortedError, type MappedFailure, retryAfterFromHeaders } from '../retry/retry-policy';

/** The SDK's error classes, from the lazily loaded SDK. */
export type AnthropicErrorClasses = Pick<
  AnthropicSdk,
  'APIError' | 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIUserAbortError'
>;

const RETRYABLE_CODES: ReadonlySet<RecallErrorCode> = new Set([
  'LLM_RATE_LIMITED',
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
]);

/**
 * The one place provider failures become Recall errors: HTTP statuses, `event: error` inside
 * a 200 stream (no status, so it is classified by `error.type`), connection failures and
 * malformed stream data. `x-should-retry: false` from the server turns retrying off.
 */
export function mapAnthropicError(thrown: unknown, errors: AnthropicErrorClasses): MappedFailure {
  if (RecallError.isInstance(thrown)) {
    return { error: thrown, retryable: RETRYABLE_CODES.has(thrown.code) };
  }
  if (thrown instanceof errors.APIUserAbortError || isAbortError(thrown)) {
    return { error: abortedError(thrown), retryable: false };
  }
  if (thrown instanceof errors.APIConnectionTimeoutError) {
    return failure('LLM_TIMEOUT', 'The model provider did not answer in time.', thrown);
  }
  if (thrown instanceof errors.APIConnectionError) {
    return failure('LLM_UNAVAILABLE', 'The model provider could not be reached.', thrown);
  }
  if (thrown instanceof errors.APIError) {
    const category = codeOfErrorType(
      thrown.type ?? errorTypeOfStatus(thrown.status),
      thrown.status,
    );
    // The API says "prompt is too long" with a plain invalid_request_error.
    const code =
      category === 'LLM_BAD_REQUEST' && /prompt is too long/i.test(thrown.message)
        ? 'LLM_CONTEXT_TOO_LONG'
        : category;
    const retryAfterMs = retryAfterFromHeaders(thrown.headers, Date.now());
    const error = new RecallError(code, describe(thrown), {
      cause: thrown,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    const serverSays = thrown.headers?.get('x-should-retry');
    return { error, retryable: RETRYABLE_CODES.has(code) && serverSays !== 'false' };
  }
  if (thrown instanceof SyntaxError) {
    const error = new LLMOutputError(
      `The model stream carried malformed data: ${thrown.message}`,
      '',
      { cause: thrown },
    );
    return { error, retryable: false };
  }
  if (thrown instanceof TypeError) {
    // fetch and stream reads fail with TypeError ("terminated", "fetch failed") when a connection drops.
    return failure(
      'LLM_UNAVAILABLE',
      `The connection to the model provider failed: ${thrown.message}`,
      thrown,
    );
  }
  return {
    error: new RecallError(
      'INTERNAL_ERROR',
      thrown instanceof Error ? thrown.message : String(thrown),
      { cause: thrown },
    ),
    retryable: false,
  };
}

/** The one switch over the Messages API's error categories. */
function codeOfErrorType(type: ErrorType | null, status: number | undefined): RecallErrorCode {
  switch (type) {
    case 'invalid_request_error':
    case 'not_found_error':
    case 'memory_precondition_failed_error':
    case 'memory_path_conflict_error':
      return 'LLM_BAD_REQUEST';
    case 'authentication_error':
    case 'permission_error':
    case 'billing_error':
      return 'LLM_AUTH';
    case 'rate_limit_error':
      return 'LLM_RATE_LIMITED';
    case 'timeout_error':
      return 'LLM_TIMEOUT';
    case 'api_error':
    case 'overloaded_error':
    case 'conflict_error':
      return 'LLM_UNAVAILABLE';
    case null:
      return status === undefined || status >= 500 ? 'LLM_UNAVAILABLE' : 'LLM_BAD_REQUEST';
    default: {
      // Exhaustive at compile time; a category newer than the SDK's types falls back to the status.
      const unhandled: never = type;
      void unhandled;
      return status !== undefined && status < 500 && status !== 429
        ? 'LLM_BAD_REQUEST'
        : 'LLM_UNAVAILABLE';
    }
  }
}

function errorTypeOfStatus(status: number | undefined): ErrorType | null {
  if (status === undefined) return null;
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 408 || status === 504) return 'timeout_error';
  if (status === 409) return 'conflict_error';
  if (status === 429) return 'rate_limit_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

function describe(error: APIError): string {
  const where =
    error.status === undefined ? 'inside the response stream' : `with HTTP ${error.status}`;
  const what = error.apiMessage ?? error.message;
  return `The model provider failed ${where}${error.type ? ` (${error.type})` : ''}: ${what}`;
}

function failure(code: RecallErrorCode, message: string, cause: unknown): MappedFailure {
  return { error: new RecallError(code, message, { cause }), retryable: RETRYABLE_CODES.has(code) };
}

function isAbortError(value: unknown): boolean {
  return value instanceof Error && value.name === 'AbortError';
}
