import { ConcurrencyError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';
import { deepFreeze } from '../log/append-plan';
import type { Session } from '../../model/session';
import type { EventLogStore, RecordReviewOptions } from '../storage-adapter';
import type { AppendResult, ReadOptions, Unsubscribe } from '../storage-adapter';
import {
  clientMessageIdOf,
  foreignEventIdError,
  partlyStoredBatchError,
  planAppend,
} from '../log/append-plan';

interface Subscriber {
  cursor: number;
  pumping: boolean;
  active: boolean;
  onEvent: (event: SessionEvent) => void;
}

interface SessionLog {
  events: SessionEvent[];
  ids: Set<string>;
  clientMessageIds: Map<string, SessionEvent>;
  subscribers: Set<Subscriber>;
}

/** The other parts' writes an append makes with its events (`AppendOptions.reviews`, `session`). */
export interface MemoryAppendWrites {
  /** Records a review written with an append; skips one whose point no longer exists. */
  writeReview(review: RecordReviewOptions): void;
  /** Stores the session row written with an append. */
  writeSession(session: Session): void;
}

/** The in-memory adapter's event-log part, plus `clear` for its `close`. */
export interface MemoryEventLogStore extends EventLogStore {
  /** Every writer of an in-memory log lives in this process. */
  readonly scope: 'process';
  readonly writesWithAppend: true;
  knownLastSeq(sessionId: string): number;
  /** Drops every session's log. */
  clear(): void;
}

/**
 * The in-memory adapter's event-log part: an {@link InMemoryEventLog} behind the async
 * contract, whose appends write their reviews and session row through `writes` in the same
 * synchronous step as the events, so nothing can observe one without the other.
 */
export function createMemoryEventLogStore(writes: MemoryAppendWrites): MemoryEventLogStore {
  const eventLog = new InMemoryEventLog();
  return {
    scope: 'process',
    writesWithAppend: true,
    async append(sessionId, events, options) {
      const result = eventLog.append(sessionId, events, options.expectedSeq);
      if (result.status !== 'appended') return result;
      for (const review of options.reviews ?? []) writes.writeReview(review);
      if (options.session !== undefined) writes.writeSession(options.session);
      return result;
    },
    async read(sessionId, options) {
      return eventLog.read(sessionId, options);
    },
    async lastSeq(sessionId) {
      return eventLog.lastSeq(sessionId);
    },
    knownLastSeq(sessionId) {
      return eventLog.lastSeq(sessionId);
    },
    subscribe(sessionId, afterSeq, onEvent) {
      return eventLog.subscribe(sessionId, afterSeq, onEvent);
    },
    clear() {
      eventLog.clear();
    },
  };
}

/**
 * One process-local append-only log per session, with the StorageAdapter's append/read/
 * subscribe semantics. Shared by the in-memory adapter and usable by other in-process ones.
 * Events are copied once, when stored, and deep-frozen: appends, reads and subscribers all
 * get the stored objects themselves, never a copy.
 */
export class InMemoryEventLog {
  readonly #logs = new Map<string, SessionLog>();
  /** Event id → session id, over every session: ids are unique across the store. */
  readonly #sessionOfEvent = new Map<string, string>();

  #log(sessionId: string): SessionLog {
    let log = this.#logs.get(sessionId);
    if (!log) {
      log = { events: [], ids: new Set(), clientMessageIds: new Map(), subscribers: new Set() };
      this.#logs.set(sessionId, log);
    }
    return log;
  }

  append(sessionId: string, events: readonly NewSessionEvent[], expectedSeq: number): AppendResult {
    const plan = planAppend({ sessionId, events, expectedSeq });
    const log = this.#log(sessionId);
    const foreign = events.find((event) => {
      const owner = this.#sessionOfEvent.get(event.id);
      return owner !== undefined && owner !== sessionId;
    });
    if (foreign) throw foreignEventIdError(sessionId, foreign.id);
    if (events.length > 0 && events.every((event) => log.ids.has(event.id))) {
      const ids = new Set(events.map((event) => event.id));
      return { status: 'duplicate', events: log.events.filter((stored) => ids.has(stored.id)) };
    }
    for (const clientMessageId of plan.clientMessageIds) {
      const repeated = log.clientMessageIds.get(clientMessageId);
      if (repeated) return { status: 'duplicate', events: [repeated] };
    }
    if (log.events.length !== expectedSeq) {
      throw new ConcurrencyError(sessionId, expectedSeq, log.events.length);
    }
    const storedIds = events.filter((event) => log.ids.has(event.id)).map((event) => event.id);
    if (storedIds.length > 0) throw partlyStoredBatchError(sessionId, storedIds);
    const stored = plan.events.map((event) => deepFreeze(structuredClone(event)));
    for (const event of stored) {
      log.events.push(event);
      log.ids.add(event.id);
      this.#sessionOfEvent.set(event.id, sessionId);
      const clientMessageId = clientMessageIdOf(event);
      if (clientMessageId !== undefined) log.clientMessageIds.set(clientMessageId, event);
    }
    for (const subscriber of log.subscribers) pump(log, subscriber);
    return { status: 'appended', events: stored };
  }

  read(sessionId: string, options: ReadOptions = {}): SessionEvent[] {
    const events = this.#logs.get(sessionId)?.events ?? [];
    const start = Math.max(0, options.afterSeq ?? 0);
    const end = options.limit === undefined ? undefined : start + options.limit;
    return events.slice(start, end);
  }

  lastSeq(sessionId: string): number {
    return this.#logs.get(sessionId)?.events.length ?? 0;
  }

  subscribe(
    sessionId: string,
    afterSeq: number,
    onEvent: (event: SessionEvent) => void,
  ): Unsubscribe {
    const log = this.#log(sessionId);
    const subscriber: Subscriber = {
      cursor: Math.max(0, afterSeq),
      pumping: false,
      active: true,
      onEvent,
    };
    log.subscribers.add(subscriber);
    // Catch-up runs after subscribe returns, so the caller holds its unsubscribe first.
    queueMicrotask(() => pump(log, subscriber));
    return () => {
      subscriber.active = false;
      log.subscribers.delete(subscriber);
    };
  }

  clear(): void {
    this.#logs.clear();
    this.#sessionOfEvent.clear();
  }
}

// Delivers events past the subscriber's cursor in order; re-entrant appends made by a
// listener are picked up by the loop that is already running, never delivered twice.
function pump(log: SessionLog, subscriber: Subscriber): void {
  if (subscriber.pumping) return;
  subscriber.pumping = true;
  try {
    while (subscriber.active && subscriber.cursor < log.events.length) {
      const event = log.events[subscriber.cursor]!;
      subscriber.cursor += 1;
      try {
        // Stored events are deep-frozen, so every subscriber can share one object: fan-out to
        // many sockets costs no copy per subscriber.
        subscriber.onEvent(event);
      } catch {
        // A failing listener must not break delivery to the others.
      }
    }
  } finally {
    subscriber.pumping = false;
  }
}
