import {
  type EngineFeedItem,
  type RecallErrorCode,
  isRetryableCode,
  redactSessionEvent,
} from '@recall/core';
import { assertNever } from '../internal/assert-never';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';

// Platform-neutral (no Buffer, no `ws`): the Node server and the in-process test transport
// write the same frames.

/** A server frame serialized once, ready to be written to any number of sockets. */
export type EncodedMessage = string;

// Every socket attached to a session receives the same event and delta objects (storage and
// engine share one object among subscribers), so the JSON is built once per object, not once
// per socket: fan-out cost stays flat. Weakly held: nothing to evict.
const encodedCache = new WeakMap<object, EncodedMessage>();

function cached(key: object, build: () => EncodedMessage): EncodedMessage {
  const hit = encodedCache.get(key);
  if (hit !== undefined) return hit;
  const encoded = build();
  encodedCache.set(key, encoded);
  return encoded;
}

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
      return cached(event, () =>
        encodeMessage({ type: 'event', event: redactSessionEvent(event) }),
      );
    }
    case 'delta': {
      const { delta } = item;
      const { responseId, index, text, snapshot } = delta;
      const build = () =>
        encodeMessage({
          type: 'chunk',
          responseId,
          index,
          text,
          ...(snapshot === true ? { snapshot: true } : {}),
        });
      // A snapshot's text depends on when it was taken: never shared.
      return snapshot === true ? build() : cached(delta, build);
    }
    case 'error':
      return encodeMessage(errorFrame(item.error));
    default:
      return assertNever(item, 'engine feed item');
  }
}
