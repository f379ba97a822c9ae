import { estimateTokens, splitEvery, splitWords } from '../stand-in/response-plan';
import type {
  MessagesApiJsonReply,
  MessagesApiTextReply,
  RecordedMessagesRequest,
} from './messages-api-types';

/** A reply that produces one content block. */
export type ContentReply = MessagesApiTextReply | MessagesApiJsonReply;

/** One content block as the deltas that stream it and the block a non-streaming reply holds. */
export interface ReplyContent {
  start: Record<string, unknown>;
  deltas: Record<string, unknown>[];
  final: Record<string, unknown>;
  text: string;
  stopReason: string;
}

/** The content block a reply produces, as the deltas that make it up. */
export function contentOf(
  reply: ContentReply,
  request: RecordedMessagesRequest,
  sequence: number,
): ReplyContent {
  if (reply.type === 'text') {
    const chunks = typeof reply.text === 'string' ? splitWords(reply.text) : [...reply.text];
    const text = chunks.join('');
    return {
      start: { type: 'text', text: '', citations: null },
      deltas: chunks.map((chunk) => ({ type: 'text_delta', text: chunk })),
      final: { type: 'text', text, citations: null },
      text,
      stopReason: reply.stopReason ?? 'end_turn',
    };
  }
  const json = reply.raw ?? JSON.stringify(reply.value);
  const chunks = splitEvery(json, 16);
  const forcedTool = request.body.tool_choice?.type === 'tool' ? request.body.tool_choice.name : '';
  if (forcedTool) {
    const id = `toolu_mock_${sequence}`;
    return {
      start: { type: 'tool_use', id, name: forcedTool, input: {} },
      deltas: chunks.map((chunk) => ({ type: 'input_json_delta', partial_json: chunk })),
      final: { type: 'tool_use', id, name: forcedTool, input: safeParse(json) },
      text: json,
      stopReason: reply.stopReason ?? 'tool_use',
    };
  }
  return {
    start: { type: 'text', text: '', citations: null },
    deltas: chunks.map((chunk) => ({ type: 'text_delta', text: chunk })),
    final: { type: 'text', text: json, citations: null },
    text: json,
    stopReason: reply.stopReason ?? 'end_turn',
  };
}

/** The usage a reply reports; counts it does not set are estimated. */
export function usageOf(reply: ContentReply, request: RecordedMessagesRequest, text: string) {
  const prompt = JSON.stringify([request.body.system ?? '', request.body.messages]);
  return {
    input_tokens: reply.usage?.inputTokens ?? estimateTokens(prompt),
    cache_creation_input_tokens: reply.usage?.cacheWriteTokens ?? 0,
    cache_read_input_tokens: reply.usage?.cacheReadTokens ?? 0,
    output_tokens: reply.usage?.outputTokens ?? Math.max(1, estimateTokens(text)),
  };
}

function safeParse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}
