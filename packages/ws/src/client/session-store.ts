import type { ServerMessage } from '../protocol/server-messages';
import {
  type ClientState,
  type LocalLine,
  type OutgoingClientMessage,
  addLocalLine,
  applyServerFrame,
  createClientState,
  failLocalLine,
  forgetLog,
  resetConnection,
} from './client-state';
import { type Outbox, type OutboxSettlement, createOutbox } from './outbox';
import { decodeOutgoingMessage } from './decode-outgoing-message';

/**
 * One client's session data, independent of any socket: the state folded from frames, the
 * outbox, and their persistence.
 */
export interface SessionStore {
  /** The session attached to, once known. */
  readonly sessionId: string | null;
  readonly state: ClientState;
  readonly outbox: Outbox;
  /** True when the session id came from persistence (it may be stale). */
  readonly fromPersistence: boolean;
  /** Queues a command; a learner message shows at once as pending. */
  issue(message: OutgoingClientMessage): void;
  /** Applies one server frame; acks and refusals settle the outbox first. */
  receive(frame: ServerMessage): OutboxSettlement;
  /** The learner's draft is empty or not. */
  setDrafting(drafting: boolean): void;
  /** The learner closed the completion overlay. */
  dismissOverlay(): void;
  /** The link dropped: streamed text is dropped until the resume rebuilds it. */
  connectionReset(): void;
  /** Forgets the log (and, without `keepSession`, the session) to resync from seq 0. */
  restart(options: { keepSession: boolean }): void;
  /** Queues every failed learner message again (same `clientMessageId`). */
  requeueFailed(): void;
  /** Persists what changed; call after every change. */
  commit(): void;
}

/** Options for {@link createSessionStore}. */
export interface SessionStoreOptions {
  persistence: SessionPersistence;
  /** A session id given explicitly (wins over a persisted one). */
  sessionId: string | undefined;
  /** Whether the client was created for a recall set (a paused session then is not kept). */
  forRecallSet: boolean;
}

/** Creates a {@link SessionStore}, restoring the persisted session and outbox if any. */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { persistence } = options;
  const persisted = persistence.load();
  let sessionId: string | null = options.sessionId ?? persisted?.sessionId ?? null;
  let fromPersistence = options.sessionId === undefined && persisted !== null;
  const outbox = createOutbox({ entries: persisted?.outbox ?? [] });
  const lines: LocalLine[] = outbox.entries.flatMap((entry) =>
    entry.type === 'user_message'
      ? [{ clientMessageId: entry.clientMessageId, content: entry.content, phase: 'pending' }]
      : [],
  );
  let state = createClientState({
    ...(sessionId === null ? {} : { sessionId }),
    lines,
    overlayDismissed:
      sessionId !== null && persisted?.sessionId === sessionId && persisted.overlayDismissed,
  });
  let persistedKey = '';

  function persist(): void {
    if (sessionId === null) return;
    const status = state.session.status;
    const entries = outbox.entries;
    // A paused or finished session is not resumed by a reload: the set starts/resumes anew.
    if (
      (status === 'paused' || status === 'completed') &&
      options.forRecallSet &&
      entries.length === 0
    ) {
      if (persistedKey !== 'cleared') persistence.clear();
      persistedKey = 'cleared';
      return;
    }
    const ids = entries.map((entry) => entry.clientMessageId).join(',');
    const key = `${sessionId}|${state.overlayDismissed}|${ids}`;
    if (key === persistedKey) return;
    persistedKey = key;
    persistence.save({ sessionId, outbox: [...entries], overlayDismissed: state.overlayDismissed });
  }

  return {
    get sessionId() {
      return sessionId;
    },
    get state() {
      return state;
    },
    outbox,
    get fromPersistence() {
      return fromPersistence;
    },
    issue(message) {
      outbox.enqueue(message);
      if (message.type === 'user_message') {
        state = addLocalLine(state, message.clientMessageId, message.content);
      }
    },
    receive(frame) {
      let settlement: OutboxSettlement = { kind: 'unrelated' };
      if (frame.type === 'ack' || frame.type === 'error') settlement = outbox.settle(frame);
      state = applyServerFrame(state, frame);
      if (settlement.kind === 'failed' && frame.type === 'error') {
        // Also a refusal that stayed retryable too long: the line fails with its last error.
        const { type: _type, ...error } = frame;
        state = failLocalLine(state, settlement.message.clientMessageId, error);
      }
      if (frame.type === 'event' && frame.event.type === 'assistant_streaming_end') {
        outbox.turnEnded();
      }
      if (sessionId === null && state.session.sessionId !== '') sessionId = state.session.sessionId;
      return settlement;
    },
    setDrafting(drafting) {
      if (state.drafting !== drafting) state = { ...state, drafting };
    },
    dismissOverlay() {
      if (!state.overlayDismissed) state = { ...state, overlayDismissed: true };
    },
    connectionReset() {
      outbox.connectionLost();
      state = resetConnection(state);
    },
    restart({ keepSession }) {
      if (!keepSession) {
        persistence.clear();
        persistedKey = '';
        sessionId = null;
        fromPersistence = false;
      }
      state = forgetLog(state, sessionId ?? undefined);
    },
    requeueFailed() {
      for (const line of state.lines) {
        if (line.phase !== 'failed') continue;
        const { clientMessageId, content } = line;
        outbox.enqueue({ type: 'user_message', content, clientMessageId });
        state = addLocalLine(state, clientMessageId, content);
      }
    },
    commit: persist,
  };
}

