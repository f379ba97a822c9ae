import { assertNever } from '../../internal/assert-never';
import type {
  MessagesApiErrorType,
  MessagesApiReply,
  MessagesApiSseReply,
  MessagesApiStreamEnd,
  MessagesApiTiming,
  RecordedMessagesRequest,
} from './messages-api-types';
import { type ContentReply, contentOf, usageOf } from './reply-content';

/** One step of a planned response body. */
export type ResponseFrame =
  | { type: 'data'; data: string }
  | { type: 'wait'; ms: number }
  | { type: 'disconnect' }
  | { type: 'stall' };

/**
 * Everything a transport (msw or the local server) needs to play one reply. Planning is pure,
 * so both transports send byte-identical responses and the SSE format lives in one place.
 */
export type ResponsePlan =
  | { kind: 'network-error'; delayMs: number }
  | { kind: 'stall' }
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string>;
      headersDelayMs: number;
      frames: ResponseFrame[];
    };

/** Inputs of {@link planResponse}. */
export interface PlanResponseOptions {
  request: RecordedMessagesRequest;
  reply: MessagesApiReply;
  /** The mock-wide timing; the reply's own timing wins. */
  timing: MessagesApiTiming | undefined;
  /** Numbers the message and request ids, e.g. `msg_mock_3`. */
  sequence: number;
}

const DEFAULT_ERROR_TYPES: Readonly<Record<number, MessagesApiErrorType>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const STATUS_OF_ERROR_TYPE: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(DEFAULT_ERROR_TYPES).map(([status, type]) => [type, Number(status)]),
);

/** Encodes one server-sent event the way the Messages API does. */
export function encodeServerSentEvent(event: string, data: unknown): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `event: ${event}\ndata: ${payload}\n\n`;
}

/** Plans the response to one request. Pure: no clock, no I/O. */
export function planResponse(options: PlanResponseOptions): ResponsePlan {
  const { reply } = options;
  switch (reply.type) {
    case 'network-error':
      return { kind: 'network-error', delayMs: options.timing?.headersDelayMs ?? 0 };
    case 'error':
      return {
        kind: 'response',
        status: reply.status,
        headers: {
          ...baseHeaders(options.sequence, 'application/json'),
          ...(reply.retryAfterMs === undefined
            ? {}
            : { 'retry-after-ms': `${reply.retryAfterMs}` }),
          ...(reply.retryAfterSeconds === undefined
            ? {}
            : { 'retry-after': `${reply.retryAfterSeconds}` }),
          ...reply.headers,
        },
        headersDelayMs: reply.timing?.headersDelayMs ?? options.timing?.headersDelayMs ?? 0,
        frames: [{ type: 'data', data: JSON.stringify(errorBody(reply.status, reply)) }],
      };
    case 'sse':
      return planRawEvents(reply, options);
    case 'text':
    case 'json':
      return options.request.body.stream === true
        ? planStream(reply, options)
        : planSingleMessage(reply, options);
    default:
      return assertNever(reply, 'Messages API reply');
  }
}

function baseHeaders(sequence: number, contentType: string): Record<string, string> {
  return { 'content-type': contentType, 'request-id': `req_mock_${sequence}` };
}

function errorBody(
  status: number,
  details: { errorType?: MessagesApiErrorType | undefined; message?: string | undefined },
): unknown {
  const type = details.errorType ?? DEFAULT_ERROR_TYPES[status] ?? 'api_error';
  return { type: 'error', error: { type, message: details.message ?? `Mock ${type}.` } };
}

function resolveTiming(
  reply: { timing?: MessagesApiTiming | undefined },
  timing: MessagesApiTiming | undefined,
): Required<MessagesApiTiming> {
  return {
    headersDelayMs: reply.timing?.headersDelayMs ?? timing?.headersDelayMs ?? 0,
    firstTokenDelayMs: reply.timing?.firstTokenDelayMs ?? timing?.firstTokenDelayMs ?? 0,
    chunkDelayMs: reply.timing?.chunkDelayMs ?? timing?.chunkDelayMs ?? 0,
  };
}

