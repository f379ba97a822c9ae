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
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Live feeds for the SQL adapters. A wake-up (a local append, a NOTIFY, a reconnect) only
 * says "look again": each subscriber re-reads rows after its own cursor, so lost, late or
 * coalesced wake-ups can delay events but never drop or repeat them.
 */
export class SubscriptionHub {
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #read: SubscriptionHubOptions['read'];
  readonly #retryDelayMs: number;
  readonly #pageSize: number;

  constructor(options: SubscriptionHubOptions) {
    this.#read = options.read;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#pageSize = options.pageSize ?? 500;
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
      retryTimer: undefined,
    };
    let subscribers = this.#subscribers.get(sessionId);
    if (!subscribers) {
      subscribers = new Set();
      this.#subscribers.set(sessionId, subscribers);
    }
    subscribers.add(subscriber);
    // Catch-up starts after subscribe returns, so the caller holds its unsubscribe first.
    queueMicrotask(() => void this.#pump(subscriber));
    return () => this.#remove(subscriber);
  }

  /** Wakes the session's subscribers that have not yet seen `seq` (all of them if omitted). */
  wake(sessionId: string, seq?: number): void {
    for (const subscriber of this.#subscribers.get(sessionId) ?? []) {
      if (seq === undefined || subscriber.cursor < seq) void this.#pump(subscriber);
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

  async #pump(subscriber: Subscriber): Promise<void> {
    if (subscriber.reading) {
      subscriber.stale = true;
      return;
    }
    subscriber.reading = true;
    try {
      do {
        subscriber.stale = false;
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
