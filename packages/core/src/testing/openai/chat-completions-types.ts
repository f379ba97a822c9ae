/**
 * Types of the OpenAI Chat Completions stand-in. Written out here rather than imported from an
 * SDK, so the stand-in works for hosts that call the API any way they like.
 */

/** Chat Completions finish reasons; unknown strings are passed through. */
export type ChatCompletionsFinishReason =
  | 'stop'
  | 'length'
  | 'content_filter'
  | 'tool_calls'
  | (string & {});

/**
 * Token counts the stand-in reports. Missing counts are estimated (4 characters per token);
 * `cachedTokens` defaults to what automatic prefix caching would give (see
 * {@link ChatCompletionsMockOptions.automaticPrefixCaching}).
 */
export interface ChatCompletionsUsage {
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
}

/** Delays the stand-in waits, in milliseconds. */
export interface ChatCompletionsTiming {
  /**
   * Before the response headers.
   * @default 0
   */
  headersDelayMs?: number;
  /**
   * After the first (role) chunk, before the first content delta: the model's time to first
   * token. A non-streamed reply waits it before its headers.
   * @default 0
   */
  firstTokenDelayMs?: number;
  /**
   * Between two content deltas.
   * @default 0
   */
  chunkDelayMs?: number;
}

/**
 * How a streamed reply ends:
 * - `complete`: the chunk with `finish_reason`, the usage chunk when the request asked for it
 *   (`stream_options.include_usage`), then `data: [DONE]`;
 * - `error`: a `data: {"error": …}` chunk inside the 200 stream, then the stream closes;
 * - `disconnect`: the socket is destroyed mid-body, without `finish_reason` or `[DONE]`;
 * - `stall`: nothing more is sent until the client goes away.
 */
export type ChatCompletionsStreamEnd =
  | { type: 'complete' }
  | { type: 'error'; errorType?: string; code?: string; message?: string }
  | { type: 'disconnect' }
  | { type: 'stall' };

/** Fields shared by replies that produce content. */
export interface ChatCompletionsContentFields {
  /** @default 'stop' */
  finishReason?: ChatCompletionsFinishReason;
  usage?: ChatCompletionsUsage;
  /** @default { type: 'complete' } */
  end?: ChatCompletionsStreamEnd;
  /** Overrides the stand-in's default timing for this reply. */
  timing?: ChatCompletionsTiming;
}

/** A text answer. A string is streamed word by word; an array is streamed one delta per item. */
export interface ChatCompletionsTextReply extends ChatCompletionsContentFields {
  type: 'text';
  text: string | readonly string[];
}

/** A JSON answer in the message content; `raw` sends the exact characters (e.g. broken JSON). */
export type ChatCompletionsJsonReply = ChatCompletionsContentFields & {
  type: 'json';
} & ({ value: unknown; raw?: never } | { raw: string; value?: never });

/** A refusal: the message's `refusal` field instead of content, as OpenAI sends one. */
export interface ChatCompletionsRefusalReply extends ChatCompletionsContentFields {
  type: 'refusal';
  refusal: string;
}

/** An HTTP error response in OpenAI's shape `{ error: { message, type, param, code } }`. */
export interface ChatCompletionsErrorReply {
  type: 'error';
  status: number;
  /** @default derived from the status, e.g. `rate_limit_exceeded` for 429 */
  errorType?: string;
  /** @default derived from the status, e.g. `rate_limit_exceeded` for 429 */
  code?: string | null;
  message?: string;
  /** Sent as `retry-after-ms`. */
  retryAfterMs?: number;
  /** Sent as `retry-after`. */
  retryAfterSeconds?: number;
  headers?: Readonly<Record<string, string>>;
  timing?: Pick<ChatCompletionsTiming, 'headersDelayMs'>;
}

/** The connection is dropped before any response (a reset connection). */
export interface ChatCompletionsNetworkErrorReply {
  type: 'network-error';
}

/**
 * A hand-written stream: each item is one `data:` line (objects are JSON-encoded, strings sent
 * as they are, so invalid JSON is possible), sent with `chunkDelayMs` between them.
 */
export interface ChatCompletionsSseReply {
  type: 'sse';
  data: readonly unknown[];
  /** What happens after the last item. @default { type: 'complete' } (the connection closes) */
  end?: Exclude<ChatCompletionsStreamEnd, { type: 'error' }>;
  timing?: ChatCompletionsTiming;
}

/** What the stand-in answers to one request. */
export type ChatCompletionsReply =
  | ChatCompletionsTextReply
  | ChatCompletionsJsonReply
  | ChatCompletionsRefusalReply
  | ChatCompletionsErrorReply
  | ChatCompletionsNetworkErrorReply
  | ChatCompletionsSseReply;

/** One chat message of a request, loosely typed. */
export interface ChatCompletionsRequestMessage {
  role: string;
  content: unknown;
  [key: string]: unknown;
}

/** The JSON body of a `POST /chat/completions` request, loosely typed. */
export interface ChatCompletionsRequestBody {
  model: string;
  messages: ChatCompletionsRequestMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  [key: string]: unknown;
}

/** One request the stand-in received. */
export interface RecordedChatCompletionsRequest {
  /** The parsed JSON body. */
  body: ChatCompletionsRequestBody;
  /** The body exactly as sent, for byte-level assertions (e.g. prompt-prefix stability). */
  rawBody: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
  /** Becomes true when the client closed the connection before the response was complete. */
  aborted: boolean;
  /**
   * `Date.now()` when the stand-in finished its response (sent it completely or dropped the
   * connection on purpose); undefined while it is still running or after a client abort.
   */
  completedAt: number | undefined;
}

/**
 * Where replies come from: a queue consumed in order, or a function of the request (e.g. to
 * route by `request.body.model` or `request.body.response_format`). `index` counts from 0.
 */
export type ChatCompletionsReplySource =
  | readonly ChatCompletionsReply[]
  | ((request: RecordedChatCompletionsRequest, index: number) => ChatCompletionsReply);

/** Options of the stand-in; the delays apply to every reply. */
export interface ChatCompletionsMockOptions extends ChatCompletionsTiming {
  /**
   * The replies, in order or computed. When a queue runs out, the stand-in answers 500 with
   * a message saying so, which makes a missing script entry obvious in a test.
   * @default every request gets a short text reply
   */
  replies?: ChatCompletionsReplySource;
  /**
   * Report `prompt_tokens_details.cached_tokens` as OpenAI's automatic prefix caching does:
   * the longest byte-identical prefix of `messages` shared with an earlier request to the same
   * model, counted in 128-token blocks once it reaches 1024 tokens. A reply's own
   * `usage.cachedTokens` wins.
   * @default true
   */
  automaticPrefixCaching?: boolean;
}
