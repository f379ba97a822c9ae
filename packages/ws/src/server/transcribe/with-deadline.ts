import { RecallError } from '@recall/core';

/** How {@link withDeadline} ended when it did not produce a value. */
export type DeadlineOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'timed-out'; error: RecallError }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

/**
 * Runs `work` with a signal that aborts at the deadline or when `cancelled` fires (the client
 * went away). Settles at the deadline even if `work` ignores its signal.
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; cancelled: AbortSignal },
): Promise<DeadlineOutcome<T>> {
  const controller = new AbortController();
  const onCancel = () => controller.abort();
  options.cancelled.addEventListener('abort', onCancel, { once: true });
  const timeoutError = new RecallError(
    'TRANSCRIPTION_FAILED',
    `Transcription took longer than ${options.timeoutMs} ms.`,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(timeoutError);
      controller.abort();
    }, options.timeoutMs);
  });
  try {
    return { status: 'done', value: await Promise.race([work(controller.signal), deadline]) };
  } catch (error) {
    if (error === timeoutError) return { status: 'timed-out', error: timeoutError };
    if (options.cancelled.aborted) return { status: 'cancelled' };
    return { status: 'failed', error };
  } finally {
    clearTimeout(timer);
    options.cancelled.removeEventListener('abort', onCancel);
  }
}
