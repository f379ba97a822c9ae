import { assertNever, type EngineFeedItem } from '@recall/core';
import { toHistoryMessage } from '../protocol/to-server-message';
import type { ServerMessage } from '../protocol/server-messages';

/** A server message serialized once, ready to be written to any number of sockets. */
export type EncodedMessage = Buffer;

// Every socket attached to a session receives the same events and deltas (possibly as
// separate copies), so the JSON is built once per (session, seq) or (response, index), not
// once per socket: fan-out cost stays flat. Bounded, oldest entries evicted first.
const CACHE_LIMIT = 2_048;
const encodedCache = new Map<string, EncodedMessage | null>();

function cached(key: string, build: () => EncodedMessage | null): EncodedMessage | null {
  const hit = encodedCache.get(key);
  if (hit !== undefined) return hit;
  const encoded = build();
  if (encodedCache.size >= CACHE_LIMIT) {
    const oldest = encodedCache.keys().next();
    if (!oldest.done) encodedCache.delete(oldest.value);
  }
  encodedCache.set(key, encoded);
  return encoded;
}

/** Serializes a server message as UTF-8 JSON. */
export function encodeMessage(message: ServerMessage): EncodedMessage {
  return Buffer.from(JSON.stringify(message));
}

/**
 * The wire form of one engine feed item, or `null` when clients get nothing for it.
 *
 * Stored events use `toHistoryMessage` for history *and* live: a learner's line written
 * through another socket (second tab, other node) then reaches every client, and the
 * sender's own copy is reconciled by `clientMessageId` in the client reducer.
 */
export function encodeFeedItem(item: EngineFeedItem): EncodedMessage | null {
  switch (item.kind) {
    case 'event': {
      const { event } = item;
      return cached(`e:${event.sessionId}:${event.seq}:${event.id}`, () => {
        const message = toHistoryMessage(event);
        return message === null ? null : encodeMessage(message);
      });
    }
    case 'delta': {
      const { responseId, index, text, snapshot } = item.delta;
      const build = () =>
        encodeMessage({
          type: 'assistant_chunk',
          responseId,
          index,
          text,
          ...(snapshot === true ? { snapshot: true } : {}),
        });
      // A snapshot's text depends on when it was taken: never shared.
      return snapshot === true ? build() : cached(`d:${responseId}:${index}`, build);
    }
    case 'error': {
      const { code, message, retryAfterMs, clientMessageId } = item.error;
      return encodeMessage({
        type: 'error',
        code,
        message,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        ...(clientMessageId === undefined ? {} : { clientMessageId }),
      });
    }
    default:
      return assertNever(item, 'engine feed item');
  }
}
