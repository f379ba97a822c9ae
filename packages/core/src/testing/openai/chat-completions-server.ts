import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, readRequest, servePlan } from '../stand-in/serve-plan';
import {
  type ChatCompletionsMockState,
  createChatCompletionsMockState,
} from './chat-completions-state';
import type {
  ChatCompletionsMockOptions,
  RecordedChatCompletionsRequest,
} from './chat-completions-types';

/** Options for {@link startChatCompletionsServer}. */
export interface ChatCompletionsServerOptions extends ChatCompletionsMockOptions {
  /**
   * The port to listen on; 0 picks a free one.
   * @default 0
   */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
}

/** A running local Chat Completions server. */
export interface ChatCompletionsServer {
  /** The origin, e.g. `http://127.0.0.1:53211` (no trailing slash). */
  readonly url: string;
  /** The base URL to give an OpenAI-compatible client: `url` + `/v1`. */
  readonly baseURL: string;
  /** Every request received, in order, with its raw body. */
  readonly requests: RecordedChatCompletionsRequest[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts a local HTTP server speaking the OpenAI Chat Completions wire format on
 * `POST …/chat/completions`: SSE `data:` chunks ending in `data: [DONE]`, the usage chunk when
 * the request sets `stream_options.include_usage`, plain JSON completions for non-streamed
 * requests (`response_format` included), OpenAI-shaped error bodies with `retry-after`
 * headers, error chunks inside a 200 stream, stalls and real mid-stream socket disconnects.
 * Use it to test any OpenAI-compatible client (the AI SDK's `@ai-sdk/openai-compatible`,
 * `createAiSdkLLM`) without a key or a network. Node only.
 *
 * @example
 * const server = await startChatCompletionsServer({
 *   replies: [{ type: 'text', text: 'Which molecule carries the energy?' }],
 * });
 * const provider = createOpenAICompatible({ name: 'local', baseURL: server.baseURL, includeUsage: true });
 * // … then: expect(server.requests[0]?.body.model).toBe('my-model'); await server.close();
 */
export async function startChatCompletionsServer(
  options: ChatCompletionsServerOptions = {},
): Promise<ChatCompletionsServer> {
  const state = createChatCompletionsMockState(options);
  const { url, close } = await listenLocally(
    { createServer },
    (request, response) => handle(state, request, response),
    options,
  );
  return { url, baseURL: `${url}/v1`, requests: state.requests, close };
}

async function handle(
  state: ChatCompletionsMockState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = request.url?.split('?')[0] ?? '';
  if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        error: {
          message: `Unknown request: ${request.method} ${path}`,
          type: 'invalid_request_error',
          param: null,
          code: 'unknown_url',
        },
      }),
    );
    return;
  }
  const { request: recorded, plan } = state.receive(await readRequest(request));
  await servePlan({ request, response, recorded, plan });
}
