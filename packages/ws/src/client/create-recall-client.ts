import type { ServerMessage } from '../protocol/server-messages';
import { createClientMessageId } from './client-message-id';
import {
  type RecallClient,
  type RecallClientOptions,
  resolveClientOptions,
} from './client-options';
import type { OutgoingClientMessage } from './client-state';
import { createLink } from './link';
import { createSessionPersistence, persistenceKey } from './session-persistence';
import { createSessionStore } from './session-store';
import { type RecallClientSnapshot, toSnapshot } from './snapshot';
import { createTimers } from './timers';

/**
 * Connects to a Recall server and keeps a session's state in sync through drops, reloads
 * and server restarts: reconnects with exponential backoff and per-attempt jitter, resumes
 * after the last applied `seq`, and keeps every command in an outbox until acknowledged,
 * resending it with the same `clientMessageId` (so it is processed exactly once). It folds
 * the session's events with the same pure core as the engine. Browser-safe.
 *
 * @example
 * const client = createRecallClient({ url: 'wss://app.example/ws', recallSetId });
 * const unsubscribe = client.subscribe(() => render(client.getSnapshot()));
 * client.sendMessage('Mitochondria make ATP.');
 */
export function createRecallClient(options: RecallClientOptions): RecallClient {
  const config = resolveClientOptions(options);
  const store = createSessionStore({
    persistence: createSessionPersistence(config.storage, persistenceKey(options)),
    sessionId: 'sessionId' in config.target ? config.target.sessionId : undefined,
    forRecallSet: 'recallSetId' in config.target,
  });
  const listeners = new Set<() => void>();
  const timers = createTimers<'resend'>();
  const link = createLink({
    config,
    store,
    events: {
      onChange: publish,
      onOpen() {
        publish();
        flush();
      },
      onFrame(frame: ServerMessage) {
        store.receive(frame);
        publish();
        flush();
      },
    },
  });
  let published = { state: store.state, connection: link.state, outbox: store.outbox.entries };
  let snapshot: RecallClientSnapshot = toSnapshot(store.state, published);

  function publish(): void {
    store.commit();
    const next = { state: store.state, connection: link.state, outbox: store.outbox.entries };
    if (
      published.state === next.state &&
      published.connection === next.connection &&
      published.outbox === next.outbox
    ) {
      return;
    }
    published = next;
    snapshot = toSnapshot(next.state, next);
    for (const listener of [...listeners]) listener();
  }

  /** Sends the oldest unacknowledged command, one at a time so the server sees them in order. */
  function flush(): void {
    timers.clear('resend');
    if (link.state !== 'open') return;
    const { outbox } = store;
    const next = outbox.take();
    if (next !== null) link.send(next);
    else if (outbox.resendAt !== null) {
      timers.set('resend', Math.max(0, outbox.resendAt - Date.now()), flush);
    }
  }

  function issue(message: OutgoingClientMessage): void {
    store.issue(message);
    publish();
    flush();
  }

  const command = <T extends OutgoingClientMessage['type']>(type: T) =>
    ({ type, clientMessageId: createClientMessageId() }) as Extract<
      OutgoingClientMessage,
      { type: T }
    >;

  const client: RecallClient = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    connect: () => link.start(),
    sendMessage(text) {
      const message = { ...command('user_message'), content: text };
      issue(message);
      return message.clientMessageId;
    },
    setDraft(text) {
      store.setDrafting(text.trim() !== '');
      publish();
    },
    leaveSession: () => issue(command('leave_session')),
    enterRabbithole() {
      const prompt = snapshot.rabbitholePrompt;
      if (prompt === null) return;
      const { rabbitholeEventId, topic } = prompt;
      issue({ ...command('enter_rabbithole'), rabbitholeEventId, topic });
    },
    exitRabbithole: () => issue(command('exit_rabbithole')),
    declineRabbithole() {
      if (snapshot.rabbitholePrompt !== null) issue(command('decline_rabbithole'));
    },
    dismissOverlay() {
      store.dismissOverlay();
      issue(command('dismiss_overlay'));
    },
    retry() {
      store.requeueFailed();
      store.outbox.skipWait();
      link.retryNow();
      publish();
      flush();
    },
    close() {
      timers.clearAll();
      link.close();
    },
  };
  if (config.autoConnect) client.connect();
  return client;
}
