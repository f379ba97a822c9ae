import type { ServerMessageOf } from '../protocol/server-messages';
import type { ChatMessage, ClientSessionState } from './client-session-state';

/**
 * Applies one live chunk. Chunks are assembled by index: an index below the next expected
 * one is a duplicate and ignored; a `snapshot` chunk replaces the text with chunks
 * 0..index; a plain chunk past a gap is ignored too, so the text shown is always a true
 * prefix until a snapshot or `assistant_complete` repairs it.
 */
export function applyChunk(
  state: ClientSessionState,
  chunk: ServerMessageOf<'assistant_chunk'>,
): ClientSessionState {
  const position = findResponse(state.messages, chunk.responseId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing !== undefined && existing.status !== 'streaming') return state;
  const nextIndex = state.stream?.responseId === chunk.responseId ? state.stream.nextIndex : 0;
  if (chunk.index < nextIndex) return state;

  const isNext = chunk.snapshot === true || chunk.index === nextIndex;
  if (!isNext && existing !== undefined) return state;
  const content =
    chunk.snapshot === true ? chunk.text : isNext ? (existing?.content ?? '') + chunk.text : '';
  const stream = { responseId: chunk.responseId, nextIndex: isNext ? chunk.index + 1 : 0 };

  if (existing !== undefined) {
    return {
      ...state,
      messages: replaceAt(state.messages, position, { ...existing, content }),
      stream,
    };
  }
  // A new response: any other one still streaming will never finish.
  const base = interruptStream(state);
  const message: ChatMessage = {
    id: chunk.responseId,
    role: 'assistant',
    content,
    agent: base.isInRabbithole ? 'rabbithole' : 'tutor',
    status: 'streaming',
    responseId: chunk.responseId,
  };
  return { ...base, messages: [...base.messages, message], stream };
}

/** Finalises a response with its stored full text, whether or not its chunks arrived. */
export function applyComplete(
  state: ClientSessionState,
  complete: ServerMessageOf<'assistant_complete'>,
): ClientSessionState {
  const stream = state.stream?.responseId === complete.responseId ? null : state.stream;
  const position = findResponse(state.messages, complete.responseId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing !== undefined) {
    const finished: ChatMessage = {
      ...existing,
      content: complete.fullContent,
      status: 'complete',
    };
    return { ...state, messages: moveToLogPosition(state.messages, position, finished), stream };
  }
  const message: ChatMessage = {
    id: complete.responseId,
    role: 'assistant',
    content: complete.fullContent,
    agent: state.isInRabbithole ? 'rabbithole' : 'tutor',
    status: 'complete',
    responseId: complete.responseId,
  };
  return { ...state, messages: [...state.messages, message], stream };
}

/**
 * Puts a finished response where a replay puts it. Live, its line appeared with its first
 * chunk; a replay (which has no chunks) places it at `assistant_complete`. Lines the log
 * placed meanwhile — learner messages stored while it streamed, responses completed
 * before it — therefore go above it; lines the log has not placed yet (unconfirmed
 * learner messages, a response still streaming) stay below.
 */
function moveToLogPosition(
  messages: readonly ChatMessage[],
  position: number,
  finished: ChatMessage,
): ChatMessage[] {
  let target = position;
  for (let index = position + 1; index < messages.length; index += 1) {
    if (isPlacedByLog(messages[index] as ChatMessage)) target = index;
  }
  if (target === position) return replaceAt(messages, position, finished);
  const moved = messages.slice();
  moved.splice(position, 1);
  moved.splice(target, 0, finished);
  return moved;
}

// A `sent` learner line is confirmed by the log (in the pure reducer an acknowledged line
// also counts; the client keeps those out of the reduced state until the log has them).
function isPlacedByLog(message: ChatMessage): boolean {
  return message.role === 'user' ? message.status === 'sent' : message.status === 'complete';
}

/** Marks the response currently streaming as `interrupted`, keeping its partial text. */
export function interruptStream(state: ClientSessionState): ClientSessionState {
  if (state.stream === null) return state;
  const position = findResponse(state.messages, state.stream.responseId);
  const existing = position === -1 ? undefined : state.messages[position];
  if (existing === undefined || existing.status !== 'streaming') return { ...state, stream: null };
  const interrupted: ChatMessage = { ...existing, status: 'interrupted' };
  return { ...state, messages: replaceAt(state.messages, position, interrupted), stream: null };
}

/**
 * Drops the half-streamed response (its text could have a gap after a reconnect); a
 * resume's `snapshot` chunk or `assistant_complete` rebuilds it.
 */
export function dropStream(state: ClientSessionState): ClientSessionState {
  if (state.stream === null) return state;
  const { responseId } = state.stream;
  const messages = state.messages.filter(
    (message) => !(message.responseId === responseId && message.status === 'streaming'),
  );
  return { ...state, messages, stream: null };
}

function findResponse(messages: readonly ChatMessage[], responseId: string): number {
  return messages.findIndex(
    (message) => message.role === 'assistant' && message.responseId === responseId,
  );
}

/** A copy of `items` with the item at `position` replaced. */
export function replaceAt<T>(items: readonly T[], position: number, item: T): T[] {
  const copy = items.slice();
  copy[position] = item;
  return copy;
}
