import type { SessionEvent } from '../../events/envelope';
import type { Unsubscribe } from '../storage-adapter';

/** Options for {@link SubscriptionHub}. */
export interface SubscriptionHubOptions {
  /** Reads up to `limit` events of a session with `seq > afterSeq`, in seq order. */
  read: (sessionId: string, afterSeq: number, limit: number) => Promise<SessionEvent[]>;
  /** Wait before re-reading after a failed read. @default 500 */
  retryDelayMs?: number;
  /** Events fetched per read. @default 500 */
  pageSize?: number;
  /**
   * The head of a session's log when known without a round trip: a subscription starting
   * at it skips its catch-up read.
   */
  headOf?: (sessionId: string) => number | undefined;
}

interface Subscriber {
  sessionId: string;
  /** The seq of the last event delivered. */
  cursor: number;
  onEvent: (event: SessionEvent) => void;
  active: boolean;
  reading: boolean;
  /** Set when a wake-up arrives mid-read, so the loop reads once more before stopping. */
  stale: boolean;
  /** The head known when the read in flight started: it returns at least up to there. */
  covers: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Live feeds for the SQL adapters. Events this process appends are handed to subscribers
 * straight from the append ({@link publish}), with no read back. Any other wake-up (a NOTIFY,
 * a reconnect) only says "look again": each subscriber re-reads rows after its own cursor, so
 * lost, late or coalesced wake-ups can delay events but never drop or repeat them; a
 * subscriber that is not exactly at the published batch's start reads too.
 */
export class SubscriptionHub {
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #read: SubscriptionHubOptions['read'];
  readonly #retryDelayMs: number;
  readonly #pageSize: number;
  readonly #headOf: (sessionId: string) => number | undefined;

  constructor(options: SubscriptionHubOptions) {
    this.#read = options.read;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#pageSize = options.pageSize ?? 500;
    this.#headOf = options.headOf ?? (() => undefined);
  }

  /** Whether anyone is subscribed (drivers start listening lazily). */
  get size(): number {
    return this.#subscribers.size;
  }

  subscribe(
    sessionId: string,
    afterSeq: number,
    onEvent: (event: SessionEvent) => void,
  ): Unsubscribe {
    const subscriber: Subscriber = {
      sessionId,
      cursor: Math.max(0, afterSeq),
      onEvent,
      active: true,
      reading: false,
      stale: false,
      covers: 0,
      retryTimer: undefined,
    };
    let subscribers = this.#subscribers.get(sessionId);
    if (!subscribers) {
      subscribers = new Set();
      this.#subscribers.set(sessionId, subscribers);
    }
    subscribers.add(subscriber);
    // Catch-up starts after subscribe returns, so the caller holds its unsubscribe first;
    // there is nothing to catch up on when the log is known to end at the cursor.
    if (this.#headOf(sessionId) !== subscriber.cursor) {
      queueMicrotask(() => void this.#pump(subscriber));
    }
    return () => this.#remove(subscriber);
  }

  /**
   * Hands a batch this process just appended (consecutive seqs) to the session's
   * subscribers: directly to each whose cursor is right before it, by a read to the others.
   */
  publish(sessionId: string, events: readonly SessionEvent[]): void {
    const first = events[0];
    const last = events.at(-1);
    if (first === undefined || last === undefined) return;
    for (const subscriber of [...(this.#subscribers.get(sessionId) ?? [])]) {
      if (subscriber.cursor >= last.seq) continue;
      if (subscriber.reading || subscriber.cursor !== first.seq - 1) {
        void this.#pump(subscriber, last.seq);
        continue;
      }
      for (const event of events) {
        if (!subscriber.active) break;
        subscriber.cursor = event.seq;
        deliver(subscriber, event);
      }
    }
  }

  /** Wakes the session's subscribers that have not yet seen `seq` (all of them if omitted). */
  wake(sessionId: string, seq?: number): void {
    for (const subscriber of this.#subscribers.get(sessionId) ?? []) {
      if (seq === undefined || subscriber.cursor < seq) void this.#pump(subscriber, seq);
    }
  }

  /** Wakes every subscriber, e.g. after a listener reconnects and may have missed wake-ups. */
  wakeAll(): void {
    for (const sessionId of this.#subscribers.keys()) this.wake(sessionId);
  }

  /** Stops every subscription. */
  close(): void {
    for (const subscribers of this.#subscribers.values()) {
      for (const subscriber of subscribers) this.#remove(subscriber);
    }
  }

  #remove(subscriber: Subscriber): void {
    subscriber.active = false;
    clearTimeout(subscriber.retryTimer);
    const subscribers = this.#subscribers.get(subscriber.sessionId);
    subscribers?.delete(subscriber);
    if (subscribers?.size === 0) this.#subscribers.delete(subscriber.sessionId);
  }

  /** Reads until the subscriber is caught up; `seq`: the wake-up is about events up to it. */
  async #pump(subscriber: Subscriber, seq?: number): Promise<void> {
    if (subscriber.reading) {
      // A read that started once `seq` was known to be stored will return it.
      if (seq === undefined || seq > subscriber.covers) subscriber.stale = true;
      return;
    }
    subscriber.reading = true;
    try {
      do {
        subscriber.stale = false;
        subscriber.covers = this.#headOf(subscriber.sessionId) ?? 0;
        const events = await this.#read(subscriber.sessionId, subscriber.cursor, this.#pageSize);
        for (const event of events) {
          if (!subscriber.active) return;
          if (event.seq <= subscriber.cursor) continue;
          subscriber.cursor = event.seq;
          deliver(subscriber, event);
        }
        if (events.length === this.#pageSize) subscriber.stale = true;
      } while (subscriber.stale && subscriber.active);
    } catch {
      // The database is unreachable or closing; try again later unless unsubscribed.
      if (subscriber.active) {
        clearTimeout(subscriber.retryTimer);
        subscriber.retryTimer = setTimeout(() => void this.#pump(subscriber), this.#retryDelayMs);
        (subscriber.retryTimer as { unref?: () => void }).unref?.();
      }
    } finally {
      subscriber.reading = false;
    }
  }
}

function deliver(subscriber: Subscriber, event: SessionEvent): void {
  try {
    subscriber.onEvent(event);
  } catch {
    // A failing listener must not break delivery to itself or the others.
  }
}
