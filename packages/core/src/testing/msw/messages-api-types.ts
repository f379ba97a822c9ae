/**
 * Types of the Messages API mock. They are written out here rather than imported from
 * `@anthropic-ai/sdk`, so the test helpers work for hosts that call the API another way.
 */

/** The Messages API's error categories (`error.type`); unknown strings are passed through. */
export type MessagesApiErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'billing_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'timeout_error'
  | 'overloaded_error'
  | (string & {});

/** The Messages API's stop reasons; unknown strings are passed through. */
export type MessagesApiStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded'
  | (string & {});

/** Token counts the mock reports. Missing counts are estimated from the request and reply. */
export interface MessagesApiUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Delays the mock waits, in milliseconds. */
export interface MessagesApiTiming {
  /**
   * Before the response headers.
   * @default 0
   */
  headersDelayMs?: number;
  /**
   * After `message_start`, before the first content block (the model's time to first token).
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
 * - `complete`: `message_delta` with the stop reason and usage, then `message_stop`;
 * - `error`: an `event: error` inside the 200 stream (e.g. `overloaded_error`);
 * - `disconnect`: the connection drops without `message_stop`;
 * - `stall`: nothing more is sent until the client goes away.
 */
export type MessagesApiStreamEnd =
  | { type: 'complete' }
  | { type: 'error'; errorType: MessagesApiErrorType; message?: string }
  | { type: 'disconnect' }
  | { type: 'stall' };

/** Fields shared by replies that stream content. */
export interface MessagesApiContentReplyFields {
  stopReason?: MessagesApiStopReason;
  usage?: MessagesApiUsage;
  /** @default { type: 'complete' } */
  end?: MessagesApiStreamEnd;
  /** Overrides the mock's default timing for this reply. */
  timing?: MessagesApiTiming;
}

/** A text answer. A string is streamed word by word; an array is streamed one delta per item. */
export interface MessagesApiTextReply extends MessagesApiContentReplyFields {
  type: 'text';
  text: string | readonly string[];
}

/**
 * A JSON answer: a `tool_use` block when the request forces a tool (`tool_choice.type: 'tool'`),
 * otherwise a text block as structured outputs (`output_config.format`) produce.
 * `raw` sends the exact characters, e.g. malformed JSON.
 */
export type MessagesApiJsonReply = MessagesApiContentReplyFields & {
  type: 'json';
} & ({ value: unknown; raw?: never } | { raw: string; value?: never });

/** An HTTP error response such as 429, 529 or 401, with `retry-after` headers when given. */
export interface MessagesApiErrorReply {
  type: 'error';
  status: number;
  /** @default derived from the status, e.g. `rate_limit_error` for 429 */
  errorType?: MessagesApiErrorType;
  message?: string;
  /** Sent as `retry-after-ms`. */
  retryAfterMs?: number;
  /** Sent as `retry-after`. */
  retryAfterSeconds?: number;
  headers?: Readonly<Record<string, string>>;
  timing?: Pick<MessagesApiTiming, 'headersDelayMs'>;
}

/** The connection fails before any response (a refused or reset connection). */
export interface MessagesApiNetworkErrorReply {
  type: 'network-error';
}

/** One server-sent event replayed verbatim; a string `data` is sent as is (it may be invalid JSON). */
export interface MessagesApiRawEvent {
  event: string;
  data: unknown;
}

/** A recorded or hand-written SSE script, sent in order with `chunkDelayMs` between events. */
export interface MessagesApiSseReply {
  type: 'sse';
  events: readonly MessagesApiRawEvent[];
  /** What happens after the last event. @default { type: 'complete' } (the connection closes) */
  end?: Exclude<MessagesApiStreamEnd, { type: 'error' }>;
  timing?: MessagesApiTiming;
}

/** What the mock answers to one request. */
export type MessagesApiReply =
  | MessagesApiTextReply
  | MessagesApiJsonReply
  | MessagesApiErrorReply
  | MessagesApiNetworkErrorReply
  | MessagesApiSseReply;

/** The JSON body of a `POST /v1/messages` request, loosely typed. */
export interface MessagesApiRequestBody {
  model: string;
  messages: unknown[];
  system?: unknown;
  stream?: boolean;
  tool_choice?: { type: string; name?: string };
  [key: string]: unknown;
}

/** One request the mock received. */
export interface RecordedMessagesRequest {
  /** The parsed JSON body. */
  body: MessagesApiRequestBody;
  /** The body exactly as sent, for byte-level assertions (e.g. prompt-prefix stability). */
  rawBody: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
  /** Becomes true when the client closed the connection before the response was complete. */
  aborted: boolean;
  /**
   * `Date.now()` when the mock finished its response (sent it completely or dropped the
   * connection on purpose); undefined while it is still running or after a client abort.
   */
  completedAt: number | undefined;
}

/**
 * Where replies come from: a queue consumed in order, or a function of the request
 * (e.g. to route by `request.body.model`). `index` counts requests from 0.
 */
export type MessagesApiReplySource =
  | readonly MessagesApiReply[]
  | ((request: RecordedMessagesRequest, index: number) => MessagesApiReply);

/** Options shared by the msw handlers and the local server; the delays apply to every reply. */
export interface MessagesApiMockOptions extends MessagesApiTiming {
  /**
   * The replies, in order or computed. When a queue runs out, the mock answers 500
   * with a message saying so, which makes a missing script entry obvious in a test.
   * @default every request gets a short text reply
   */
  replies?: MessagesApiReplySource;
}
