import type { RecallErrorCode } from '@recall/core';
import type { ServerMessageOf } from '../protocol/server-messages';
import { interruptStream, replaceAt } from './assistant-stream';
import type { ChatMessage, ClientSessionState, WireError } from './client-session-state';

/** Errors after which the session cannot go on from this client. */
const FATAL_CODES: ReadonlySet<RecallErrorCode> = new Set<RecallErrorCode>([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SESSION_NOT_FOUND',
  'RECALL_SET_NOT_FOUND',
  'RECALL_SET_ARCHIVED',
  'RECALL_SET_EMPTY',
]);

/** Errors that end the response currently streaming. */
const STREAM_BREAKING_CODES: ReadonlySet<RecallErrorCode> = new Set<RecallErrorCode>([
  'LLM_AUTH',
  'LLM_BAD_REQUEST',
  'LLM_RATE_LIMITED',
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
  'LLM_INTERRUPTED',
  'LLM_OUTPUT_INVALID',
  'ABORTED',
  'INTERNAL_ERROR',
]);

/**
 * A stored learner message from history. If it is one this client sent (same
 * `clientMessageId`), the optimistic line is confirmed in place instead of duplicated.
 * Like a live send, it answers a pending rabbit-hole prompt (implicit decline) and hides the
 * completion overlay (the learner chose to keep talking).
 */
export function applyHistoryUserMessage(
  state: ClientSessionState,
  message: ServerMessageOf<'user_message'>,
): ClientSessionState {
  const { clientMessageId } = message;
  const position =
    clientMessageId === undefined ? -1 : findByClientMessageId(state.messages, clientMessageId);
  const existing = position === -1 ? undefined : state.messages[position];
  const base = { ...state, rabbitholePrompt: null, completionOverlay: null };
  if (existing !== undefined) {
    const { error: _error, ...rest } = existing;
    const confirmed: ChatMessage = { ...rest, content: message.content, status: 'sent' };
    return { ...base, messages: replaceAt(state.messages, position, confirmed) };
  }
  const line: ChatMessage = {
    id: clientMessageId ?? `user-${message.seq}`,
    role: 'user',
    content: message.content,
    status: 'sent',
    ...(clientMessageId === undefined ? {} : { clientMessageId }),
  };
  return { ...base, messages: [...state.messages, line] };
}

/** Marks the learner message with this `clientMessageId` as `sent`. */
export function applyAck(
  state: ClientSessionState,
  ack: ServerMessageOf<'ack'>,
): ClientSessionState {
  const position = findByClientMessageId(state.messages, ack.clientMessageId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing === undefined || existing.status === 'sent') return state;
  const { error: _error, ...rest } = existing;
  return { ...state, messages: replaceAt(state.messages, position, { ...rest, status: 'sent' }) };
}

/**
 * Records an error. A pending learner message it answers is kept and marked `failed` (the
 * UI can offer a retry); a model failure interrupts the streaming response; a fatal error
 * puts the session in `error`.
 */
export function applyError(
  state: ClientSessionState,
  message: ServerMessageOf<'error'>,
): ClientSessionState {
  const { type: _type, ...error } = message;
  let next: ClientSessionState = { ...state, lastError: error };
  if (error.clientMessageId !== undefined) next = failPending(next, error.clientMessageId, error);
  if (STREAM_BREAKING_CODES.has(error.code)) next = interruptStream(next);
  if (FATAL_CODES.has(error.code) && next.status !== 'completed')
    next = { ...next, status: 'error' };
  return next;
}

function failPending(
  state: ClientSessionState,
  clientMessageId: string,
  error: WireError,
): ClientSessionState {
  const position = findByClientMessageId(state.messages, clientMessageId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing === undefined || existing.status !== 'pending') return state;
  const failed: ChatMessage = { ...existing, status: 'failed', error };
  return { ...state, messages: replaceAt(state.messages, position, failed) };
}

/** The position of the learner message with this `clientMessageId`, or -1. */
export function findByClientMessageId(
  messages: readonly ChatMessage[],
  clientMessageId: string,
): number {
  return messages.findIndex(
    (message) => message.role === 'user' && message.clientMessageId === clientMessageId,
  );
}
