import { type EngineFeedItem, type RecallEngine, toRecallError } from '@recall/core';
import type { WebSocketLike, WebSocketLikeConstructor } from '../client/websocket-like';
import {
  type ConnectionLimitOptions,
  resolveConnectionLimits,
  type SessionDirectory,
} from '../connection/connection-options';
import {
  type ConnectionLogs,
  createConnectionCore,
  type OpenConnection,
} from '../connection/connection-core';
import { addressKey } from '../connection/address-key';
import type { HostSocket } from '../connection/host-socket';
import { encodeFeedItem } from '../connection/session-connection';
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import type { RecallServerEngine } from '../server/engine-port';
import { createLogLimiter } from '../server/log-limits';
import type { RecallServerLogger } from '../server/logger';

/** The engine an {@link InProcessTransport} serves: a `RecallEngine` (e.g. in the page). */
export type InProcessEngine = RecallServerEngine & Pick<RecallEngine, 'getSessionState'>;

/** Options for {@link createInProcessTransport}; the limits are the server's, with its defaults. */
export interface InProcessTransportOptions extends ConnectionLimitOptions {
  engine: InProcessEngine;
  /**
   * The user every connection is made as (the server's `authenticate` result): sessions are
   * started for them and only their sessions can be opened. @default none — the anonymous
   * learner, who owns the sessions stored without a `userId`
   */
  userId?: string;
  /** Whether connections succeed; see {@link InProcessTransport.setOnline}. @default true */
  online?: boolean;
  /** Connections are served once this settles (e.g. storage being seeded). */
  ready?: Promise<unknown>;
  /**
   * Where session and recall-set owners are read, as the server reads them from its storage.
   * @default the engine (`getSessionState`); recall sets then have no owner
   */
  storage?: SessionDirectory;
  /** The address the limits per address count connections under. @default '127.0.0.1' */
  remoteAddress?: string;
  /** Where connections, refusals and failures are reported. @default none */
  logger?: RecallServerLogger;
}

/**
 * A server in the same process (a browser story, a test), reached through a WebSocket-like
 * class: a socket shim over the same connection core as `createRecallServer` (frame budgets,
 * rate limits, session resolution, refusals, command dispatch, history then live), so the
 * real `createRecallClient` runs against it unchanged and meets the answers production gives.
 * No network, no `node:*`, no `ws`. Frames reach the client synchronously, in order, as the
 * engine produces them, so a test can drive a session inside React's `act`.
 */
