import type { SessionEventData, SessionEventType } from './catalog';
import { CONTEXT_ENVELOPE_KEYS, type ContextEnvelopeFields, type SessionEventOf } from './envelope';

/**
 * Options for {@link createEventContext}. The cross-cutting envelope fields
 * ({@link ContextEnvelopeFields}: `turnId`, `commandId`, …) are stamped on every event built.
 */
export interface EventContextOptions extends ContextEnvelopeFields {
  sessionId: string;
  /** The seq of the last event already in the log (0 for an empty log). */
  lastSeq: number;
  /** Returns epoch milliseconds. */
  clock: () => number;
  /** Returns a fresh unique id. */
  ids: () => string;
}

/** Builds envelopes for the events of one dispatch. */
export interface EventContext {
  readonly sessionId: string;
  readonly turnId: string | undefined;
  /** The seq the next built event will carry. */
  readonly nextSeq: number;
  /** Wraps `data` in a complete envelope stamped with the next seq. */
  build<T extends SessionEventType>(
    type: T,
    data: SessionEventData<T>,
    options?: { responseId?: string },
  ): SessionEventOf<T>;
}

/**
 * The one place event envelopes are assembled. Create one per dispatch (a command,
 * a turn); every event it builds gets the session id, the clock's time, the context's
 * cross-cutting fields (turn id, command id) and the next gapless seq. A new cross-cutting
 * field is one line in `contextEnvelopeSchema` and nothing else.
 *
 * @example
 * const context = createEventContext({ sessionId, lastSeq: 4, clock: Date.now, ids: randomId });
 * const event = context.build('session_paused', { sessionId, recalledCount: 2, totalPoints: 5 });
 * // event.seq === 5
 */
export function createEventContext(options: EventContextOptions): EventContext {
  let nextSeq = options.lastSeq + 1;
  const stamped: ContextEnvelopeFields = {};
  for (const key of CONTEXT_ENVELOPE_KEYS) {
    const value = options[key];
    if (value !== undefined) stamped[key] = value;
  }
  return {
    sessionId: options.sessionId,
    turnId: options.turnId,
    get nextSeq() {
      return nextSeq;
    },
    build(type, data, buildOptions) {
      const event = {
        id: options.ids(),
        sessionId: options.sessionId,
        seq: nextSeq,
        timestamp: options.clock(),
        ...stamped,
        ...(buildOptions?.responseId === undefined ? {} : { responseId: buildOptions.responseId }),
        type,
        data,
      };
      nextSeq += 1;
      return event as SessionEventOf<typeof type>;
    },
  };
}