function planStream(reply: ContentReply, options: PlanResponseOptions): ResponsePlan {
  const { request, sequence } = options;
  const timing = resolveTiming(reply, options.timing);
  const content = contentOf(reply, request, sequence);
  const usage = usageOf(reply, request, content.text);
  const end: MessagesApiStreamEnd = reply.end ?? { type: 'complete' };
  const event = (name: string, data: unknown): ResponseFrame => ({
    type: 'data',
    data: encodeServerSentEvent(name, data),
  });
  const frames: ResponseFrame[] = [
    event('message_start', {
      type: 'message_start',
      message: {
        id: `msg_mock_${sequence}`,
        type: 'message',
        role: 'assistant',
        model: request.body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
    event('ping', { type: 'ping' }),
  ];
  if (timing.firstTokenDelayMs > 0) frames.push({ type: 'wait', ms: timing.firstTokenDelayMs });
  frames.push(
    event('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: content.start,
    }),
  );
  content.deltas.forEach((delta, position) => {
    if (position > 0 && timing.chunkDelayMs > 0)
      frames.push({ type: 'wait', ms: timing.chunkDelayMs });
    frames.push(event('content_block_delta', { type: 'content_block_delta', index: 0, delta }));
  });
  switch (end.type) {
    case 'complete':
      frames.push(
        event('content_block_stop', { type: 'content_block_stop', index: 0 }),
        event('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: content.stopReason, stop_sequence: null },
          usage,
        }),
        event('message_stop', { type: 'message_stop' }),
      );
      break;
    case 'error':
      frames.push(event('error', errorBody(0, end)));
      break;
    case 'disconnect':
      frames.push({ type: 'disconnect' });
      break;
    case 'stall':
      frames.push({ type: 'stall' });
      break;
    default:
      assertNever(end, 'stream end');
  }
  return {
    kind: 'response',
    status: 200,
    headers: {
      ...baseHeaders(sequence, 'text/event-stream; charset=utf-8'),
      'cache-control': 'no-cache',
    },
    headersDelayMs: timing.headersDelayMs,
    frames,
  };
}

function planSingleMessage(reply: ContentReply, options: PlanResponseOptions): ResponsePlan {
  const { request, sequence } = options;
  const timing = resolveTiming(reply, options.timing);
  const end: MessagesApiStreamEnd = reply.end ?? { type: 'complete' };
  const delayMs = timing.headersDelayMs + timing.firstTokenDelayMs;
  switch (end.type) {
    case 'complete':
      break;
    case 'error': {
      const status = STATUS_OF_ERROR_TYPE[end.errorType] ?? 500;
      return {
        kind: 'response',
        status,
        headers: baseHeaders(sequence, 'application/json'),
        headersDelayMs: delayMs,
        frames: [{ type: 'data', data: JSON.stringify(errorBody(status, end)) }],
      };
    }
    case 'disconnect':
      return { kind: 'network-error', delayMs };
    case 'stall':
      return { kind: 'stall' };
    default:
      assertNever(end, 'stream end');
  }
  const content = contentOf(reply, request, sequence);
  const message = {
    id: `msg_mock_${sequence}`,
    type: 'message',
    role: 'assistant',
    model: request.body.model,
    content: [content.final],
    stop_reason: content.stopReason,
    stop_sequence: null,
    usage: usageOf(reply, request, content.text),
  };
  return {
    kind: 'response',
    status: 200,
    headers: baseHeaders(sequence, 'application/json'),
    headersDelayMs: delayMs,
    frames: [{ type: 'data', data: JSON.stringify(message) }],
  };
}

function planRawEvents(reply: MessagesApiSseReply, options: PlanResponseOptions): ResponsePlan {
  const timing = resolveTiming(reply, options.timing);
  const frames: ResponseFrame[] = [];
  reply.events.forEach((raw, position) => {
    if (position > 0 && timing.chunkDelayMs > 0)
      frames.push({ type: 'wait', ms: timing.chunkDelayMs });
    frames.push({ type: 'data', data: encodeServerSentEvent(raw.event, raw.data) });
  });
  const end = reply.end ?? { type: 'complete' };
  if (end.type === 'disconnect' || end.type === 'stall') frames.push({ type: end.type });
  return {
    kind: 'response',
    status: 200,
    headers: { ...baseHeaders(options.sequence, 'text/event-stream; charset=utf-8') },
    headersDelayMs: timing.headersDelayMs,
    frames,
  };
}
