import type { AiSdkErrorClasses, StreamProviderErrorLike } from './load-ai';

/**
 * Provider-neutral categories every failure of an AI SDK call is sorted into, whatever the
 * provider behind it (OpenAI, Anthropic, Google, an OpenAI-compatible server, a gateway).
 */
export type ProviderFailureKind =
  | 'aborted'
  | 'auth'
  | 'rate-limited'
  | 'overloaded'
  | 'server-error'
  | 'timeout'
  | 'context-too-long'
  | 'content-filtered'
  | 'bad-request'
  | 'network'
  | 'truncated'
  | 'malformed-stream'
  | 'unknown';

/** One classified failure: what happened, and what the provider said. */
export interface ProviderFailure {
  kind: ProviderFailureKind;
  /** The provider's own words, e.g. `HTTP 429 (rate_limit_exceeded): Rate limit reached`. */
  detail: string;
  /** Response headers of an HTTP error (for `retry-after`). */
  headers: Headers | undefined;
}

// Error codes, types and statuses that name a cause whatever the HTTP status, across providers
// (OpenAI `code`/`type`, Anthropic `error.type`, Google `status`, Azure content filters) and
// the messages OpenAI-compatible servers (vLLM, llama.cpp, Ollama) send without a code.
const CONTEXT_TOO_LONG =
  /context_length_exceeded|context[ _]length|context[ _]window|maximum context|prompt is too long|too many (?:input )?tokens|maximum number of tokens|exceeds? the available context|input is too long/i;
const CONTENT_FILTERED =
  /content[ _-]?filter|content[ _]policy|content management policy|responsible ?ai|prohibited content/i;
const BILLING = /insufficient_quota|billing|payment required|credit balance/i;
const AUTH =
  /invalid_api_key|authentication|unauthenticated|unauthorized|permission|forbidden|api key/i;
const OVERLOADED = /overloaded|server_overloaded|\bunavailable\b|capacity/i;
const RATE_LIMITED = /rate[ _-]?limit|resource_exhausted|too many requests/i;
const TIMEOUT = /timeout|timed out|deadline_exceeded/i;

/**
 * Sorts one thrown value (or an error part of a stream) into a {@link ProviderFailureKind}.
 * The AI SDK's errors are recognised by their `isInstance` markers, so duplicated copies of
 * `ai` in a bundle still match.
 */
export function classifyFailure(thrown: unknown, ai: AiSdkErrorClasses): ProviderFailure {
  if (ai.RetryError.isInstance(thrown)) return classifyFailure(thrown.lastError, ai);
  if (ai.StreamProviderError?.isInstance(thrown)) {
    // ai 7 wraps an error part of a 200 stream; it is classified as ai 6 hands it over.
    return classifyFailure(streamErrorPayload(thrown), ai);
  }
  if (thrown instanceof Error && thrown.name === 'AbortError') {
    return failure('aborted', thrown.message);
  }
  if (ai.APICallError.isInstance(thrown)) {
    const status = thrown.statusCode;
    const headers = thrown.responseHeaders ? new Headers(thrown.responseHeaders) : undefined;
    if (status === undefined || (status >= 200 && status < 300)) {
      // A 2xx whose body does not parse is garbage; one that failed to arrive, or no response
      // at all, is a broken connection.
      const garbled =
        ai.JSONParseError.isInstance(thrown.cause) ||
        ai.TypeValidationError.isInstance(thrown.cause);
      return failure(garbled ? 'malformed-stream' : 'network', describeCause(thrown), headers);
    }
    const said = [codesOf(thrown.data), codesOf(parseJson(thrown.responseBody)), thrown.message]
      .filter(Boolean)
      .join(' ');
    return failure(kindOfStatus(status, said), `HTTP ${status}: ${thrown.message}`, headers);
  }
  if (ai.LoadAPIKeyError.isInstance(thrown)) return failure('auth', thrown.message);
  if (ai.InvalidResponseDataError.isInstance(thrown)) {
    // A stream that closed without a finish reason was cut short; anything else is garbage.
    const cutShort = /without a finish reason/i.test(thrown.message);
    return failure(cutShort ? 'truncated' : 'malformed-stream', thrown.message);
  }
  if (ai.JSONParseError.isInstance(thrown) || ai.TypeValidationError.isInstance(thrown)) {
    return failure('malformed-stream', thrown.message);
  }
  if (thrown instanceof TypeError) {
    // fetch and stream reads fail with TypeError ("terminated", "fetch failed") when a connection drops.
    return failure('network', describeCause(thrown));
  }
  if (thrown instanceof Error) return failure('unknown', thrown.message);
  if (typeof thrown === 'object' && thrown !== null) {
    // An error part inside a 200 stream: provider error data, without a status.
    const said = codesOf(thrown);
    return failure(kindOfCodes(said) ?? 'server-error', `inside the response stream: ${said}`);
  }
  return failure('unknown', String(thrown));
}

/** The provider's payload of an ai 7 stream error, or the fields ai 7 read from it. */
function streamErrorPayload(error: StreamProviderErrorLike): object {
  if (typeof error.data === 'object' && error.data !== null) return error.data;
  const { type, code, message } = error;
  return {
    message,
    ...(type === undefined ? {} : { type }),
    ...(code === undefined ? {} : { code }),
  };
}

function failure(
  kind: ProviderFailureKind,
  detail: string,
  headers?: Headers | undefined,
): ProviderFailure {
  return { kind, detail, headers };
}

/** The kind a cause-naming code gives, if any. */
function kindOfCodes(said: string): ProviderFailureKind | undefined {
  if (CONTEXT_TOO_LONG.test(said)) return 'context-too-long';
  if (CONTENT_FILTERED.test(said)) return 'content-filtered';
  if (BILLING.test(said)) return 'auth';
  if (OVERLOADED.test(said)) return 'overloaded';
  if (RATE_LIMITED.test(said)) return 'rate-limited';
  if (TIMEOUT.test(said)) return 'timeout';
  if (AUTH.test(said)) return 'auth';
  return undefined;
}

function kindOfStatus(status: number, said: string): ProviderFailureKind {
  const named = kindOfCodes(said);
  if (named === 'context-too-long' || named === 'content-filtered') return named;
  if (status === 401 || status === 402 || status === 403) return 'auth';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return named === 'auth' ? 'auth' : 'rate-limited';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return named === 'overloaded' ? 'overloaded' : 'server-error';
  return named === 'auth' ? 'auth' : 'bad-request';
}

/** The strings of an error body that name its cause: codes, types, statuses and the message. */
function codesOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const record = data as Record<string, unknown>;
  const inner = typeof record.error === 'object' && record.error !== null ? record.error : record;
  return ['code', 'type', 'status', 'message']
    .map((key) => (inner as Record<string, unknown>)[key])
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ');
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeCause(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
