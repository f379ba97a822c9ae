import { HttpResponse, http, type HttpHandler } from 'msw';
import { createMessagesApiMockState } from './messages-api-mock-state';
import type { MessagesApiMockOptions, RecordedMessagesRequest } from './messages-api-types';
import { playFrames, sleep } from '../stand-in/play-frames';

/** Options for {@link createMessagesApiHandlers}. */
export interface MessagesApiHandlersOptions extends MessagesApiMockOptions {
  /**
   * The API origin the handlers intercept.
   * @default 'https://api.anthropic.com'
   */
  baseURL?: string;
}

/** msw handlers imitating `POST /v1/messages`, and what they received. */
export interface MessagesApiHandlers {
  /** Pass to `setupServer(...)` or `server.use(...)`. */
  readonly handlers: HttpHandler[];
  /** Every request received, in order, with its raw body. */
  readonly requests: RecordedMessagesRequest[];
}

/**
 * Creates msw handlers that imitate the Anthropic Messages API: streamed SSE text with realistic
 * events and usage, structured or tool-use JSON, HTTP errors with `retry-after`, `event: error`
 * inside a 200 stream, mid-stream disconnects, stalls and configurable latency.
 *
 * @example
 * const api = createMessagesApiHandlers({ replies: [{ type: 'text', text: 'Hello there.' }] });
 * const server = setupServer(...api.handlers);
 * server.listen();
 * // … exercise code that calls the API, then:
 * expect(api.requests[0]?.body.model).toBe('claude-sonnet-5-5');
 */
export function createMessagesApiHandlers(
  options: MessagesApiHandlersOptions = {},
): MessagesApiHandlers {
  const state = createMessagesApiMockState(options);
  const origin = (options.baseURL ?? 'https://api.anthropic.com').replace(/\/+$/, '');

  const handler = http.post(`${origin}/v1/messages`, async ({ request }) => {
    const { request: recorded, plan } = state.receive({
      rawBody: await request.text(),
      headers: Object.fromEntries(request.headers),
    });
    const clientGone = request.signal;
    const markAborted = () => {
      recorded.aborted = true;
    };
    clientGone.addEventListener('abort', markAborted, { once: true });

    switch (plan.kind) {
      case 'network-error':
        await sleep(plan.delayMs, clientGone);
        recorded.completedAt = Date.now();
        return HttpResponse.error();
      case 'stall':
        await sleep(Number.POSITIVE_INFINITY, clientGone);
        return HttpResponse.error();
      case 'response':
        break;
    }
    await sleep(plan.headersDelayMs, clientGone);
    const encoder = new TextEncoder();
    const stop = new AbortController();
    clientGone.addEventListener('abort', () => stop.abort(), { once: true });
    const frames = playFrames(plan.frames, stop.signal);
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = await frames.next();
          if (next.done) {
            clientGone.removeEventListener('abort', markAborted);
            if (stop.signal.aborted) return;
            recorded.completedAt = Date.now();
            controller.close();
            return;
          }
          if (next.value.type === 'data') {
            controller.enqueue(encoder.encode(next.value.data));
            return;
          }
          clientGone.removeEventListener('abort', markAborted);
          recorded.completedAt = Date.now();
          controller.error(new TypeError('The mock Messages API dropped the connection.'));
        },
        cancel() {
          markAborted();
          stop.abort();
        },
        // Pulled only when the reader asks for more: a dropped connection comes after every frame
        // before it was read (msw 2 discards chunks still queued when a stream errors).
      },
      { highWaterMark: 0 },
    );
    // Chunked framing, as the real API streams; without it msw ends the emulated socket after
    // a client abort, which trips an assertion inside undici.
    const headers = { ...plan.headers, 'transfer-encoding': 'chunked' };
    return new HttpResponse(body, { status: plan.status, headers });
  });

  return { handlers: [handler], requests: state.requests };
}
