import type pg from 'pg';
import type { ClientConfig } from 'pg';

/** Options for {@link NotificationListener}. */
export interface NotificationListenerOptions {
  /** `pg.Client`, from the lazily loaded `pg`. */
  Client: typeof pg.Client;
  /** How to reach the server for the dedicated LISTEN connection. */
  clientConfig: ClientConfig;
  channel: string;
  onNotification: (payload: string) => void;
  /** Called each time LISTEN is (re-)established: wake-ups may have been missed before it. */
  onListening: () => void;
  /** Called when an established LISTEN connection drops: notifications go unheard until the next `onListening`. */
  onLost?: () => void;
  /** @default 100 */
  reconnectDelayMs: number;
  /** @default 5000 */
  maxReconnectDelayMs: number;
}

/**
 * One dedicated connection that LISTENs on a channel and reconnects with doubling backoff when
 * it drops. Notifications are only wake-ups; correctness comes from the reader catching up
 * from its own cursor after every (re)connect.
 */
export class NotificationListener {
  readonly #options: NotificationListenerOptions;
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #delayMs: number;
  #closed = false;

  constructor(options: NotificationListenerOptions) {
    this.#options = options;
    this.#delayMs = options.reconnectDelayMs;
  }

  /** Connects unless connected or connecting; failures are retried in the background. */
  start(): void {
    if (this.#closed || this.#client || this.#connecting || this.#retryTimer) return;
    this.#connecting = this.#connect().finally(() => {
      this.#connecting = undefined;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    await this.#connecting;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new this.#options.Client(this.#options.clientConfig);
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (this.#client === client) {
        this.#client = undefined;
        this.#options.onLost?.();
      }
      client.end().catch(() => undefined);
      this.#scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    client.on('notification', (message) => {
      if (message.channel === this.#options.channel) {
        this.#options.onNotification(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(this.#options.channel)}`);
    } catch {
      onDrop();
      return;
    }
    if (this.#closed || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#delayMs = this.#options.reconnectDelayMs;
    this.#options.onListening();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#options.maxReconnectDelayMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.start();
    }, delay);
    this.#retryTimer.unref?.();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
