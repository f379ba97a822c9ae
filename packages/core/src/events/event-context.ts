import type { SessionEventData, SessionEventType } from './catalog';
import type { SessionEventOf } from './envelope';

/** Options for {@link createEventContext}. */
export interface EventContextOptions {
  sessionId: string;
  /** The seq of the last event already in the log (0 for an empty log). */
  lastSeq: number;
  /** Returns epoch milliseconds. */
  clock: () => number;
  /** Returns a fresh unique id. */
  ids: () => string;
  /** Groups every event built by this context under one learner turn. */
  turnId?: string;
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
 * a turn); every event it builds gets the session id, the clock's time, the turn id
 * and the next gapless seq. A cross-cutting field is added here and nowhere else.
 *
 * @example
 * const context = createEventContext({ sessionId, lastSeq: 4, clock: Date.now, ids: randomId });
 * const event = context.build('session_paused', { sessionId, recalledCount: 2, totalPoints: 5 });
 * // event.seq === 5
 */
export function createEventContext(options: EventContextOptions): EventContext {
  let nextSeq = options.lastSeq + 1;
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
        ...(options.turnId === undefined ? {} : { turnId: options.turnId }),
        ...(buildOptions?.responseId === undefined ? {} : { responseId: buildOptions.responseId }),
        type,
        data,
      };
      nextSeq += 1;
      return event as SessionEventOf<typeof type>;
    },
  };
}
