// The one place the load generator reads server frames. It understands both server → client
// wires, so the benchmark keeps working across the protocol change:
//   today:  event messages named after the event ({ type: 'assistant_complete', seq, … }),
//           { type: 'assistant_chunk', responseId, index, text }, ack, error, pong;
//   recall.v2: { type: 'event', event: <envelope> }, { type: 'chunk', responseId, index, … },
//           { type: 'ack', clientMessageId, seq }, error, pong, { type: 'history_end', headSeq }.

/** A server frame, reduced to what the load generator measures. */
export type Frame =
  /** A stored event; `event` is its catalog type (`assistant_streaming_end`, …). */
  | { kind: 'event'; seq: number; event: string; sessionId: string | undefined }
  | { kind: 'chunk'; responseId: string; index: number }
  | { kind: 'ack'; clientMessageId: string }
  | { kind: 'error'; code: string; clientMessageId: string | undefined }
  | { kind: 'other'; type: string };

// Today's message types whose names differ from the event they carry.
const EVENT_OF_MESSAGE: Readonly<Record<string, string>> = {
  assistant_complete: 'assistant_streaming_end',
  session_complete: 'session_completed',
};

/** Parses one text frame; throws on a frame that is not a JSON object with a `type`. */
export function parseFrame(text: string): Frame {
  const message = JSON.parse(text) as Record<string, unknown>;
  const type = message.type;
  if (typeof type !== 'string') throw new Error(`A frame without a type: ${text.slice(0, 80)}`);
  switch (type) {
    case 'event': {
      const event = message.event as { seq: number; type: string; sessionId?: string };
      return { kind: 'event', seq: event.seq, event: event.type, sessionId: event.sessionId };
    }
    case 'chunk':
    case 'assistant_chunk':
      return {
        kind: 'chunk',
        responseId: String(message.responseId),
        index: Number(message.index),
      };
    case 'ack':
      return { kind: 'ack', clientMessageId: String(message.clientMessageId) };
    case 'error':
      return {
        kind: 'error',
        code: String(message.code),
        clientMessageId:
          typeof message.clientMessageId === 'string' ? message.clientMessageId : undefined,
      };
    default:
      if (typeof message.seq === 'number') {
        return {
          kind: 'event',
          seq: message.seq,
          event: EVENT_OF_MESSAGE[type] ?? type,
          sessionId: typeof message.sessionId === 'string' ? message.sessionId : undefined,
        };
      }
      return { kind: 'other', type };
  }
}
