import { RecallError } from '../../errors/recall-error';
import { abortedError } from '../retry/retry-policy';

/** Why an attempt was stopped from our side. */
type StopCause = 'timeout' | 'idle' | 'aborted';

/** Timers and cancellation of one attempt (one HTTP request). */
export interface CallWatch {
  /** Pass to the AI SDK call as `abortSignal`. */
  readonly signal: AbortSignal;
  /** Restarts the silence timer: `idleTimeoutMs` from now. */
  touch(): void;
  /** Waits for `work` unless the attempt is stopped first (then rejects with the stop's error). */
  race<T>(work: PromiseLike<T>): Promise<T>;
  /** The error the attempt was stopped with, if it was. */
  stopError(): RecallError | undefined;
  /** Clears the timers and aborts the request if it is still open. */
  close(): void;
}

/**
 * Watches one attempt: `timeoutMs` until the response starts (the first `touch`), then at most
 * `idleTimeoutMs` of silence between chunks; the caller's `signal` aborts it at once. Stopping
 * does not depend on the transport noticing the abort: waits raced through `race` end at once.
 */
export function watchCall(options: {
  timeoutMs: number;
  idleTimeoutMs: number;
  signal: AbortSignal | undefined;
}): CallWatch {
  const controller = new AbortController();
  let cause: StopCause | undefined;
  const stop = (why: StopCause) => {
    cause ??= why;
    controller.abort();
  };
  const onCallerAbort = () => stop('aborted');
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) stop('aborted');
  let timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const errorOf = (): RecallError => {
    switch (cause) {
      case 'timeout':
        return new RecallError(
          'LLM_TIMEOUT',
          `The model provider did not answer within ${options.timeoutMs} ms.`,
        );
      case 'idle':
        return new RecallError(
          'LLM_TIMEOUT',
          `The model stream sent nothing for ${options.idleTimeoutMs} ms.`,
        );
      default:
        return abortedError(options.signal?.reason);
    }
  };
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(errorOf()), { once: true });
  });
  // Swallowed here; the same rejection is raced (and surfaced) wherever we wait.
  stopped.catch(() => undefined);
  return {
    signal: controller.signal,
    touch() {
      clearTimeout(timer);
      timer = setTimeout(() => stop('idle'), options.idleTimeoutMs);
    },
    race(work) {
      const settled = Promise.resolve(work);
      // A late rejection of `work` after a stop must not go unhandled.
      settled.catch(() => undefined);
      return Promise.race([settled, stopped]);
    },
    stopError: () => (controller.signal.aborted ? errorOf() : undefined),
    close() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
      controller.abort();
    },
  };
}
