// The one place the load generator reads server frames (wire v2, subprotocol `recall.v2`):
// `{ type: 'event', event: <envelope> }`, `{ type: 'chunk', responseId, index, text }`,
// `{ type: 'ack', clientMessageId, seq }`, `error`, `pong` and `{ type: 'history_end', headSeq }`.

/** The WebSocket subprotocol the bench's clients offer and its servers select. */
export const BENCH_PROTOCOL = 'recall.v2';

/** A server frame, reduced to what the load generator measures. */
export type Frame =
  /** A stored event; `event` is its catalog type (`assistant_streaming_end`, …). */
  | { kind: 'event'; seq: number; event: string; sessionId: string }
  | { kind: 'chunk'; responseId: string; index: number }
  | { kind: 'ack'; clientMessageId: string; seq: number }
  | { kind: 'error'; code: string; clientMessageId: string | undefined }
  | { kind: 'other'; type: string };

/** Parses one text frame; throws on a frame that is not a JSON object with a `type`. */
export function parseFrame(text: string): Frame {
  const message = JSON.parse(text) as Record<string, unknown>;
  const type = message.type;
  if (typeof type !== 'string') throw new Error(`A frame without a type: ${text.slice(0, 80)}`);
  switch (type) {
    case 'event': {
      const event = message.event as { seq: number; type: string; sessionId: string };
      return { kind: 'event', seq: event.seq, event: event.type, sessionId: event.sessionId };
    }
    case 'chunk':
      return {
        kind: 'chunk',
        responseId: String(message.responseId),
        index: Number(message.index),
      };
    case 'ack':
      return {
        kind: 'ack',
        clientMessageId: String(message.clientMessageId),
        seq: Number(message.seq),
      };
    case 'error':
      return {
        kind: 'error',
        code: String(message.code),
        clientMessageId:
          typeof message.clientMessageId === 'string' ? message.clientMessageId : undefined,
      };
    default:
      return { kind: 'other', type };
  }
}
