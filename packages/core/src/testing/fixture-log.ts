import type { SessionEventData, SessionEventType } from '../events/catalog';
import type {
  ContextEnvelopeFields,
  NewSessionEvent,
  SessionEvent,
  SessionEventOf,
} from '../events/envelope';
import { createEventContext } from '../engine/turn';
import { InMemoryEventLog } from '../storage/memory/event-log';

/** Options for {@link createFixtureLog}. */
export interface FixtureLogOptions {
  /** @default 'session-1' */
  sessionId?: string;
  /** Epoch milliseconds of each event. @default 1_700_000_000_000 + 1 000 per event */
  clock?: () => number;
  /** Event ids. @default `event-1`, `event-2`, … */
  ids?: () => string;
}

/** Options of one {@link FixtureLog.append}: the envelope fields the event carries. */
export interface FixtureAppendOptions extends ContextEnvelopeFields {
  responseId?: string;
}

/** A session log for tests and fixtures, written through the in-memory storage's append. */
export interface FixtureLog {
  readonly sessionId: string;
  /** Every stored event, in seq order. */
  readonly events: readonly SessionEvent[];
  /** Appends one event and returns it as stored (with its `sessionId` and `seq`). */
  append<T extends SessionEventType>(
    type: T,
    data: SessionEventData<T>,
    options?: FixtureAppendOptions,
  ): SessionEventOf<T>;
  /** Stores events built elsewhere (e.g. by an event context) and returns them as stored. */
  store(events: readonly NewSessionEvent[]): SessionEvent[];
}

/**
 * A log whose events are built by the one envelope builder and stored by the in-memory
 * storage's `append` (which assigns `sessionId` and `seq`), synchronously: the events are
 * exactly what `read` returns.
 *
 * @example
 * const log = createFixtureLog();
 * log.append('user_message', { content: 'Mitochondria make ATP.' });
 * render(log.events);
 */
export function createFixtureLog(options: FixtureLogOptions = {}): FixtureLog {
  const sessionId = options.sessionId ?? 'session-1';
  let count = 0;
  const ids = options.ids ?? (() => `event-${count + 1}`);
  const clock = options.clock ?? (() => 1_700_000_000_000 + count * 1_000);
  const storage = new InMemoryEventLog();
  return {
    sessionId,
    get events() {
      return storage.read(sessionId);
    },
    append(type, data, appendOptions = {}) {
      const { responseId, ...context } = appendOptions;
      const event = createEventContext({ clock, ids, ...context }).build(
        type,
        data,
        responseId === undefined ? undefined : { responseId },
      );
      const result = storage.append(sessionId, [event as NewSessionEvent], count);
      count += 1;
      return result.events[0] as SessionEventOf<typeof type>;
    },
    store(events) {
      const result = storage.append(sessionId, events, count);
      count += events.length;
      return result.events;
    },
  };
}
