import {
  type ClientSessionState,
  createInitialClientState,
} from '../client-state/client-session-state';
import {
  applyOutgoingMessage,
  markConnectionReset,
  type OutgoingClientMessage,
} from '../client-state/outgoing';
import { reduceClientState } from '../client-state/reduce-client-state';
import type { ServerMessage } from '../protocol/server-messages';
import {
  type LocalLine,
  overlayLocalLines,
  settleLocalLines,
  updateLocalLine,
} from './local-lines';
import { enqueue, type Outbox, removeEntry } from './outbox';
import type { SessionPersistence } from './session-persistence';

/**
 * One client's session data, independent of any socket: the state built from server
 * messages, the learner's unconfirmed lines, the outbox, and their persistence.
 */
export interface SessionStore {
  /** The session attached to, once known. */
  readonly sessionId: string | null;
  /** Built from server messages (and the client's non-message commands) only. */
  readonly serverState: ClientSessionState;
  /** What to show: {@link serverState} plus the unconfirmed learner lines. */
  readonly state: ClientSessionState;
  readonly outbox: Outbox;
  /** True when the session id came from persistence (it may be stale). */
  readonly fromPersistence: boolean;
  /** Queues a command; a learner message shows at once as pending. */
  issue(message: OutgoingClientMessage): void;
  /** Applies one server message: acks and rejections settle the outbox, then the reducer. */
  receive(message: ServerMessage): void;
  /** The link dropped: the half-streamed response is dropped until the resume rebuilds it. */
  connectionReset(): void;
  /** Forgets the state (and, without `keepSession`, the session) to resync from seq 0. */
  restart(options: { keepSession: boolean }): void;
  /** Queues every failed learner message again (same `clientMessageId`). */
  requeueFailed(): void;
  /** Recomputes {@link state} and persists; call after every change. */
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
  let outbox: Outbox = persisted?.outbox ?? [];
  let serverState = createInitialClientState(sessionId === null ? {} : { sessionId });
  let localLines: readonly LocalLine[] = outbox.flatMap((entry) =>
    entry.type === 'user_message'
      ? [
          {
            clientMessageId: entry.clientMessageId,
            content: entry.content,
            phase: 'pending' as const,
          },
        ]
      : [],
  );
  let state = overlayLocalLines(serverState, localLines);
  let overlaid = { serverState, localLines };
  let persistedKey = '';

  function persist(): void {
    if (sessionId === null) return;
    const ended = state.status === 'paused' || state.status === 'completed';
    // A paused or finished session is not resumed by a reload: the set starts/resumes anew.
    if (ended && options.forRecallSet && outbox.length === 0) {
      if (persistedKey !== 'cleared') persistence.clear();
      persistedKey = 'cleared';
      return;
    }
    const ids = outbox.map((entry) => entry.clientMessageId).join(',');
    const key = `${sessionId}|${state.lastSeq}|${ids}`;
    if (key === persistedKey) return;
    persistedKey = key;
    persistence.save({ sessionId, lastSeq: state.lastSeq, outbox: [...outbox] });
  }

  function settle(clientMessageId: string, message: ServerMessage): void {
    if (message.type === 'ack') {
      outbox = removeEntry(outbox, clientMessageId);
      localLines = updateLocalLine(localLines, clientMessageId, (line) => ({
        ...line,
        phase: 'acked',
      }));
      return;
    }
    // A rate-limited command stays queued; any other rejection is final until `retry()`.
    if (message.type !== 'error' || message.code === 'RATE_LIMITED') return;
    const { type: _type, ...error } = message;
    outbox = removeEntry(outbox, clientMessageId);
    localLines = updateLocalLine(localLines, clientMessageId, (line) => ({
      ...line,
      phase: 'failed',
      error,
    }));
  }

  return {
    get sessionId() {
      return sessionId;
    },
    get serverState() {
      return serverState;
    },
    get state() {
      return state;
    },
    get outbox() {
      return outbox;
    },
    get fromPersistence() {
      return fromPersistence;
    },
    issue(message) {
      outbox = enqueue(outbox, message);
      if (message.type === 'user_message') {
        const { clientMessageId, content } = message;
        localLines = [...localLines, { clientMessageId, content, phase: 'pending' }];
      } else {
        serverState = applyOutgoingMessage(serverState, message);
      }
    },
    receive(message) {
      if (
        (message.type === 'ack' || message.type === 'error') &&
        message.clientMessageId !== undefined
      ) {
        settle(message.clientMessageId, message);
      }
      serverState = reduceClientState(serverState, message);
      if (sessionId === null && serverState.sessionId !== null) sessionId = serverState.sessionId;
    },
    connectionReset() {
      serverState = markConnectionReset(serverState);
    },
    restart({ keepSession }) {
      if (!keepSession) {
        persistence.clear();
        persistedKey = '';
        sessionId = null;
        fromPersistence = false;
      }
      serverState = createInitialClientState(sessionId === null ? {} : { sessionId });
    },
    requeueFailed() {
      for (const line of localLines) {
        if (line.phase !== 'failed') continue;
        const { clientMessageId, content } = line;
        outbox = enqueue(outbox, { type: 'user_message', content, clientMessageId });
        localLines = updateLocalLine(localLines, clientMessageId, ({ error: _error, ...rest }) => ({
          ...rest,
          phase: 'pending',
        }));
      }
    },
    commit() {
      localLines = settleLocalLines(serverState, localLines);
      if (overlaid.serverState !== serverState || overlaid.localLines !== localLines) {
        state = overlayLocalLines(serverState, localLines);
        overlaid = { serverState, localLines };
      }
      persist();
    },
  };
}
