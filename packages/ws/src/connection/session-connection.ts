import { type EngineFeedItem, redactSessionEvent, toRecallError } from '@recall/core';
import { assertNever } from '../internal/assert-never';
import { type ClientMessage, clientMessageParsing } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import { parseMessage } from '../protocol/internal/decode-frame';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import {
  type CommandRateLimitOptions,
  createCommandIntake,
  type InboundGuard,
} from '../server/command-intake';
import type { RecallServerEngine } from '../server/engine-port';
import type { ConnectionLog } from '../server/log-limits';
import type { ConnectionSettings } from './connection-options';
import type {
  ConnectionIdentity,
  EncodedMessage,
  HostSocket,
  SessionConnection,
} from './host-socket';
import { CLOSE_GRACE_MS, createFrameRefusals, errorFrame, later } from './refusals';

/** Options for {@link attachSessionConnection}. */
export interface AttachSessionConnectionOptions {
  socket: HostSocket;
  identity: ConnectionIdentity;
  /** Events with `seq > afterSeq` are sent first (history), then live ones. */
  afterSeq: number;
  /** The log's last seq when the connection was resolved: `history_end` follows it. */
  headSeq: number;
  settings: ConnectionSettings;
  /** The budget all sockets of this user share (`null`: no per-user limit). */
  userBudget: CommandRateLimitOptions['user'];
  /** Where refused frames are logged, aggregated per connection. */
  refusals: ConnectionLog;
  /** The frame budgets every inbound frame is charged to before it is parsed. */
  inbound: InboundGuard;
  /** Sees every valid client message, in arrival order (the in-process transport's record). */
  onMessage?: ((message: ClientMessage) => void) | undefined;
}

/**
 * Serves one session over one socket: streams the engine feed from `afterSeq` (history,
 * then live, with no gap or duplicate — the engine's `subscribe` guarantees the seam),
 * charges and parses each frame, answers pings, rate-limits commands, hands them to the
 * engine in arrival order and answers `ack` / `error`.
 */
