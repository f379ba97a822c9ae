import { assertNever } from '../internal/assert-never';
import { CLOSE_CODE_POLICIES as CLOSE_CODES } from '../protocol/close-code-policies';
import type { ServerMessage } from '../protocol/server-messages';
import { globalWebSocket, type ResolvedClientOptions } from './client-options';
import { type CloseDecision, decideAfterClose } from './close-decision';
import { type Connection, openConnection } from './connection';
import { buildConnectionUrl, type ConnectionTarget } from './connection-url';
import type { SessionStore } from './session-store';
import type { ConnectionState } from './snapshot';

const NO_WEBSOCKET_MESSAGE =
  'createRecallClient: there is no WebSocket here (no global `WebSocket`, e.g. while rendering on the server); pass the `WebSocket` option (e.g. from the `ws` package) or connect in a browser.';

/** What the link reports to the client that owns it. */
export interface LinkEvents {
  /** The connection state changed (or the store did, after a drop). */
  onChange(): void;
  onOpen(): void;
  /** Every valid frame, handed to the socket as is: it reaches the owner with no hop here. */
  onFrame(frame: ServerMessage): void;
}

/** Options for {@link createLink}. */
export interface LinkOptions {
  config: ResolvedClientOptions;
  store: SessionStore;
  events: LinkEvents;
}

/**
 * The client's link to the server, across sockets: connects (to the recall set, or back to
 * the session after the last applied `seq`), and after every drop decides by the close
 * code's policy whether and when to reconnect, to resync from seq 0, or to stop.
 */
export interface Link {
  /** Where the link stands. */
  readonly state: ConnectionState;
  /**
   * The current socket, `null` between sockets; frames reach the owner from it directly
   * (`LinkEvents.onFrame`), and commands go out through it.
   */
  readonly connection: Connection | null;
  /** Opens the first connection (no-op unless idle). */
  start(): void;
  /** Reconnects now when disconnected, skipping the backoff wait. */
  retryNow(): void;
  /** Closes for good. */
  close(): void;
}

/** Back to the session after its last applied `seq`, or to the recall set before one is known. */
function targetOf(store: SessionStore, recallSetId: string | undefined): ConnectionTarget {
  const sessionId = store.sessionId;
  return sessionId !== null
    ? { sessionId, afterSeq: store.state.session.lastSeq }
    : { recallSetId: recallSetId ?? '' };
}

/** Calls `listener` when the browser reports regained connectivity; returns the unsubscribe. */
function listenForOnline(listener: () => void): () => void {
  const environment = globalThis as {
    addEventListener?: typeof addEventListener;
    removeEventListener?: typeof removeEventListener;
  };
  environment.addEventListener?.('online', listener);
  return () => environment.removeEventListener?.('online', listener);
}

/** Acts on what {@link decideAfterClose} decided after a drop. */
function applyCloseDecision(
  decision: CloseDecision,
  store: SessionStore,
  then: { reconnect(delayMs: number): void; stop(): void },
): void {
  switch (decision.kind) {
    case 'restart-on-recall-set':
      store.restart({ keepSession: false });
      then.reconnect(0);
      return;
    case 'stop': {
      const { fatal, session } = store.state;
      if (decision.error !== null && !fatal && session.status !== 'completed') {
        store.receive(decision.error);
      }
      then.stop();
      return;
    }
    case 'reconnect':
      if (decision.resync) store.restart({ keepSession: true });
      then.reconnect(decision.delayMs);
      return;
    default:
      assertNever(decision, 'close decision');
  }
}

/** Creates a {@link Link}. */
export function createLink({ config, store, events }: LinkOptions): Link {
  const recallSetId = 'recallSetId' in config.target ? config.target.recallSetId : undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Epoch ms before which the server asked not to be called again (0: no such ask). */
  let retryNotBefore = 0;
  let closedForGood = false;

  function setState(next: ConnectionState): void {
    link.state = next;
    events.onChange();
  }

  function connect(): void {
    clearTimeout(reconnectTimer);
    const WebSocket = config.WebSocket ?? globalWebSocket();
    if (WebSocket === undefined) {
      store.receive({
        type: 'error',
        code: 'INTERNAL_ERROR',
        message: NO_WEBSOCKET_MESSAGE,
        retryable: false,
      });
      setState('closed');
      return;
    }
    link.connection = openConnection({
      url: buildConnectionUrl(config.url, targetOf(store, recallSetId), config.userToken),
      WebSocket,
      heartbeatIntervalMs: config.heartbeatIntervalMs,
      heartbeatTimeoutMs: config.heartbeatTimeoutMs,
      connectTimeoutMs: config.connectTimeoutMs,
      events: {
        onOpen() {
          link.state = 'open';
          events.onOpen();
        },
        onFrame: events.onFrame,
        onAnswered() {
          attempt = 0;
        },
        onRefused(error) {
          // Any typed refusal may carry a delay (rate limits, session or spend budgets,
          // codes this client does not know yet): the next reconnect waits for it.
          if (error.retryAfterMs !== undefined) retryNotBefore = Date.now() + error.retryAfterMs;
          else if (error.code === 'RATE_LIMITED') retryNotBefore = Date.now() + 1_000;
        },
        onProtocolError: config.onProtocolError,
        onClose: handleDrop,
      },
    });
  }

  function handleDrop(code: number, reason: string): void {
    link.connection = null;
    clearTimeout(reconnectTimer);
    if (closedForGood) return;
    store.connectionReset();
    const decision = decideAfterClose({
      code,
      reason,
      attempt,
      reconnect: config.reconnect,
      random: config.random,
      retryAfterMs: Math.max(0, retryNotBefore - Date.now()),
      canRestartOnRecallSet: store.fromPersistence && recallSetId !== undefined,
    });
    applyCloseDecision(decision, store, {
      reconnect: scheduleReconnect,
      stop: () => setState('closed'),
    });
  }

  function scheduleReconnect(delayMs: number): void {
    attempt += 1;
    setState('reconnecting');
    reconnectTimer = setTimeout(connect, delayMs);
  }

  // Browsers report regained connectivity: skip the rest of the backoff wait.
  const stopListening = listenForOnline(() => {
    if (!closedForGood && link.connection === null && link.state === 'reconnecting') connect();
  });

  // The fields the owner reads on every frame are plain data, not getters.
  const link: { -readonly [Key in keyof Link]: Link[Key] } = {
    state: 'idle',
    connection: null,
    start() {
      if (closedForGood || link.connection !== null || link.state !== 'idle') return;
      setState('connecting');
      connect();
    },
    retryNow() {
      if (closedForGood || link.connection !== null) return;
      attempt = 0;
      setState(link.state === 'idle' ? 'connecting' : 'reconnecting');
      connect();
    },
    close() {
      if (closedForGood) return;
      closedForGood = true;
      clearTimeout(reconnectTimer);
      stopListening();
      link.connection?.close(CLOSE_CODES.NORMAL.code);
      link.connection = null;
      setState('closed');
    },
  };
  return link;
}