export interface InProcessTransport {
  /** Pass as `createRecallClient({ url: transport.url, WebSocket: transport.WebSocket })`. */
  readonly WebSocket: WebSocketLikeConstructor;
  /** A URL for the client (any `?recallSetId=` / `?sessionId=` query is the client's). */
  readonly url: string;
  /** Every valid message clients sent, in arrival order (pings included). */
  readonly received: readonly ClientMessage[];
  /** Sockets currently open. */
  readonly connectionCount: number;
  /**
   * Offline, new connections never open (a client shows `connecting`, then `reconnecting`)
   * and open ones are dropped as a broken link would be (close 1006).
   */
  setOnline(online: boolean): void;
  /** Closes every open socket with `code` (default 1006, a dropped link). */
  disconnect(code?: number): void;
  /**
   * Sends one feed item to every open socket of its session through the server's serializer,
   * as the engine's subscription would: a `delta` (a chunk), an `error`, or an `event`.
   */
  emit(sessionId: string, item: EngineFeedItem): void;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

const SILENT_LOGS: ConnectionLogs = {
  forConnection: () => ({ refused() {}, close() {} }),
};

const encoder = new TextEncoder();

/**
 * Creates an {@link InProcessTransport}.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm });
 * const transport = createInProcessTransport({ engine });
 * const client = createRecallClient({ url: transport.url, recallSetId, WebSocket: transport.WebSocket });
 */
export function createInProcessTransport(options: InProcessTransportOptions): InProcessTransport {
  const { engine, logger } = options;
  let online = options.online ?? true;
  const received: ClientMessage[] = [];
  const open = new Set<InProcessSocket>();
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const core = createConnectionCore({
    settings: {
      ...resolveConnectionLimits(options),
      engine,
      storage: options.storage ?? engineDirectory(engine),
      logger: logger ?? {},
    },
    logs: logger === undefined ? SILENT_LOGS : createLogLimiter({ logger, ...LOG_LIMITS }),
    onMessage: (message) => received.push(message),
  });

  class InProcessSocket implements WebSocketLike {
    readyState = CONNECTING;
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    #input: OpenConnection | null = null;
    #held: string[] | null = null;

    constructor(url: string, protocols?: string[]) {
      if (online) void this.#connect(url, protocols ?? []);
    }

    send(data: string): void {
      if (this.readyState !== OPEN) return;
      if (this.#held !== null) this.#held.push(data);
      else this.#input?.receive(data, encoder.encode(data).length);
    }

    close(code: number = CLOSE_CODES.NORMAL.code, reason = ''): void {
      this.#end(code, reason);
    }

    async #connect(url: string, protocols: readonly string[]): Promise<void> {
      await options.ready;
      await Promise.resolve();
      const decision = await core.connect({
        userId: options.userId,
        url: url.replace(/^[a-z]+:\/\/[^/]*/i, ''),
        protocols,
        remoteAddress,
        addressKey: addressKey(remoteAddress),
      });
      if (decision.kind === 'reject') return this.#fail();
      if (!online || this.readyState === CLOSED) return decision.cancel();
      this.readyState = OPEN;
      open.add(this);
      this.onopen?.({});
      this.#input = decision.open(this.#host());
    }

    /** The socket as the core sees it: frames go straight to the client's handler. */
    #host(): HostSocket {
      const socket = this;
      return {
        get isOpen() {
          return socket.readyState === OPEN;
        },
        bufferedAmount: 0,
        send: (frame) => this.write(frame),
        close: (code, reason) => queueMicrotask(() => this.#end(code, reason)),
        terminate: () => this.#end(CLOSE_CODES.ABNORMAL.code, ''),
        pause: () => {
          this.#held ??= [];
        },
        resume: () => queueMicrotask(() => this.#release()),
      };
    }

    /** Delivers the frames the core held back while it was not reading, then reads again. */
    #release(): void {
      const held = this.#held ?? [];
      this.#held = null;
      while (held.length > 0 && !this.#holding()) {
        const data = held.shift() as string;
        this.#input?.receive(data, encoder.encode(data).length);
      }
      // Paused again meanwhile: what is left waits before anything sent since.
      if (held.length > 0) this.#held = [...held, ...(this.#held ?? [])];
    }

    #holding(): boolean {
      return this.#held !== null;
    }

    /** The session served, once resolved. */
    get sessionId(): string | null {
      return this.#input?.sessionId ?? null;
    }

    write(frame: string): void {
      if (this.readyState !== OPEN) return;
      this.onmessage?.({ data: frame });
    }

    /** A refused upgrade, as a browser reports it: an error, then close 1006 (never opened). */
    #fail(): void {
      this.readyState = CLOSED;
      queueMicrotask(() => {
        this.onerror?.({});
        this.onclose?.({ code: CLOSE_CODES.ABNORMAL.code, reason: '' });
      });
    }

    #end(code: number, reason: string): void {
      if (this.readyState === CLOSED) return;
      const wasOpen = this.readyState === OPEN;
      this.readyState = CLOSED;
      open.delete(this);
      this.#input?.ended();
      if (wasOpen) queueMicrotask(() => this.onclose?.({ code, reason }));
    }

    /** Drops the socket as the transport's own action (not the client's). */
    drop(code: number): void {
      this.#end(code, '');
    }
  }

  return {
    WebSocket: InProcessSocket,
    url: 'ws://in-process.invalid/ws',
    get received() {
      return received;
    },
    get connectionCount() {
      return open.size;
    },
    setOnline(next) {
      online = next;
      if (!online) for (const socket of [...open]) socket.drop(CLOSE_CODES.ABNORMAL.code);
    },
    disconnect(code = CLOSE_CODES.ABNORMAL.code) {
      for (const socket of [...open]) socket.drop(code);
    },
    emit(sessionId, item) {
      const frame = encodeFeedItem(item);
      for (const socket of [...open]) if (socket.sessionId === sessionId) socket.write(frame);
    },
  };
}

/** The server's default log limits. */
const LOG_LIMITS = { intervalMs: 10_000, maxLinesPerInterval: 100 };

/**
 * Session owners and seqs read from the engine, for a transport given no storage: a session's
 * `userId` from its state; recall sets have no owner (the engine refuses unknown ones).
 */
function engineDirectory(engine: InProcessEngine): SessionDirectory {
  return {
    getRecallSet: async () => ({}),
    async getSession(sessionId) {
      try {
        const { userId } = await engine.getSessionState(sessionId);
        return userId === null ? {} : { userId };
      } catch (error) {
        if (toRecallError(error).code === 'SESSION_NOT_FOUND') return null;
        throw error;
      }
    },
    lastSeq: async (sessionId) => (await engine.getSessionState(sessionId)).lastSeq,
  };
}
