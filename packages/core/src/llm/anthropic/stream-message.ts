import type Anthropic from '@anthropic-ai/sdk';
import type { Middleware } from '@anthropic-ai/sdk';
import type { TokenUsage } from '../../events/catalog';
import { RecallError } from '../../errors/recall-error';
import { EMPTY_USAGE } from '../llm-adapter';
import type { AnthropicSdk } from './load-sdk';
import { mapAnthropicError } from './map-anthropic-error';
import { abortedError, type RetryPolicy } from '../retry/retry-policy';
import { retryStream } from '../retry/retry-stream';
import { applyMessageDeltaUsage, usageFromMessageStart } from './usage';

/** One normalized piece of a streamed message. */
export type MessageStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'json-delta'; json: string }
  | { type: 'finish'; stopReason: Anthropic.StopReason | null; usage: TokenUsage };

/** Inputs of {@link streamMessage}. */
export interface StreamMessageOptions {
  client: Anthropic;
  /** The loaded SDK, whose error classes failures are matched against. */
  sdk: AnthropicSdk;
  request: Anthropic.MessageCreateParamsStreaming;
  retry: RetryPolicy;
  /** Time allowed until response headers (the SDK's own timeout). */
  timeoutMs: number;
  /** Longest silence allowed between two chunks once the response has started. */
  idleTimeoutMs: number;
  signal: AbortSignal | undefined;
  /**
   * True when the caller shows deltas as they arrive. Then a failure after the first delta is
   * never retried (the text would repeat) and ends as `LLM_INTERRUPTED`. When false, parts are
   * held back until the message is complete, so any retryable failure may be retried.
   */
  outputIsVisible: boolean;
}

/** Why an attempt was stopped from our side. */
type StopCause = 'idle' | 'aborted';

/**
 * Streams one message: opens the request, enforces the idle timeout, maps every failure in
 * one place and retries what is safe to retry (rate limits, overload, 5xx, timeouts and lost
 * connections before any visible output) with backoff and jitter honouring `retry-after`.
 * Ends with exactly one `finish` part, or throws a `RecallError`.
 */
export function streamMessage(
  options: StreamMessageOptions,
): AsyncGenerator<MessageStreamPart, void, undefined> {
  return retryStream({
    policy: options.retry,
    signal: options.signal,
    outputIsVisible: options.outputIsVisible,
    attempt: () => streamAttempt(options),
    isVisible: (part) => part.type !== 'finish',
    mapError: (thrown) => mapAnthropicError(thrown, options.sdk),
  });
}

/** One HTTP request and its event stream, without retries. */
async function* streamAttempt(
  options: StreamMessageOptions,
): AsyncGenerator<MessageStreamPart, void, undefined> {
  const attempt = new AbortController();
  let stopCause: StopCause | undefined;
  const stop = (cause: StopCause) => {
    stopCause ??= cause;
    attempt.abort();
  };
  const onCallerAbort = () => stop('aborted');
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop('idle'), options.idleTimeoutMs);
  };
  const stopped = new Promise<never>((_, reject) => {
    attempt.signal.addEventListener('abort', () => reject(stopError(stopCause, options)), {
      once: true,
    });
  });
  // Swallowed here; the same rejection is raced (and surfaced) wherever we wait below.
  stopped.catch(() => undefined);

  try {
    const stream = await raceStop(
      options.client.messages.create(options.request, {
        signal: attempt.signal,
        timeout: options.timeoutMs,
        maxRetries: 0,
        middleware: [watchChunks(touch)],
      }),
      stopped,
    );
    const events = stream[Symbol.asyncIterator]();
    let usage = EMPTY_USAGE;
    let stopReason: Anthropic.StopReason | null = null;
    let complete = false;
    for (;;) {
      const next = await raceStop(events.next(), stopped);
      if (next.done) break;
      const event = next.value;
      switch (event.type) {
        case 'message_start':
          usage = usageFromMessageStart(event.message.usage);
          break;
        case 'content_block_delta':
          if (event.delta.type === 'text_delta')
            yield { type: 'text-delta', text: event.delta.text };
          else if (event.delta.type === 'input_json_delta') {
            yield { type: 'json-delta', json: event.delta.partial_json };
          }
          break;
        case 'message_delta':
          stopReason = event.delta.stop_reason;
          usage = applyMessageDeltaUsage(usage, event.usage);
          break;
        case 'message_stop':
          complete = true;
          break;
        case 'content_block_start':
        case 'content_block_stop':
          break;
        default:
          // The API may add event types; they carry nothing we use.
          break;
      }
    }
    // The SDK ends the iteration quietly when its request is aborted.
    if (attempt.signal.aborted) throw stopError(stopCause, options);
    if (!complete) {
      throw new RecallError('LLM_UNAVAILABLE', 'The response stream ended before `message_stop`.');
    }
    yield { type: 'finish', stopReason, usage };
  } finally {
    clearTimeout(idleTimer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    // Closes the HTTP stream if it is still open (idle timeout, consumer stopped early, error).
    attempt.abort();
  }
}

/**
 * Waits for `work` unless the attempt is stopped first. Stopping must not depend on the
 * transport noticing the abort, and a late rejection of `work` must not go unhandled.
 */
function raceStop<T>(work: PromiseLike<T>, stopped: Promise<never>): Promise<T> {
  const settled = Promise.resolve(work);
  settled.catch(() => undefined);
  return Promise.race([settled, stopped]);
}

function stopError(cause: StopCause | undefined, options: StreamMessageOptions): RecallError {
  if (cause === 'idle') {
    return new RecallError(
      'LLM_TIMEOUT',
      `The model stream sent nothing for ${options.idleTimeoutMs} ms.`,
    );
  }
  return abortedError(options.signal?.reason);
}

/**
 * Per-request middleware that calls `touch` when the response headers arrive and on every
 * body chunk (pings included), so the idle timer measures silence on the wire, which the
 * SDK's own timeout stops watching once headers arrive.
 */
function watchChunks(touch: () => void): Middleware {
  return async (request, next) => {
    const response = await next(request);
    touch();
    if (!response.ok || response.body === null) return response;
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        touch();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(tap), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
