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
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES, closeCodeRetryPolicy } from '../protocol/close-codes';
import { parseServerMessage } from '../protocol/parse-server-message';
import type { ServerMessage } from '../protocol/server-messages';
import { computeReconnectDelay } from './backoff';
import { createClientMessageId } from './client-message-id';
import {
  type ConnectionState,
  type RecallClientOptions,
  type RecallClientSnapshot,
  resolveClientOptions,
} from './client-options';
import { closeErrorMessage } from './close-error';
import { buildConnectionUrl } from './connection-url';
import {
  type LocalLine,
  overlayLocalLines,
  settleLocalLines,
  updateLocalLine,
} from './local-lines';
import { enqueue, type Outbox, removeEntry } from './outbox';
import { createSessionPersistence, persistenceKey } from './session-persistence';
import { WEBSOCKET_OPEN, type WebSocketLike } from './websocket-like';

/** A resumable connection to one Recall session. */
export interface RecallClient {
  /** The current snapshot: immutable, a new object only when something changed. */
  getSnapshot(): RecallClientSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Opens the connection (needed only with `autoConnect: false`). */
  connect(): void;
  /** Sends a learner message, shown at once as `pending`; returns its `clientMessageId`. */
  sendMessage(text: string): string;
  leaveSession(): void;
  /** Accepts the pending rabbit-hole prompt (`state.rabbitholePrompt`); no-op without one. */
  enterRabbithole(): void;
  exitRabbithole(): void;
  declineRabbithole(): void;
  dismissOverlay(): void;
  /** Reconnects now, skipping the backoff wait, and resends the outbox and failed messages. */
  retry(): void;
  /** Closes for good: connection `closed`, no more reconnects. */
  close(): void;
}

const RESEND_TIMER = 'resend';
type TimerName = 'reconnect' | 'connect' | 'heartbeat' | 'pong' | typeof RESEND_TIMER;

/**
 * Connects to a Recall server and keeps a session's state in sync through drops, reloads
 * and server restarts: reconnects with exponential backoff and per-attempt jitter, resumes
 * after `lastSeq`, and keeps every command in an outbox until acknowledged, resending it
 * with the same `clientMessageId` (so it is processed exactly once). Browser-safe.
 *
 * @example
 * const client = createRecallClient({ url: 'wss://app.example/ws', recallSetId });
 * const unsubscribe = client.subscribe(() => render(client.getSnapshot()));
 * client.sendMessage('Mitochondria make ATP.');
 */
