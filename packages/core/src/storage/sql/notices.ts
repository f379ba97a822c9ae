// What the SQL adapters NOTIFY on their shared channel, and how a listener reads it. A notice
// is only a wake-up: a listener that misses one catches up from rows, never from payloads.

/** NOTIFY payloads must be shorter than 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

/** What a notice says. `unknown`: re-check everything (an empty or unreadable payload). */
export type Notice =
  | { kind: 'events'; sessionId: string; seq: number }
  | { kind: 'recall-set'; recallSetId: string }
  | { kind: 'unknown' };

const RECALL_SET_PREFIX = 'set:';

/** "The session's log now ends at `seq`" (empty, meaning "re-check", for a huge session id). */
export function eventsNotice(sessionId: string, seq: number): string {
  return fitting(`${seq}:${sessionId}`);
}

/**
 * "This recall set was saved": other processes drop their cached copy. Nodes of an older
 * version read it as `unknown` and re-check their sessions, which is harmless.
 */
export function recallSetNotice(recallSetId: string): string {
  return fitting(`${RECALL_SET_PREFIX}${recallSetId}`);
}

/** Reads a payload written by {@link eventsNotice} or {@link recallSetNotice}. */
export function parseNotice(payload: string): Notice {
  if (payload.startsWith(RECALL_SET_PREFIX)) {
    return { kind: 'recall-set', recallSetId: payload.slice(RECALL_SET_PREFIX.length) };
  }
  const separator = payload.indexOf(':');
  const seq = separator <= 0 ? Number.NaN : Number(payload.slice(0, separator));
  return Number.isInteger(seq)
    ? { kind: 'events', seq, sessionId: payload.slice(separator + 1) }
    : { kind: 'unknown' };
}

function fitting(payload: string): string {
  return new TextEncoder().encode(payload).length < MAX_PAYLOAD_BYTES ? payload : '';
}
