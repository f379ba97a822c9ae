import type { ClientMessage } from '../protocol/client-messages';
import { assertNever } from './assert-never';
import { dropStream, replaceAt } from './assistant-stream';
import type { ChatMessage, ClientSessionState } from './client-session-state';
import { findByClientMessageId } from './user-messages';

/** A client message with the `clientMessageId` the client generated for it. */
export type OutgoingClientMessage = ClientMessage & { clientMessageId: string };

/**
 * Applies a command the client is sending, before the server answers (optimistic UI). A
 * `user_message` appears at once as `pending` (resending a `failed` one makes it `pending`
 * again), answers a pending rabbit-hole prompt (implicit decline) and hides the completion
 * overlay (the learner kept talking); entering or declining
 * a rabbit hole clears the prompt; `dismiss_overlay` hides the overlay. Pure.
 */
export function applyOutgoingMessage(
  state: ClientSessionState,
  message: OutgoingClientMessage,
): ClientSessionState {
  switch (message.type) {
    case 'user_message':
      return appendPending(state, message.content, message.clientMessageId);
    case 'enter_rabbithole':
    case 'decline_rabbithole':
      return state.rabbitholePrompt === null ? state : { ...state, rabbitholePrompt: null };
    case 'dismiss_overlay':
      return state.completionOverlay === null ? state : { ...state, completionOverlay: null };
    case 'leave_session':
    case 'exit_rabbithole':
    case 'ping':
      return state;
    default:
      return assertNever(message, 'client message');
  }
}

function appendPending(
  state: ClientSessionState,
  content: string,
  clientMessageId: string,
): ClientSessionState {
  const position = findByClientMessageId(state.messages, clientMessageId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing !== undefined) {
    if (existing.status !== 'failed') return state;
    const { error: _error, ...rest } = existing;
    return {
      ...state,
      messages: replaceAt(state.messages, position, { ...rest, status: 'pending' }),
    };
  }
  const line: ChatMessage = {
    id: clientMessageId,
    role: 'user',
    content,
    status: 'pending',
    clientMessageId,
  };
  return {
    ...state,
    messages: [...state.messages, line],
    rabbitholePrompt: null,
    completionOverlay: null,
  };
}

/**
 * Call when the connection dropped, before resuming: drops the half-streamed assistant
 * text (chunks missed while offline are never resent) so the resume's `snapshot` chunk or
 * `assistant_complete` rebuilds it. Everything else is kept.
 */
export function markConnectionReset(state: ClientSessionState): ClientSessionState {
  return dropStream(state);
}
