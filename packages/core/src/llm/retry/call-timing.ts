// Retry and timeout options every model adapter of Recall takes, with one set of defaults and
// one set of checks.

/** Recall's retry policy for a model call: the only one (the SDKs' own retries are off). */
export interface LLMRetryOptions {
  /**
   * Retries of a failed request (rate limit, overload, 5xx, timeout, lost connection) made
   * before any text was streamed. Client errors (400, 401, 403, …) are never retried.
   * @default 2
   */
  maxRetries?: number;
  /**
   * Backoff before the first retry when the server names no wait; doubles per retry.
   * @default 500
   */
  retryInitialDelayMs?: number;
  /**
   * Cap of the exponential backoff.
   * @default 8000
   */
  retryMaxDelayMs?: number;
  /**
   * The longest `retry-after` honoured by waiting; a longer one ends the call with an
   * `LLM_RATE_LIMITED` / `LLM_UNAVAILABLE` error carrying `retryAfterMs`.
   * @default 60000
   */
  maxRetryAfterMs?: number;
}

/** Retries and timeouts with defaults applied and values checked. */
export interface ResolvedCallTiming {
  maxRetries: number;
  retryInitialDelayMs: number;
  retryMaxDelayMs: number;
  maxRetryAfterMs: number;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/**
 * Applies the defaults (2 retries, 500 ms doubling to 8 s, `retry-after` up to 60 s, 60 s to
 * start, 30 s of silence) and rejects an invalid value with a `TypeError` naming `adapter`
 * and the option.
 */
export function resolveCallTiming(
  adapter: string,
  options: LLMRetryOptions & { timeoutMs?: number; idleTimeoutMs?: number },
): ResolvedCallTiming {
  const resolved: ResolvedCallTiming = {
    maxRetries: options.maxRetries ?? 2,
    retryInitialDelayMs: options.retryInitialDelayMs ?? 500,
    retryMaxDelayMs: options.retryMaxDelayMs ?? 8000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    timeoutMs: options.timeoutMs ?? 60_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
  };
  requireInteger(adapter, 'maxRetries', resolved.maxRetries, 0);
  for (const name of [
    'retryInitialDelayMs',
    'retryMaxDelayMs',
    'maxRetryAfterMs',
    'timeoutMs',
    'idleTimeoutMs',
  ] as const) {
    if (!(resolved[name] > 0) || !Number.isFinite(resolved[name])) {
      throw new TypeError(`${adapter}: \`${name}\` must be a positive number of milliseconds.`);
    }
  }
  return resolved;
}

/** Rejects a value that is not an integer of at least `minimum`. */
export function requireInteger(
  adapter: string,
  name: string,
  value: number,
  minimum: number,
): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new TypeError(`${adapter}: \`${name}\` must be an integer ≥ ${minimum}.`);
  }
}
