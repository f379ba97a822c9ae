import { RecallError } from '../../errors/recall-error';

/** A provider failure in Recall's terms, and whether sending the same request again may work. */
export interface MappedFailure {
  error: RecallError;
  /** True for rate limits, overload, server errors, timeouts and lost connections. */
  retryable: boolean;
}

/** How failed requests are retried. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Backoff before the first retry; doubles each time. */
  initialDelayMs: number;
  /** Cap of the exponential backoff. */
  maxDelayMs: number;
  /** A server-requested wait longer than this ends the call instead (with `retryAfterMs`). */
  maxRetryAfterMs: number;
  /** Source of randomness for jitter, in [0, 1). */
  random: () => number;
}

/**
 * Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date), as the SDK does.
 * Returns undefined when neither gives a positive delay.
 */
export function retryAfterFromHeaders(
  headers: Headers | undefined,
  now: number,
): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (milliseconds > 0) return milliseconds;
  const retryAfter = headers.get('retry-after');
  if (!retryAfter) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (!Number.isNaN(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const date = Date.parse(retryAfter);
  return date > now ? date - now : undefined;
}

/**
 * The wait before retry number `retry` (0-based). A server-requested wait is honoured and
 * stretched by up to 10% so clients throttled together do not return together; otherwise
 * exponential backoff shortened by up to 25% of jitter.
 */
export function retryDelayMs(options: {
  retry: number;
  retryAfterMs: number | undefined;
  policy: RetryPolicy;
}): number {
  const { retry, retryAfterMs, policy } = options;
  if (retryAfterMs !== undefined) return retryAfterMs * (1 + policy.random() * 0.1);
  const backoff = Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
  return backoff * (1 - policy.random() * 0.25);
}

/** Waits `ms`, rejecting with an `ABORTED` RecallError as soon as `signal` aborts. */
export function waitForRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(abortedError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error a cancelled call ends with. */
export function abortedError(cause?: unknown): RecallError {
  return new RecallError(
    'ABORTED',
    'The model call was cancelled.',
    cause === undefined ? {} : { cause },
  );
}
