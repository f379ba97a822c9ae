import { assertNever } from '../../internal/assert-never';
import {
  planHttpError,
  planRawStream,
  planSingleResponse,
  type ResponseFrame,
  type ResponsePlan,
  resolveTiming,
  streamedFrames,
} from '../stand-in/response-plan';
import type {
  MessagesApiErrorType,
  MessagesApiReply,
  MessagesApiStreamEnd,
  MessagesApiTiming,
  RecordedMessagesRequest,
} from './messages-api-types';
import { type ContentReply, contentOf, usageOf } from './reply-content';

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
  const { reply, sequence } = options;
  switch (reply.type) {
    case 'network-error':
      return { kind: 'network-error', delayMs: options.timing?.headersDelayMs ?? 0 };
    case 'error':
      return planHttpError({
        reply,
        timing: options.timing,
        headers: baseHeaders(sequence, 'application/json'),
        body: errorBody(reply.status, reply),
      });
    case 'sse':
      return planRawStream({
        encoded: reply.events.map((raw) => encodeServerSentEvent(raw.event, raw.data)),
        end: reply.end,
        timing: resolveTiming(reply, options.timing),
        headers: baseHeaders(sequence, 'text/event-stream; charset=utf-8'),
      });
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
  const frames = streamedFrames({
    timing,
    head: [
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
    ],
    opening: [
      event('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: content.start,
      }),
    ],
    deltas: content.deltas.map((delta) =>
      event('content_block_delta', { type: 'content_block_delta', index: 0, delta }),
    ),
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
    case 'stall':
      frames.push({ type: end.type });
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
  return planSingleResponse({
    end: reply.end,
    timing: resolveTiming(reply, options.timing),
    headers: baseHeaders(sequence, 'application/json'),
    error: (end) => {
      const status = STATUS_OF_ERROR_TYPE[end.errorType] ?? 500;
      return { status, body: errorBody(status, end) };
    },
    complete: () => {
      const content = contentOf(reply, request, sequence);
      return {
        id: `msg_mock_${sequence}`,
        type: 'message',
        role: 'assistant',
        model: request.body.model,
        content: [content.final],
        stop_reason: content.stopReason,
        stop_sequence: null,
        usage: usageOf(reply, request, content.text),
      };
    },
  });
}