/** The part of the Web Storage API the client uses (sessionStorage, localStorage, a shim). */
export type ClientStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * What survives a page reload: the session, the unacknowledged commands, and the learner's
 * answers the log does not record (the completion overlay closed with "Continue").
 */
export interface PersistedSession {
  sessionId: string;
  outbox: OutgoingClientMessage[];
  overlayDismissed: boolean;
}

/** Reads and writes one client's {@link PersistedSession}; storage failures are ignored. */
export interface SessionPersistence {
  load(): PersistedSession | null;
  save(session: PersistedSession): void;
  clear(): void;
}

const VERSION = 2;

/** The storage key for a client of this recall set (or this session). */
export function persistenceKey(target: { recallSetId?: string; sessionId?: string }): string {
  return target.recallSetId !== undefined
    ? `recall:set:${target.recallSetId}`
    : `recall:session:${target.sessionId ?? ''}`;
}

/**
 * Persistence over an injectable storage. A full or unavailable storage (private mode, quota)
 * must never break the live session, so every access is guarded; a corrupt or foreign
 * value reads as nothing.
 */
export function createSessionPersistence(
  storage: ClientStorage | null,
  key: string,
): SessionPersistence {
  return {
    load() {
      if (storage === null) return null;
      try {
        const raw = storage.getItem(key);
        return raw === null ? null : decode(raw);
      } catch {
        return null;
      }
    },
    save(session) {
      try {
        storage?.setItem(key, JSON.stringify({ version: VERSION, ...session }));
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

// Version 1 (written before the overlay's dismissal was kept) reads as not dismissed, so an
// upgrade keeps the unacknowledged commands.
function decode(raw: string): PersistedSession | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { version, sessionId, outbox, overlayDismissed } = value as Record<string, unknown>;
  if (version !== 1 && version !== VERSION) return null;
  if (typeof sessionId !== 'string' || sessionId.length === 0) return null;
  const entries: OutgoingClientMessage[] = [];
  for (const entry of Array.isArray(outbox) ? outbox : []) {
    const message = decodeOutgoingMessage(entry);
    if (message !== null) entries.push(message);
  }
  return { sessionId, outbox: entries, overlayDismissed: overlayDismissed === true };
}

/** `sessionStorage` when the environment has a usable one, else `null`. */
export function defaultClientStorage(): ClientStorage | null {
  try {
    const storage = (globalThis as { sessionStorage?: ClientStorage }).sessionStorage;
    return storage ?? null;
  } catch {
    // Accessing sessionStorage throws in sandboxed iframes.
    return null;
  }
}
