import type { PublicSessionEvent } from '@recall/core/view';
import { type RecallClient, createCommandHelpers } from './create-recall-client';
import { createSessionStore } from './session-store';
import { toSnapshot } from './snapshot';

/** Options for {@link createReplayClient}. */
export interface ReplayClientOptions {
  /** A stored session's events in seq order, e.g. from `exportSessionLog` or your own API. */
  events: readonly PublicSessionEvent[];
}

/**
 * A read-only {@link RecallClient} over a stored session, so a replay renders with the same
 * hooks and components as the live session did: the events go through the same fold, as the
 * history of a connection would. There is no connection (`connection: 'closed'`) and the
 * actions send nothing (`send` returns `''`).
 *
 * @example
 * const client = createReplayClient({ events: await fetchSessionLog(sessionId) });
 * <RecallProvider client={client}><MessageList.Root /></RecallProvider>
 */
export function createReplayClient(options: ReplayClientOptions): RecallClient {
  const store = createSessionStore({
    persistence: { load: () => null, save: () => {}, clear: () => {} },
    sessionId: options.events[0]?.sessionId,
    forRecallSet: false,
  });
  let headSeq = 0;
  for (const event of options.events) {
    store.receive({ type: 'event', event });
    headSeq = event.seq;
  }
  store.receive({ type: 'history_end', headSeq });
  const snapshot = toSnapshot(store.state, { connection: 'closed', outbox: [] });
  const nothing = () => {};
  const send = () => '';
  return {
    getSnapshot: () => snapshot,
    subscribe: () => nothing,
    connect: nothing,
    send,
    ...createCommandHelpers({ send, getSnapshot: () => snapshot, hideOverlay: nothing }),
    setDraft: nothing,
    retry: nothing,
    close: nothing,
  };
}
