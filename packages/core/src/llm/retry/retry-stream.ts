import { RecallError } from '../../errors/recall-error';
import {
  abortedError,
  type MappedFailure,
  type RetryPolicy,
  retryDelayMs,
  waitForRetry,
} from './retry-policy';

/** Inputs of {@link retryStream}. */
export interface RetryStreamOptions<Part> {
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
  /**
   * True when the caller shows parts as they arrive. Then a failure after the first visible
   * part is never retried (the text would repeat) and ends as `LLM_INTERRUPTED`. When false,
   * parts are held back until the attempt completes, so any retryable failure may be retried.
   */
  outputIsVisible: boolean;
  /** Runs one attempt (one HTTP request) without retries. */
  attempt: () => AsyncIterable<Part>;
  /** Whether a part is output the caller shows (text), as opposed to bookkeeping (finish). */
  isVisible: (part: Part) => boolean;
  /** The adapter's one mapping from provider failures to Recall errors. */
  mapError: (thrown: unknown) => MappedFailure;
}

/**
 * Recall's retry policy for every model adapter: retries what is safe to retry (rate limits,
 * overload, 5xx, timeouts and lost connections) only while nothing visible has been delivered,
 * with exponential backoff and jitter, honouring a server-requested wait up to
 * `maxRetryAfterMs`. Aborting `signal` ends the call at once, during a wait included.
 */
export async function* retryStream<Part>(
  options: RetryStreamOptions<Part>,
): AsyncGenerator<Part, void, undefined> {
  for (let retry = 0; ; retry++) {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    let delivered = false;
    const held: Part[] = [];
    try {
      for await (const part of options.attempt()) {
        if (!options.outputIsVisible) {
          held.push(part);
          continue;
        }
        if (options.isVisible(part)) delivered = true;
        yield part;
      }
      yield* held;
      return;
    } catch (thrown) {
      const failure = options.mapError(thrown);
      if (failure.error.code === 'ABORTED') throw failure.error;
      if (delivered) throw interruptedError(failure.error);
      const retryAfterMs = failure.error.retryAfterMs;
      if (!failure.retryable || retry >= options.policy.maxRetries) throw failure.error;
      if (retryAfterMs !== undefined && retryAfterMs > options.policy.maxRetryAfterMs)
        throw failure.error;
      await waitForRetry(
        retryDelayMs({ retry, retryAfterMs, policy: options.policy }),
        options.signal,
      );
    }
  }
}

/** The error a response ends with when it breaks off after text was shown. */
export function interruptedError(cause: RecallError): RecallError {
  return new RecallError(
    'LLM_INTERRUPTED',
    `The response broke off after text was streamed (${cause.code}: ${cause.message}).`,
    { cause },
  );
}
