import {
  type EngineFeedItem,
  type RecallErrorCode,
  isRetryableCode,
  redactSessionEvent,
} from '@recall/core';
import { assertNever } from '../internal/assert-never';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import type { RecallServerEngine } from './engine-port';

// Platform-neutral (no Buffer, no `ws`): the Node server and the in-process test transport
// write the same frames.

/** A server frame serialized once, ready to be written to any number of sockets. */
export type EncodedMessage = string;

// Every socket attached to a session receives the same event and delta objects (storage and
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

/** Options of {@link errorFrame}. */
export interface ErrorFrameOptions {
  code: RecallErrorCode;
  message: string;
  retryAfterMs?: number | undefined;
  clientMessageId?: string | undefined;
}

/** The `error` frame for `code`; `retryable` comes from the error table. */
export function errorFrame(options: ErrorFrameOptions): ServerMessageOf<'error'> {
  const { code, message, retryAfterMs, clientMessageId } = options;
  return {
    type: 'error',
    code,
    message,
    retryable: isRetryableCode(code),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(clientMessageId === undefined ? {} : { clientMessageId }),
  };
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
 * so a client gets the whole history before anything live. Platform-neutral: the Node server
 * and the in-process test transport serve connections with it. Returns the unsubscribe.
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
