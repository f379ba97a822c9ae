import { assertNever } from '../../internal/assert-never';
import {
  estimateTokens,
  planHttpError,
  planRawStream,
  planSingleResponse,
  type ResponseFrame,
  type ResponsePlan,
  resolveTiming,
  splitEvery,
  splitWords,
  streamedFrames,
} from '../stand-in/response-plan';
import type {
  ChatCompletionsJsonReply,
  ChatCompletionsRefusalReply,
  ChatCompletionsReply,
  ChatCompletionsStreamEnd,
  ChatCompletionsTextReply,
  ChatCompletionsTiming,
  RecordedChatCompletionsRequest,
} from './chat-completions-types';

/** Inputs of {@link planChatCompletion}. */
export interface PlanChatCompletionOptions {
  request: RecordedChatCompletionsRequest;
  reply: ChatCompletionsReply;
  /** The stand-in's default timing; the reply's own timing wins. */
  timing: ChatCompletionsTiming | undefined;
  /** Numbers the completion id, e.g. `chatcmpl-mock-3`. */
  sequence: number;
  /** The `created` field (Unix seconds). */
  created: number;
  /** Cached prompt tokens, unless the reply sets its own. */
  cachedTokens: number;
}

type ContentReply =
  | ChatCompletionsTextReply
  | ChatCompletionsJsonReply
  | ChatCompletionsRefusalReply;

/** OpenAI's error `type` and `code` for common statuses. */
const DEFAULT_ERRORS: Readonly<Record<number, { type: string; code: string | null }>> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  408: { type: 'timeout', code: null },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null },
  503: { type: 'server_error', code: null },
};

/** Encodes one server-sent event as Chat Completions streams do (data lines only). */
export function encodeDataLine(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** Plans the response to one request. Pure: no clock, no I/O. */
export function planChatCompletion(options: PlanChatCompletionOptions): ResponsePlan {
  const { reply } = options;
  switch (reply.type) {
    case 'network-error':
      return { kind: 'network-error', delayMs: options.timing?.headersDelayMs ?? 0 };
    case 'error':
      return planHttpError({
        reply,
        timing: options.timing,
        headers: headersOf(options.sequence, 'application/json'),
        body: errorBody(reply.status, reply),
      });
    case 'sse':
      return planRawStream({
        encoded: reply.data.map(encodeDataLine),
        end: reply.end,
        timing: resolveTiming(reply, options.timing),
        headers: headersOf(options.sequence, 'text/event-stream; charset=utf-8'),
      });
    case 'text':
    case 'json':
    case 'refusal':
      return options.request.body.stream === true
        ? planStream(reply, options)
        : planSingleCompletion(reply, options);
    default:
      return assertNever(reply, 'Chat Completions reply');
  }
}

function headersOf(sequence: number, contentType: string): Record<string, string> {
  return { 'content-type': contentType, 'x-request-id': `req_mock_${sequence}` };
}

function errorBody(
  status: number,
  details: { errorType?: string; code?: string | null; message?: string },
) {
  const fallback = DEFAULT_ERRORS[status] ?? { type: 'server_error', code: null };
  const type = details.errorType ?? fallback.type;
  return {
    error: {
      message: details.message ?? `Mock ${type}.`,
      type,
      param: null,
      code: details.code === undefined ? fallback.code : details.code,
    },
  };
}

/** The pieces a reply streams and the field they go in. */
function piecesOf(reply: ContentReply): { field: 'content' | 'refusal'; pieces: string[] } {
  switch (reply.type) {
    case 'text':
      return {
        field: 'content',
        pieces: typeof reply.text === 'string' ? splitWords(reply.text) : [...reply.text],
      };
    case 'json':
      return { field: 'content', pieces: splitEvery(reply.raw ?? JSON.stringify(reply.value), 16) };
    case 'refusal':
      return { field: 'refusal', pieces: splitWords(reply.refusal) };
    default:
      return assertNever(reply, 'content reply');
  }
}

function usageOf(reply: ContentReply, options: PlanChatCompletionOptions, completion: string) {
  const promptTokens =
    reply.usage?.promptTokens ?? estimateTokens(JSON.stringify(options.request.body.messages));
  const completionTokens = reply.usage?.completionTokens ?? Math.max(1, estimateTokens(completion));
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: {
      cached_tokens: reply.usage?.cachedTokens ?? Math.min(options.cachedTokens, promptTokens),
      audio_tokens: 0,
    },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  };
}

function planStream(reply: ContentReply, options: PlanChatCompletionOptions): ResponsePlan {
  const { request, sequence } = options;
  const timing = resolveTiming(reply, options.timing);
  const { field, pieces } = piecesOf(reply);
  const withUsage = request.body.stream_options?.include_usage === true;
  const end: ChatCompletionsStreamEnd = reply.end ?? { type: 'complete' };
  const base = {
    id: `chatcmpl-mock-${sequence}`,
    object: 'chat.completion.chunk',
    created: options.created,
    model: request.body.model,
    system_fingerprint: 'fp_mock',
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null): ResponseFrame => ({
    type: 'data',
    data: encodeDataLine({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(withUsage ? { usage: null } : {}),
    }),
  });
  const frames = streamedFrames({
    timing,
    head: [chunk({ role: 'assistant', content: '', refusal: null }, null)],
    deltas: pieces.map((piece) => chunk({ [field]: piece }, null)),
  });
  switch (end.type) {
    case 'complete':
      frames.push(chunk({}, reply.finishReason ?? 'stop'));
      if (withUsage) {
        frames.push({
          type: 'data',
          data: encodeDataLine({
            ...base,
            choices: [],
            usage: usageOf(reply, options, pieces.join('')),
          }),
        });
      }
      frames.push({ type: 'data', data: encodeDataLine('[DONE]') });
      break;
    case 'error':
      frames.push({ type: 'data', data: encodeDataLine(errorBody(500, end)) });
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
      ...headersOf(sequence, 'text/event-stream; charset=utf-8'),
      'cache-control': 'no-cache',
    },
    headersDelayMs: timing.headersDelayMs,
    frames,
  };
}

function planSingleCompletion(
  reply: ContentReply,
  options: PlanChatCompletionOptions,
): ResponsePlan {
  const { request, sequence } = options;
  return planSingleResponse({
    end: reply.end,
    timing: resolveTiming(reply, options.timing),
    headers: headersOf(sequence, 'application/json'),
    error: (end) => ({ status: 500, body: errorBody(500, end) }),
    complete: () => {
      const { field, pieces } = piecesOf(reply);
      const text = pieces.join('');
      return {
        id: `chatcmpl-mock-${sequence}`,
        object: 'chat.completion',
        created: options.created,
        model: request.body.model,
        system_fingerprint: 'fp_mock',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: field === 'content' ? text : null,
              refusal: field === 'refusal' ? text : null,
            },
            logprobs: null,
            finish_reason: reply.finishReason ?? 'stop',
          },
        ],
        usage: usageOf(reply, options, text),
      };
    },
  });
}
