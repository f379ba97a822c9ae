import type {
  ChatMessage,
  ClientSessionState,
  WireError,
} from '../client-state/client-session-state';
import { applyOutgoingMessage } from '../client-state/outgoing';
import { reduceClientState } from '../client-state/reduce-client-state';

/**
 * A learner message the log has not confirmed yet: `pending` until acknowledged, `acked`
 * until its stored copy arrives, or `failed` when the server rejected it.
 */
export interface LocalLine {
  clientMessageId: string;
  content: string;
  phase: 'pending' | 'acked' | 'failed';
  error?: WireError;
}

/**
 * The state to show: the state built from server messages alone, with the learner's
 * unconfirmed lines after it, in the order typed. Keeping them out of the server-built
 * state until the log confirms them means every confirmed line sits where the log put it,
 * so live state always equals a replay of the log — also with several tabs or messages
 * typed offline. Pure.
 */
export function overlayLocalLines(
  serverState: ClientSessionState,
  lines: readonly LocalLine[],
): ClientSessionState {
  let state = serverState;
  for (const line of lines) {
    const { clientMessageId } = line;
    state = applyOutgoingMessage(state, {
      type: 'user_message',
      content: line.content,
      clientMessageId,
    });
    if (line.phase === 'acked') state = reduceClientState(state, { type: 'ack', clientMessageId });
    if (line.phase === 'failed') state = markFailed(state, clientMessageId, line.error);
  }
  return state;
}

/** Drops the lines whose stored copy is now part of the server-built state. */
export function settleLocalLines(
  serverState: ClientSessionState,
  lines: readonly LocalLine[],
): readonly LocalLine[] {
  if (lines.length === 0) return lines;
  const stored = new Set(
    serverState.messages.flatMap((message) =>
      message.role === 'user' && message.clientMessageId !== undefined
        ? [message.clientMessageId]
        : [],
    ),
  );
  const remaining = lines.filter((line) => !stored.has(line.clientMessageId));
  return remaining.length === lines.length ? lines : remaining;
}

/** The lines with the one of this id changed by `update`; the same array when absent. */
export function updateLocalLine(
  lines: readonly LocalLine[],
  clientMessageId: string,
  update: (line: LocalLine) => LocalLine,
): readonly LocalLine[] {
  const position = lines.findIndex((line) => line.clientMessageId === clientMessageId);
  if (position === -1) return lines;
  const copy = lines.slice();
  copy[position] = update(lines[position] as LocalLine);
  return copy;
}

// A failed line is marked directly rather than by re-reducing its `error` message, which
// would also set `lastError` and could interrupt a streaming response each time.
function markFailed(
  state: ClientSessionState,
  clientMessageId: string,
  error: WireError | undefined,
): ClientSessionState {
  const position = state.messages.findIndex(
    (message) => message.role === 'user' && message.clientMessageId === clientMessageId,
  );
  const existing = state.messages[position];
  if (existing === undefined || existing.status === 'failed') return state;
  const failed: ChatMessage = {
    ...existing,
    status: 'failed',
    ...(error === undefined ? {} : { error }),
  };
  const messages = state.messages.slice();
  messages[position] = failed;
  return { ...state, messages };
}
