import { assertNever } from '../../internal/assert-never';
import type { ResponseFrame } from './response-plan';

/** What a transport must do next while playing a planned body. */
export type PlayedFrame = { type: 'data'; data: string } | { type: 'disconnect' };

/**
 * Walks a planned body: sleeps through waits, holds a stall until `signal` aborts (the client
 * left), and yields what to send. Ends early when `signal` aborts.
 */
export async function* playFrames(
  frames: readonly ResponseFrame[],
  signal: AbortSignal,
): AsyncGenerator<PlayedFrame> {
  for (const frame of frames) {
    if (signal.aborted) return;
    switch (frame.type) {
      case 'data':
      case 'disconnect':
        yield frame;
        if (frame.type === 'disconnect') return;
        break;
      case 'wait':
        await sleep(frame.ms, signal);
        break;
      case 'stall':
        await sleep(Number.POSITIVE_INFINITY, signal);
        return;
      default:
        assertNever(frame, 'response frame');
    }
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