export function attachSessionConnection(attach: AttachSessionConnectionOptions): SessionConnection {
  const { socket, identity, settings } = attach;
  const { logger } = settings;
  let alive = true;
  let closing = false;
  let unsubscribe: (() => void) | null = null;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  function write(encoded: EncodedMessage): void {
    if (closing || !socket.isOpen) return;
    // Length in UTF-16 units: close enough to bytes for a back-pressure threshold.
    if (socket.bufferedAmount + encoded.length > settings.maxBufferedBytes) {
      logger.warn?.('slow consumer disconnected', {
        ...identity,
        bufferedAmount: socket.bufferedAmount,
      });
      close(CLOSE_CODES.SLOW_CONSUMER.code, 'slow consumer');
      return;
    }
    socket.send(encoded);
  }

  function send(message: ServerMessage): void {
    write(encodeMessage(message));
  }

  // `parseClientMessage`'s options, resolved once for every frame of the connection.
  const parsing = clientMessageParsing({
    maxBytes: settings.maxPayload,
    maxContentLength: settings.maxContentLength,
  });
  const refusing = createFrameRefusals({
    socket,
    identity,
    logger,
    refusals: attach.refusals,
    countRefusal: () => attach.inbound.countRefusal(),
    isClosing: () => closing,
    send,
    close,
  });
  const commands = createCommandIntake({
    options: settings,
    userBudget: attach.userBudget,
    identity: { ...identity },
    refusals: attach.refusals,
    isClosing: () => closing,
    send,
    sessionId: identity.sessionId,
  });

  function receive(data: unknown, bytes: number): void {
    alive = true;
    if (closing) return;
    // The protocol's own limit (`ws` enforces it before a frame reaches us).
    if (bytes > settings.maxPayload) {
      close(CLOSE_CODES.MESSAGE_TOO_BIG.code, '');
      return;
    }
    // Charged before anything is decoded: refused frames cost their weight too.
    const charged = attach.inbound.charge(bytes);
    if (!charged.allowed) {
      refusing.overBudget(charged.retryAfterMs);
      return;
    }
    const parsed = parseMessage<ClientMessage>(data, parsing);
    if (!parsed.ok) {
      refusing.refuse('invalid frame', parsed.error);
      return;
    }
    attach.onMessage?.(parsed.message);
    // Pings are liveness checks (cheap, answered at once), not commands: never rate limited.
    if (parsed.message.type === 'ping') send({ type: 'pong', timestamp: Date.now() });
    else commands.take(parsed.message);
  }

  function close(code: number, reason: string, notice?: ServerMessageOf<'error'>): void {
    if (closing) return;
    if (notice !== undefined) send(notice);
    closing = true;
    unsubscribe?.();
    unsubscribe = null;
    if (!socket.isOpen) return;
    socket.close(code, reason);
    // A slow or dead peer may never answer the close frame.
    later(CLOSE_GRACE_MS, () => socket.terminate());
  }

  const connection: SessionConnection = {
    identity,
    closed,
    receive,
    pong() {
      alive = true;
    },
    ended() {
      refusing.stop();
      attach.refusals.close();
      closing = true;
      unsubscribe?.();
      unsubscribe = null;
      resolveClosed();
    },
    heartbeat() {
      if (closing) return;
      if (!alive) {
        logger.info?.('heartbeat missed; terminating', { ...identity });
        closing = true;
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping?.();
    },
    close,
  };
  // History after `afterSeq`, `history_end`, then live frames; nothing once the history
  // tripped the slow-consumer limit; answered, then closed, when the subscription fails.
  try {
    const stop = subscribeSessionFrames({
      engine: settings.engine,
      sessionId: identity.sessionId,
      afterSeq: attach.afterSeq,
      headSeq: attach.headSeq,
      send: write,
    });
    if (closing) stop();
    else unsubscribe = stop;
  } catch (error) {
    const recallError = toRecallError(error);
    logger.error?.('subscribe failed', { ...identity, error: recallError.message });
    send(errorFrame({ code: recallError.code, message: 'Could not attach to the session.' }));
    close(CLOSE_CODES.INTERNAL.code, 'subscribe failed');
  }
  return connection;
}

// The frames out, the same on every host (no Buffer, no `ws`). Every socket attached to a session receives the same event and delta objects (storage and
// engine share one object among subscribers), so the JSON is built once per object, not once
// per socket: fan-out cost stays flat. Events, which subscribers may reach at different times
// (one replaying history, one live), are held weakly: nothing to evict. A delta reaches every
// subscriber of its session in one synchronous pass, so remembering the last one suffices and
// spares a weak entry (and its collection) per chunk.
const encodedEvents = new WeakMap<object, EncodedMessage>();
let lastDelta: object | undefined;
let lastDeltaFrame: EncodedMessage = '';

/** Serializes a server frame as JSON text. */
export function encodeMessage(message: ServerMessage): EncodedMessage {
  return JSON.stringify(message);
}

/**
 * The wire form of one engine feed item. A stored event becomes `{ type: 'event', event }`
 * with the event exactly as storage returns it, minus the redacted fields
 * (`redactSessionEvent`, applied here and nowhere else); a delta becomes a `chunk`; a turn
 * failure becomes an `error`.
 */
export function encodeFeedItem(item: EngineFeedItem): EncodedMessage {
  switch (item.kind) {
    case 'event': {
      const { event } = item;
      let encoded = encodedEvents.get(event);
      if (encoded === undefined) {
        encoded = encodeMessage({ type: 'event', event: redactSessionEvent(event) });
        encodedEvents.set(event, encoded);
      }
      return encoded;
    }
    case 'delta': {
      const { delta } = item;
      if (delta === lastDelta) return lastDeltaFrame;
      const { responseId, index, text, snapshot } = delta;
      const encoded = encodeMessage({
        type: 'chunk',
        responseId,
        index,
        text,
        ...(snapshot === true ? { snapshot: true } : {}),
      });
      // A snapshot's text depends on when it was taken: never shared.
      if (snapshot !== true) {
        lastDelta = delta;
        lastDeltaFrame = encoded;
      }
      return encoded;
    }
    case 'error':
      return encodeMessage(errorFrame(item.error));
    default:
      return assertNever(item, 'engine feed item');
  }
}

/** Options for {@link subscribeSessionFrames}. */
export interface SessionFramesOptions {
  engine: Pick<RecallServerEngine, 'subscribe'>;
  sessionId: string;
  /** Stored events with `seq > afterSeq` are sent first (the history), then live ones. */
  afterSeq: number;
  /** The log's last seq when the history was asked for: `history_end` follows that event. */
  headSeq: number;
  /** Writes one frame; a throw stops nothing but that frame. */
  send: (frame: EncodedMessage) => void;
}

/**
 * Streams a session as frames, history then live (seed 002): every stored event after
 * `afterSeq` as an `event` frame, then `history_end { headSeq }` exactly once, then live
 * events, chunks and errors. Transient frames that arrive while the history is still being
 * sent (a catch-up `snapshot` chunk of a response started in it) wait until `history_end`,
 * so a client gets the whole history before anything live. Returns the unsubscribe.
 */
export function subscribeSessionFrames(options: SessionFramesOptions): () => void {
  const { send, headSeq } = options;
  let historyDone = false;
  const held: EncodedMessage[] = [];

  function endHistory(): void {
    if (historyDone) return;
    historyDone = true;
    send(encodeMessage({ type: 'history_end', headSeq }));
    for (const frame of held.splice(0)) send(frame);
  }

  function onItem(item: EngineFeedItem): void {
    const frame = encodeFeedItem(item);
    if (historyDone) {
      send(frame);
      return;
    }
    if (item.kind !== 'event') {
      held.push(frame);
      return;
    }
    send(frame);
    if (item.event.seq >= headSeq) endHistory();
  }

  const unsubscribe = options.engine.subscribe(
    options.sessionId,
    { afterSeq: options.afterSeq },
    onItem,
  );
  if (options.afterSeq >= headSeq) endHistory();
  return unsubscribe;
}
