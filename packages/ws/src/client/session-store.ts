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
import type { SessionPersistence } from './persisted-session';

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

/** How an answer from the server settled the command in flight. */
export type OutboxSettlement =
  /** Stored: the command left the outbox. */
  | { kind: 'acked'; message: OutgoingClientMessage }
  /** Refused for good: the command left the outbox. */
  | { kind: 'failed'; message: OutgoingClientMessage }
  /** Refused for now (a retryable error): it stays first in line and is sent again later. */
  | { kind: 'retrying'; message: OutgoingClientMessage }
  /** The answer is not about the command in flight. */
  | { kind: 'unrelated' };

/** A server answer the outbox settles commands with. */
export type OutboxAnswer =
  | { type: 'ack'; clientMessageId: string }
  | {
      type: 'error';
      retryable: boolean;
      retryAfterMs?: number | undefined;
      clientMessageId?: string | undefined;
    };

/** Options for {@link createOutbox}. */
export interface OutboxOptions {
  /** Commands restored from the persisted session, oldest first. */
  entries?: readonly OutgoingClientMessage[];
  /** Epoch milliseconds. @default Date.now */
  now?: () => number;
  /** Retryable refusals of one command tolerated; the next one fails it. @default 8 */
  maxRetries?: number;
}

/**
 * The commands not acknowledged yet, sent one at a time in the order issued, each with its
 * `clientMessageId` (so the server processes it once, however often it is resent). A command
 * refused with a retryable error (`SESSION_BUSY` while a turn runs, `RATE_LIMITED`, a storage
 * hiccup) stays first in line — nothing behind it overtakes it — and is sent again after the
 * server's `retryAfterMs`, or as soon as the running turn ends, whichever comes first; without
 * either, after an exponential wait. After `maxRetries` such refusals it fails.
 */
export interface Outbox {
  /** Queued commands, oldest first, the one in flight included. */
  readonly entries: readonly OutgoingClientMessage[];
  /** Epoch ms from when the first command may be sent again; `null` when it need not wait. */
  readonly resendAt: number | null;
  /** Queues a command (once per `clientMessageId`). */
  enqueue(message: OutgoingClientMessage): void;
  /** The command to send now, marked in flight; `null` when one is in flight, none waits, or it must wait. */
  take(): OutgoingClientMessage | null;
  /** Settles the command in flight with the server's answer. */
  settle(answer: OutboxAnswer): OutboxSettlement;
  /** A turn of the session ended (its `assistant_streaming_end` arrived): a busy refusal may be sent again. */
  turnEnded(): void;
  /** The connection dropped: the command in flight is sent again on the next connection. */
  connectionLost(): void;
  /** Sends the first command at once, without waiting (e.g. the learner asked to retry). */
  skipWait(): void;
}

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 30_000;

/** Creates an {@link Outbox}. */
export function createOutbox(options: OutboxOptions = {}): Outbox {
  const now = options.now ?? Date.now;
  const maxRetries = options.maxRetries ?? 8;
  let entries: readonly OutgoingClientMessage[] = options.entries ?? [];
  let inFlight: string | null = null;
  let resendAt: number | null = null;
  let waitingForTurn = false;
  let retries = 0;

  function removeHead(): OutgoingClientMessage {
    const [head, ...rest] = entries as [OutgoingClientMessage, ...OutgoingClientMessage[]];
    entries = rest;
    inFlight = null;
    resendAt = null;
    waitingForTurn = false;
    retries = 0;
    return head;
  }

  return {
    get entries() {
      return entries;
    },
    get resendAt() {
      return resendAt;
    },
    enqueue(message) {
      if (entries.some((entry) => entry.clientMessageId === message.clientMessageId)) return;
      entries = [...entries, message];
    },
    take() {
      const head = entries[0];
      if (head === undefined || inFlight !== null) return null;
      if (resendAt !== null && now() < resendAt) return null;
      resendAt = null;
      waitingForTurn = false;
      inFlight = head.clientMessageId;
      return head;
    },
    settle(answer) {
      const head = entries[0];
      if (
        head === undefined ||
        answer.clientMessageId === undefined ||
        answer.clientMessageId !== head.clientMessageId
      ) {
        return { kind: 'unrelated' };
      }
      if (answer.type === 'ack') return { kind: 'acked', message: removeHead() };
      if (!answer.retryable || retries >= maxRetries) {
        return { kind: 'failed', message: removeHead() };
      }
      inFlight = null;
      const backoff = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** retries);
      retries += 1;
      resendAt = now() + (answer.retryAfterMs ?? backoff);
      waitingForTurn = true;
      return { kind: 'retrying', message: head };
    },
    turnEnded() {
      if (waitingForTurn) resendAt = null;
    },
    connectionLost() {
      inFlight = null;
    },
    skipWait() {
      resendAt = null;
      waitingForTurn = false;
    },
  };
}
