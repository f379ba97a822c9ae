import type { ServerMessage } from '../protocol/server-messages';
import { type ClientSessionState, createInitialClientState } from './client-session-state';
import { reduceClientState } from './reduce-client-state';

/**
 * Folds messages through {@link reduceClientState}, the same code path as live delivery.
 *
 * @example
 * const state = replayServerMessages(storedEvents.map(toHistoryMessage).filter((m) => m !== null));
 */
export function replayServerMessages(
  messages: Iterable<ServerMessage>,
  initial: ClientSessionState = createInitialClientState(),
): ClientSessionState {
  let state = initial;
  for (const message of messages) state = reduceClientState(state, message);
  return state;
}
