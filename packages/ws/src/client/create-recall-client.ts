import { assertNever } from '../client-state/assert-never';
import type { OutgoingClientMessage } from '../client-state/outgoing';
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import type { ServerMessage } from '../protocol/server-messages';
import { createClientMessageId } from './client-message-id';
import {
  type ConnectionState,
  type RecallClient,
  type RecallClientOptions,
  type RecallClientSnapshot,
  globalWebSocket,
  resolveClientOptions,
} from './client-options';
import { decideAfterClose } from './close-decision';
import { decodeServerMessage } from './decode-server-message';
import { buildConnectionUrl } from './connection-url';
import { createSessionPersistence, persistenceKey } from './session-persistence';
import { createSessionStore } from './session-store';
import { createTimers } from './timers';
import { WEBSOCKET_OPEN, type WebSocketLike } from './websocket-like';

const RESEND_TIMER = 'resend';
const NO_WEBSOCKET_MESSAGE =
  'createRecallClient: there is no WebSocket here (no global `WebSocket`, e.g. while rendering on the server); pass the `WebSocket` option (e.g. from the `ws` package) or connect in a browser.';
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
  const store = createSessionStore({
    persistence,
    sessionId: 'sessionId' in config.target ? config.target.sessionId : undefined,
    forRecallSet: recallSetId !== undefined,
  });
  let connection: ConnectionState = 'idle';
  let snapshot: RecallClientSnapshot = {
    state: store.state,
    connection,
    outbox: store.outbox.length,
  };
  const listeners = new Set<() => void>();

  let socket: WebSocketLike | null = null;
  let attempt = 0;
  let closedForGood = false;
  let inFlight: string | null = null;
  let resendAt = 0;
  let retryAfterMs = 0;
  const timers = createTimers<TimerName>();

  function publish(): void {
    store.commit();
    const { state, outbox } = store;
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
    if (socket?.readyState === WEBSOCKET_OPEN) socket.send(JSON.stringify(message));
  }

  /** Sends the oldest unacknowledged command, one at a time so the server sees them in order. */
  function flush(): void {
    if (socket === null || connection !== 'open' || inFlight !== null) return;
    const next = store.outbox[0];
    if (next === undefined) return;
    const wait = resendAt - Date.now();
    if (wait > 0) {
      timers.set(RESEND_TIMER, wait, flush);
      return;
    }
    inFlight = next.clientMessageId;
    send(next);
  }

  function issue(message: OutgoingClientMessage): void {
    store.issue(message);
    publish();
    flush();
  }

  function sendPing(): void {
    send({ type: 'ping' });
    if (!timers.has('pong')) timers.set('pong', config.heartbeatTimeoutMs, abandonSocket);
  }

  function onServerMessage(message: ServerMessage): void {
    if (message.type === 'error') {
      if (message.code === 'RATE_LIMITED') {
        retryAfterMs = message.retryAfterMs ?? 1_000;
        // A rate-limited command is resent once the server's wait is over.
        if (message.clientMessageId !== undefined) resendAt = Date.now() + retryAfterMs;
      }
    } else {
      attempt = 0;
    }
    if (
      (message.type === 'ack' || message.type === 'error') &&
      message.clientMessageId === inFlight
    ) {
      inFlight = null;
    }
    store.receive(message);
    publish();
    flush();
  }

  function openSocket(): void {
    timers.clear('reconnect');
    const WebSocket = config.WebSocket ?? globalWebSocket();
    if (WebSocket === undefined) {
      failWithoutWebSocket();
      return;
    }
    const sessionId = store.sessionId;
    const target =
      sessionId !== null
        ? { sessionId, afterSeq: store.serverState.lastSeq }
        : { recallSetId: recallSetId ?? '' };
    let next: WebSocketLike;
    try {
      next = new WebSocket(buildConnectionUrl(config.url, target, config.userToken));
    } catch {
      handleDrop(CLOSE_CODES.ABNORMAL.code, '');
      return;
    }
    socket = next;
    next.onopen = () => {
      if (socket !== next) return;
      timers.clear('connect');
      connection = 'open';
      inFlight = null;
      retryAfterMs = 0;
      publish();
      sendPing();
      timers.every('heartbeat', config.heartbeatIntervalMs, sendPing);
      flush();
    };
    next.onmessage = (event) => {
      if (socket !== next) return;
      // Any frame proves the link alive.
      timers.clear('pong');
      const decoded = decodeServerMessage(event.data);
      if (decoded.ok) onServerMessage(decoded.message);
      else config.onProtocolError(decoded.error);
    };
    next.onclose = (event) => {
      if (socket !== next) return;
      detach(next);
      handleDrop(event.code, event.reason);
    };
    next.onerror = () => {};
    timers.set('connect', config.connectTimeoutMs, abandonSocket);
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

  function handleDrop(code: number, reason: string): void {
    timers.clearAll();
    inFlight = null;
    if (closedForGood) return;
    store.connectionReset();
    const decision = decideAfterClose({
      code,
      reason,
      attempt,
      reconnect: config.reconnect,
      random: config.random,
      retryAfterMs,
      canRestartOnRecallSet: store.fromPersistence && recallSetId !== undefined,
    });
    switch (decision.kind) {
      case 'restart-on-recall-set':
        store.restart({ keepSession: false });
        scheduleReconnect(0);
        return;
      case 'stop': {
        const status = store.serverState.status;
        if (decision.error !== null && status !== 'error' && status !== 'completed') {
          store.receive(decision.error);
        }
        connection = 'closed';
        publish();
        return;
      }
      case 'reconnect':
        if (decision.resync) store.restart({ keepSession: true });
        scheduleReconnect(decision.delayMs);
        return;
      default:
        assertNever(decision, 'close decision');
    }
  }

  /** Nothing to connect with: a clear error in the state instead of a throw. */
  function failWithoutWebSocket(): void {
    timers.clearAll();
    store.receive({ type: 'error', code: 'INTERNAL_ERROR', message: NO_WEBSOCKET_MESSAGE });
    connection = 'closed';
    publish();
  }

  function scheduleReconnect(delayMs: number): void {
    attempt += 1;
    connection = 'reconnecting';
    publish();
    timers.set('reconnect', delayMs, openSocket);
  }

  // Browsers report regained connectivity: skip the rest of the backoff wait.
  function onOnline(): void {
    if (!closedForGood && socket === null && connection === 'reconnecting') openSocket();
  }
  const environment = globalThis as {
    addEventListener?: typeof addEventListener;
    removeEventListener?: typeof removeEventListener;
  };
  environment.addEventListener?.('online', onOnline);

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
      const prompt = store.serverState.rabbitholePrompt;
      if (prompt === null) return;
      const { rabbitholeEventId, topic } = prompt;
      issue({
        type: 'enter_rabbithole',
        rabbitholeEventId,
        topic,
        clientMessageId: createClientMessageId(),
      });
    },
    exitRabbithole() {
      issue({ type: 'exit_rabbithole', clientMessageId: createClientMessageId() });
    },
    declineRabbithole() {
      if (store.serverState.rabbitholePrompt === null) return;
      issue({ type: 'decline_rabbithole', clientMessageId: createClientMessageId() });
    },
    dismissOverlay() {
      issue({ type: 'dismiss_overlay', clientMessageId: createClientMessageId() });
    },
    retry() {
      if (closedForGood) return;
      store.requeueFailed();
      resendAt = 0;
      timers.clear(RESEND_TIMER);
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
      timers.clearAll();
      environment.removeEventListener?.('online', onOnline);
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