export function createRecallClient(options: RecallClientOptions): RecallClient {
  const config = resolveClientOptions(options);
  const recallSetId = 'recallSetId' in config.target ? config.target.recallSetId : undefined;
  const persistence = createSessionPersistence(config.storage, persistenceKey(options));
  const persisted = persistence.load();
  const explicitSessionId = 'sessionId' in config.target ? config.target.sessionId : undefined;

  let sessionId: string | null = explicitSessionId ?? persisted?.sessionId ?? null;
  // A session remembered from an earlier page may be gone; then start over on the set.
  let fromPersistence = explicitSessionId === undefined && persisted !== null;
  let outbox: Outbox = persisted?.outbox ?? [];
  // What the server's messages built, and the learner's lines the log has not confirmed yet.
  let serverState = createInitialClientState(sessionId === null ? {} : { sessionId });
  let localLines: readonly LocalLine[] = outbox.flatMap((entry) =>
    entry.type === 'user_message'
      ? [{ clientMessageId: entry.clientMessageId, content: entry.content, phase: 'pending' as const }]
      : [],
  );
  let state = overlayLocalLines(serverState, localLines);
  let overlaid = { serverState, localLines };
  let connection: ConnectionState = 'idle';
  let snapshot: RecallClientSnapshot = { state, connection, outbox: outbox.length };
  let persistedKey = '';
  const listeners = new Set<() => void>();

  let socket: WebSocketLike | null = null;
  let attempt = 0;
  let closedForGood = false;
  let inFlight: string | null = null;
  let resendAt = 0;
  let retryAfterMs = 0;
  const timers = new Map<TimerName, ReturnType<typeof setTimeout>>();

  function setTimer(name: TimerName, delayMs: number, run: () => void): void {
    clearTimer(name);
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        run();
      }, delayMs),
    );
  }

  function clearTimer(name: TimerName): void {
    const timer = timers.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(name);
  }

  function persist(): void {
    if (sessionId === null) return;
    const ended = state.status === 'paused' || state.status === 'completed';
    // A paused or finished session is not resumed by a reload: the set starts/resumes anew.
    if (ended && recallSetId !== undefined && outbox.length === 0) {
      if (persistedKey !== 'cleared') persistence.clear();
      persistedKey = 'cleared';
      return;
    }
    const key = `${sessionId}|${state.lastSeq}|${outbox.map((entry) => entry.clientMessageId).join(',')}`;
    if (key === persistedKey) return;
    persistedKey = key;
    persistence.save({ sessionId, lastSeq: state.lastSeq, outbox: [...outbox] });
  }

  function publish(): void {
    localLines = settleLocalLines(serverState, localLines);
    if (overlaid.serverState !== serverState || overlaid.localLines !== localLines) {
      state = overlayLocalLines(serverState, localLines);
      overlaid = { serverState, localLines };
    }
    persist();
    if (
      snapshot.state === state &&
      snapshot.connection === connection &&
      snapshot.outbox === outbox.length
    ) {
      return;
    }
    snapshot = { state, connection, outbox: outbox.length };
    for (const listener of [...listeners]) listener();
  }

  function send(message: ClientMessage): void {
    if (socket !== null && socket.readyState === WEBSOCKET_OPEN) socket.send(JSON.stringify(message));
  }

  /** Sends the oldest unacknowledged command, one at a time so the server sees them in order. */
  function flush(): void {
    if (socket === null || connection !== 'open' || inFlight !== null) return;
    const next = outbox[0];
    if (next === undefined) return;
    const wait = resendAt - Date.now();
    if (wait > 0) {
      setTimer(RESEND_TIMER, wait, flush);
      return;
    }
    inFlight = next.clientMessageId;
    send(next);
  }

  function issue(message: OutgoingClientMessage): void {
    outbox = enqueue(outbox, message);
    if (message.type === 'user_message') {
      const { clientMessageId, content } = message;
      localLines = [...localLines, { clientMessageId, content, phase: 'pending' }];
    } else {
      serverState = applyOutgoingMessage(serverState, message);
    }
    publish();
    flush();
  }

  function sendPing(): void {
    send({ type: 'ping' });
    if (!timers.has('pong')) setTimer('pong', config.heartbeatTimeoutMs, abandonSocket);
  }

  function onServerMessage(message: ServerMessage): void {
    if (message.type !== 'error') attempt = 0;
    if (message.type === 'error' && message.code === 'RATE_LIMITED') {
      retryAfterMs = message.retryAfterMs ?? 1_000;
    }
    if (message.type === 'ack') {
      const { clientMessageId } = message;
      outbox = removeEntry(outbox, clientMessageId);
      localLines = updateLocalLine(localLines, clientMessageId, (line) => ({ ...line, phase: 'acked' }));
      if (inFlight === clientMessageId) inFlight = null;
    } else if (message.type === 'error' && message.clientMessageId !== undefined) {
      const { clientMessageId, type: _type, ...error } = message;
      if (message.code === 'RATE_LIMITED') {
        // Still pending: resent once the server's wait is over.
        resendAt = Date.now() + retryAfterMs;
      } else {
        // Rejected for good; `retry()` can send a failed message again.
        outbox = removeEntry(outbox, clientMessageId);
        localLines = updateLocalLine(localLines, clientMessageId, (line) => ({
          ...line,
          phase: 'failed',
          error: { ...error, clientMessageId },
        }));
      }
      if (inFlight === clientMessageId) inFlight = null;
    }
    serverState = reduceClientState(serverState, message);
    if (sessionId === null && serverState.sessionId !== null) sessionId = serverState.sessionId;
    publish();
    flush();
  }

  function openSocket(): void {
    clearTimer('reconnect');
    const target =
      sessionId !== null
        ? { sessionId, afterSeq: serverState.lastSeq }
        : { recallSetId: recallSetId ?? '' };
    let next: WebSocketLike;
    try {
      next = new config.WebSocket(buildConnectionUrl(config.url, target, config.userToken));
    } catch {
      handleDrop(CLOSE_CODES.ABNORMAL.code, '');
      return;
    }
    socket = next;
    next.onopen = () => {
      if (socket !== next) return;
      clearTimer('connect');
      connection = 'open';
      inFlight = null;
      retryAfterMs = 0;
      publish();
      sendPing();
      timers.set(
        'heartbeat',
        setInterval(sendPing, config.heartbeatIntervalMs) as ReturnType<typeof setTimeout>,
      );
      flush();
    };
    next.onmessage = (event) => {
      if (socket !== next) return;
      clearTimer('pong');
      const parsed = parseServerMessage(event.data);
      if (parsed.ok) onServerMessage(parsed.message);
    };
    next.onclose = (event) => {
      if (socket !== next) return;
      detach(next);
      handleDrop(event.code, event.reason);
    };
    next.onerror = () => {};
    setTimer('connect', config.connectTimeoutMs, abandonSocket);
  }

  function detach(target: WebSocketLike): void {
    target.onopen = null;
    target.onmessage = null;
    target.onclose = null;
    target.onerror = () => {};
    if (socket === target) socket = null;
  }

  /** The link looks dead (no pong, no open): drop it without waiting for a close. */
  function abandonSocket(): void {
    const dead = socket;
    if (dead === null) return;
    detach(dead);
    try {
      dead.close();
    } catch {
      // Already closing.
    }
    handleDrop(CLOSE_CODES.ABNORMAL.code, '');
  }

  function stopTimers(): void {
    const heartbeat = timers.get('heartbeat');
    if (heartbeat !== undefined) clearInterval(heartbeat);
    for (const name of [...timers.keys()]) clearTimer(name);
  }

  function restartFromScratch(keepSession: boolean): void {
    if (!keepSession) {
      persistence.clear();
      persistedKey = '';
      sessionId = null;
      fromPersistence = false;
    }
    serverState = createInitialClientState(sessionId === null ? {} : { sessionId });
  }

  function handleDrop(code: number, reason: string): void {
    stopTimers();
    inFlight = null;
    if (closedForGood) return;
    serverState = markConnectionReset(serverState);
    const staleSession =
      code === CLOSE_CODES.FORBIDDEN.code || code === CLOSE_CODES.SESSION_NOT_FOUND.code;
    if (staleSession && fromPersistence && recallSetId !== undefined) {
      restartFromScratch(false);
      return scheduleReconnect(0);
    }
    if (code === CLOSE_CODES.INVALID_RESUME.code) restartFromScratch(true);
    const policy = closeCodeRetryPolicy(code);
    if (policy === 'never' || attempt >= config.reconnect.maxAttempts) {
      const error = closeErrorMessage(code, reason);
      if (error !== null && serverState.status !== 'error' && serverState.status !== 'completed') {
        serverState = reduceClientState(serverState, error);
      }
      connection = 'closed';
      publish();
      return;
    }
    const delay =
      policy === 'immediately' && attempt === 0
        ? 0
        : Math.max(
            computeReconnectDelay({
              attempt,
              reconnect: config.reconnect,
              slow: policy === 'slowly',
              random: config.random,
            }),
            policy === 'slowly' ? retryAfterMs : 0,
          );
    scheduleReconnect(delay);
  }

  function scheduleReconnect(delayMs: number): void {
    attempt += 1;
    connection = 'reconnecting';
    publish();
    setTimer('reconnect', delayMs, openSocket);
  }

  function requeueFailedMessages(): void {
    for (const line of localLines) {
      if (line.phase !== 'failed') continue;
      const { clientMessageId, content } = line;
      outbox = enqueue(outbox, { type: 'user_message', content, clientMessageId });
      localLines = updateLocalLine(localLines, clientMessageId, ({ error: _error, ...rest }) => ({
        ...rest,
        phase: 'pending',
      }));
    }
  }

  function onOnline(): void {
    if (!closedForGood && socket === null && connection === 'reconnecting') openSocket();
  }
  const target = globalThis as { addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener };
  target.addEventListener?.('online', onOnline);

  const client: RecallClient = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    connect() {
      if (closedForGood || socket !== null || connection !== 'idle') return;
      connection = 'connecting';
      publish();
      openSocket();
    },
    sendMessage(text) {
      const clientMessageId = createClientMessageId();
      issue({ type: 'user_message', content: text, clientMessageId });
      return clientMessageId;
    },
    leaveSession() {
      issue({ type: 'leave_session', clientMessageId: createClientMessageId() });
    },
    enterRabbithole() {
      const prompt = serverState.rabbitholePrompt;
      if (prompt === null) return;
      issue({
        type: 'enter_rabbithole',
        rabbitholeEventId: prompt.rabbitholeEventId,
        topic: prompt.topic,
        clientMessageId: createClientMessageId(),
      });
    },
    exitRabbithole() {
      issue({ type: 'exit_rabbithole', clientMessageId: createClientMessageId() });
    },
    declineRabbithole() {
      if (serverState.rabbitholePrompt === null) return;
      issue({ type: 'decline_rabbithole', clientMessageId: createClientMessageId() });
    },
    dismissOverlay() {
      issue({ type: 'dismiss_overlay', clientMessageId: createClientMessageId() });
    },
    retry() {
      if (closedForGood) return;
      requeueFailedMessages();
      resendAt = 0;
      clearTimer(RESEND_TIMER);
      attempt = 0;
      if (socket === null) {
        connection = connection === 'idle' ? 'connecting' : 'reconnecting';
        publish();
        openSocket();
        return;
      }
      publish();
      flush();
    },
    close() {
      if (closedForGood) return;
      closedForGood = true;
      stopTimers();
      target.removeEventListener?.('online', onOnline);
      const current = socket;
      if (current !== null) {
        detach(current);
        current.close(CLOSE_CODES.NORMAL.code);
      }
      connection = 'closed';
      publish();
    },
  };
  if (config.autoConnect) client.connect();
  return client;
}
