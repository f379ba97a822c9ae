import type { SessionCommand, SessionCommandType } from '@recall/core';
import type { ServerMessage } from '../protocol/server-messages';
import { type RecallClientOptions, resolveClientOptions } from './client-options';
import type { OutgoingClientMessage } from './client-state';
import { COMMAND_FIELDS } from './generated/command-fields';
import { createLink } from './link';
import {
  type ClientStorage,
  PERSISTED_SESSION_VERSION,
  type SessionPersistence,
  persistenceKey,
  readPersistedSession,
} from './persisted-session';
import { createSessionStore } from './session-store';
import { type RecallClientSnapshot, toSnapshot } from './snapshot';

/**
 * The named command helpers: each is one {@link RecallClient.send}, plus what the learner
 * sees at once. A command needs no helper of its own; `send` takes any.
 */
export interface RecallClientCommands {
  /** Sends a learner message, shown at once as `pending`; returns its `clientMessageId`. */
  sendMessage(text: string): string;
  /** Leaves the session: the server pauses it (or completes it when every point is recalled). */
  leaveSession(): void;
  /** Accepts the pending rabbit-hole prompt (`snapshot.rabbitholePrompt`); no-op without one. */
  enterRabbithole(): void;
  /** Returns from the rabbit hole to the session. */
  exitRabbithole(): void;
  /** Declines the pending rabbit-hole prompt; no-op without one. */
  declineRabbithole(): void;
  /** Closes the completion overlay and keeps talking (kept across reloads). */
  dismissOverlay(): void;
}

/** A resumable connection to one Recall session. */
export interface RecallClient extends RecallClientCommands {
  /** The current snapshot: immutable, a new object only when something changed. */
  getSnapshot(): RecallClientSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Opens the connection (needed only with `autoConnect: false`). */
  connect(): void;
  /**
   * Queues one session command, kept in the outbox until the server acknowledges it and
   * resent with the same `clientMessageId` (one is generated when the command has none);
   * returns that id. A `user_message` shows at once as `pending`; an answer to the pending
   * rabbit-hole prompt hides it at once. Throws a `TypeError` for an unknown command type.
   *
   * @example
   * client.send({ type: 'leave_session' });
   */
  send(command: SessionCommand): string;
  /**
   * Tells the client what the learner is typing. A non-empty draft answers a pending
   * rabbit-hole prompt the way sending does (the prompt shows as declined at once; the log
   * records the decline when the message is sent); an empty one takes that back.
   */
  setDraft(text: string): void;
  /** Reconnects now, skipping the backoff wait, and resends the outbox and failed messages. */
  retry(): void;
  /** Closes for good: connection `closed`, no more reconnects. */
  close(): void;
}

/** What the named helpers act on. */
export interface CommandHelperTarget {
  send(command: SessionCommand): string;
  getSnapshot(): RecallClientSnapshot;
  /** Hides the completion overlay at once, before the `dismiss_overlay` is acknowledged. */
  hideOverlay(): void;
}

/** The named helpers over `send`, shared by the live and the replay client. */
export function createCommandHelpers(target: CommandHelperTarget): RecallClientCommands {
  const { send } = target;
  return {
    sendMessage: (text) => send({ type: 'user_message', content: text }),
    leaveSession() {
      send({ type: 'leave_session' });
    },
    enterRabbithole() {
      const prompt = target.getSnapshot().rabbitholePrompt;
      if (prompt === null) return;
      send({
        type: 'enter_rabbithole',
        rabbitholeEventId: prompt.rabbitholeEventId,
        topic: prompt.topic,
      });
    },
    exitRabbithole() {
      send({ type: 'exit_rabbithole' });
    },
    declineRabbithole() {
      if (target.getSnapshot().rabbitholePrompt !== null) send({ type: 'decline_rabbithole' });
    },
    dismissOverlay() {
      target.hideOverlay();
      send({ type: 'dismiss_overlay' });
    },
  };
}

/** `command` as the outbox keeps it: its catalog fields only, and a `clientMessageId`. */
function toOutgoingMessage(command: SessionCommand): OutgoingClientMessage {
  const type: unknown = (command as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(COMMAND_FIELDS, type)) {
    throw new TypeError(`RecallClient.send: unknown command type ${JSON.stringify(type)}.`);
  }
  const message: Record<string, unknown> = {
    type,
    clientMessageId: command.clientMessageId ?? createClientMessageId(),
  };
  for (const name of COMMAND_FIELDS[type as SessionCommandType]) {
    message[name] = (command as unknown as Record<string, unknown>)[name];
  }
  return message as OutgoingClientMessage;
}

/** A fresh `clientMessageId`: a UUID where available (browsers, Node ≥ 19), else random hex. */
function createClientMessageId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  let id = '';
  for (let index = 0; index < 32; index += 1) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

/**
 * The client's persistence over the storage it was given (`options.storage`), written after
 * every change by the store and read back once at start (`readPersistedSession`). A full or
 * unavailable storage (private mode, quota) must never break the live session, so every
 * access is guarded.
 */
function createSessionPersistence(storage: ClientStorage | null, key: string): SessionPersistence {
  return {
    load: () => readPersistedSession(storage, key),
    save(session) {
      try {
        storage?.setItem(key, JSON.stringify({ version: PERSISTED_SESSION_VERSION, ...session }));
      } catch {
        // Quota or privacy mode: the session goes on without persistence.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

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
  /** Set while the first command waits for its `resendAt`. */
  let resendTimer: ReturnType<typeof setTimeout> | undefined;
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
    clearTimeout(resendTimer);
    if (link.state !== 'open') return;
    const { outbox } = store;
    const next = outbox.take();
    if (next !== null) link.connection?.send(next);
    else if (outbox.resendAt !== null) {
      resendTimer = setTimeout(flush, Math.max(0, outbox.resendAt - Date.now()));
    }
  }

  function send(command: SessionCommand): string {
    const message = toOutgoingMessage(command);
    store.issue(message);
    publish();
    flush();
    return message.clientMessageId;
  }

  const client: RecallClient = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    connect: () => link.start(),
    send,
    ...createCommandHelpers({
      send,
      getSnapshot: () => snapshot,
      hideOverlay: () => store.dismissOverlay(),
    }),
    setDraft(text) {
      store.setDrafting(text.trim() !== '');
      publish();
    },
    retry() {
      store.requeueFailed();
      store.outbox.skipWait();
      link.retryNow();
      publish();
      flush();
    },
    close() {
      clearTimeout(resendTimer);
      link.close();
    },
  };
  if (config.autoConnect) client.connect();
  return client;
}
