import type { SessionEventData, SessionEventType } from './catalog';
import {
  CONTEXT_ENVELOPE_KEYS,
  type ContextEnvelopeFields,
  type NewSessionEventOf,
} from './envelope';

/**
 * Options for {@link createEventContext}. The cross-cutting envelope fields
 * ({@link ContextEnvelopeFields}: `turnId`, `commandId`, …) are stamped on every event built.
 */
export interface EventContextOptions extends ContextEnvelopeFields {
  /** Returns epoch milliseconds. */
  clock: () => number;
  /** Returns a fresh unique id. */
  ids: () => string;
}

/** Builds envelopes for the events of one dispatch. */
export interface EventContext {
  readonly turnId: string | undefined;
  /**
   * Wraps `data` in an envelope with a fresh id, the clock's time and the context's
   * cross-cutting fields. `sessionId` and `seq` are not set here: the storage's `append`
   * assigns both.
   */
  build<T extends SessionEventType>(
    type: T,
    data: SessionEventData<T>,
    options?: { responseId?: string },
  ): NewSessionEventOf<T>;
}

/**
 * The one place event envelopes are assembled. Create one per dispatch (a command,
 * a turn); every event it builds gets a fresh id, the clock's time and the context's
 * cross-cutting fields (turn id, command id). A new cross-cutting field is one line in
 * `contextEnvelopeSchema` and nothing else. The session and the gapless `seq` are assigned
 * by the storage's `append`, and only there.
 *
 * @example
 * const context = createEventContext({ clock: Date.now, ids: randomId });
 * const event = context.build('session_paused', { sessionId, recalledCount: 2, totalPoints: 5 });
 * const { events } = await storage.append(sessionId, [event], { expectedSeq: 4 }); // events[0].seq === 5
 */
export function createEventContext(options: EventContextOptions): EventContext {
  const stamped: ContextEnvelopeFields = {};
  for (const key of CONTEXT_ENVELOPE_KEYS) {
    const value = options[key];
    if (value !== undefined) stamped[key] = value;
  }
  return {
    turnId: options.turnId,
    build(type, data, buildOptions) {
      const event = {
        id: options.ids(),
        timestamp: options.clock(),
        ...stamped,
        ...(buildOptions?.responseId === undefined ? {} : { responseId: buildOptions.responseId }),
        type,
        data,
      };
      return event as NewSessionEventOf<typeof type>;
    },
  };
}
