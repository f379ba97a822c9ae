import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMessagesApiMockState, type MessagesApiMockState } from './messages-api-mock-state';
import type { MessagesApiMockOptions, RecordedMessagesRequest } from './messages-api-types';
import { listenLocally, readRequest, servePlan } from '../stand-in/serve-plan';

/** Options for {@link startMessagesApiServer}. */
export interface MessagesApiServerOptions extends MessagesApiMockOptions {
  /**
   * The port to listen on; 0 picks a free one.
   * @default 0
   */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
}

/** A running local Messages API server. */
export interface MessagesApiServer {
  /** The base URL to give a client, e.g. `http://127.0.0.1:53211` (no trailing slash). */
  readonly url: string;
  /** Every request received, in order, with its raw body. */
  readonly requests: RecordedMessagesRequest[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts a tiny HTTP server that answers `POST /v1/messages` exactly like
 * {@link createMessagesApiHandlers} (same replies, same bytes), for benchmarks and for
 * processes msw cannot intercept. Node only; `node:http` is loaded on first use so the
 * testing entry still loads in browsers.
 *
 * @example
 * const api = await startMessagesApiServer({ firstTokenDelayMs: 300 });
 * const llm = createAnthropicLLM({ apiKey: 'test', baseURL: api.url });
 * // …
 * await api.close();
 */
export async function startMessagesApiServer(
  options: MessagesApiServerOptions = {},
): Promise<MessagesApiServer> {
  const state = createMessagesApiMockState(options);
  // Loaded on first use, so the testing entry still loads in browsers.
  const { url, close } = await listenLocally(
    await import('node:http'),
    (request, response) => handle(state, request, response),
    options,
  );
  return { url, requests: state.requests, close };
}

async function handle(
  state: MessagesApiMockState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v1/messages') {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'Not found.' } }),
    );
    return;
  }
  const { request: recorded, plan } = state.receive(await readRequest(request));
  await servePlan({ request, response, recorded, plan });
}
