import type { SessionEvent } from '@recall/core';
import {
  type ClientSessionState,
  createInitialClientState,
  replayServerMessages,
  toHistoryMessage,
} from '@recall/ws';
import type { AnchoredItem } from './conversation';

/** A stored session folded through the client reducer, with its shared items placed. */
export interface ReplayedSession {
  state: ClientSessionState;
  items: AnchoredItem[];
  /** Labels of the rabbit holes entered, with the messages they spanned. */
  rabbitholes: { label: string; fromMessage: number; toMessage: number | null }[];
}

/**
 * Replays an event log exactly as a live client would see it: each stored event becomes its
 * history message (`toHistoryMessage`) and is folded by the same reducer
 * (`replayServerMessages`), one message at a time so every image and resource is placed
 * after the message that preceded it and every rabbit hole knows which messages it spans.
 */
export function replaySession(events: readonly SessionEvent[]): ReplayedSession {
  let state = createInitialClientState();
  const items: AnchoredItem[] = [];
  const rabbitholes: ReplayedSession['rabbitholes'] = [];
  for (const event of events) {
    const message = toHistoryMessage(event);
    if (message === null) continue;
    const next = replayServerMessages([message], state);
    for (const image of next.images.slice(state.images.length)) {
      items.push({ kind: 'image', image, anchor: next.messages.length });
    }
    for (const resource of next.resources.slice(state.resources.length)) {
      items.push({ kind: 'resource', resource, anchor: next.messages.length });
    }
    if (message.type === 'rabbithole_entered') {
      rabbitholes.push({
        label: message.label,
        fromMessage: next.messages.length,
        toMessage: null,
      });
    }
    if (message.type === 'rabbithole_exited') {
      const open = rabbitholes.at(-1);
      if (open !== undefined && open.toMessage === null) open.toMessage = next.messages.length;
    }
    state = next;
  }
  return { state, items, rabbitholes };
}
