import {
  type EngineFeedItem,
  type RecallEngine,
  type RecallErrorCode,
  toRecallError,
} from '@recall/core';
import type { WebSocketLike, WebSocketLikeConstructor } from '../client/websocket-like';
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import { parseClientMessage } from '../protocol/parse-client-message';
import { selectProtocolVersion, unsupportedProtocolMessage } from '../protocol/protocol-version';
import { parseConnectionRequest } from '../server/connection-request';
import { answerCommand } from '../server/dispatch-command';
import type { RecallServerEngine } from '../server/engine-port';
import { encodeFeedItem, encodeMessage, errorFrame } from '../server/feed-serializer';
import { subscribeSessionFrames } from '../server/session-subscription';

/** The engine an {@link InProcessTransport} serves: a `RecallEngine` (e.g. in the page). */
export type InProcessEngine = RecallServerEngine & Pick<RecallEngine, 'getSessionState'>;

/** Options for {@link createInProcessTransport}. */
export interface InProcessTransportOptions {
  engine: InProcessEngine;
  /** The user sessions are started for. @default none */
  userId?: string;
  /** Whether connections succeed; see {@link InProcessTransport.setOnline}. @default true */
  online?: boolean;
  /** Connections are served once this settles (e.g. storage being seeded). */
  ready?: Promise<unknown>;
}

/**
 * A server in the same process (a browser story, a test), reached through a WebSocket-like
 * class: connections are served from an engine through the same frame serializer, history
 * subscription and command dispatch as `createRecallServer`, so the real `createRecallClient`
 * runs against it unchanged. No network, no `node:*`, no `ws`. Frames reach the client
 * synchronously, in order, as the engine produces them, so a test can drive a session inside
 * React's `act`.
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

/**
 * Creates an {@link InProcessTransport}.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm });
 * const transport = createInProcessTransport({ engine });
 * const client = createRecallClient({ url: transport.url, recallSetId, WebSocket: transport.WebSocket });
 */
export function createInProcessTransport(options: InProcessTransportOptions): InProcessTransport {
  const { engine } = options;
  let online = options.online ?? true;
  const received: ClientMessage[] = [];
  const open = new Set<InProcessSocket>();

  class InProcessSocket implements WebSocketLike {
    readyState = CONNECTING;
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    #stop: (() => void) | null = null;
    sessionId = '';

    constructor(url: string, protocols?: string[]) {
      if (online) void this.#accept(url, protocols ?? []);
    }

    send(data: string): void {
      if (this.readyState !== OPEN) return;
      const parsed = parseClientMessage(data);
      if (!parsed.ok) {
        this.write(encodeMessage(errorFrame(parsed.error)));
        return;
      }
      const message = parsed.message;
      received.push(message);
      if (message.type === 'ping') {
        this.write(encodeMessage({ type: 'pong', timestamp: Date.now() }));
        return;
      }
      // As the server does: handed to the engine at once, in arrival order (its per-session
      // queue bounds the pending work and answers SESSION_BUSY beyond it).
      void answerCommand({ engine, sessionId: this.sessionId, message }).then((answer) => {
        if (answer !== null) this.write(encodeMessage(answer));
      });
    }

    close(code: number = CLOSE_CODES.NORMAL.code, reason = ''): void {
      this.#end(code, reason);
    }

    async #accept(url: string, protocols: readonly string[]): Promise<void> {
      await options.ready;
      await Promise.resolve();
      if (selectProtocolVersion(protocols) === null) {
        return this.#refuse(
          'UNSUPPORTED_PROTOCOL',
          unsupportedProtocolMessage(protocols),
          CLOSE_CODES.UNSUPPORTED_PROTOCOL.code,
        );
      }
      const request = parseConnectionRequest(url.replace(/^[a-z]+:\/\/[^/]*/i, ''));
      if (!request.ok)
        return this.#refuse('INVALID_MESSAGE', request.reason, CLOSE_CODES.INTERNAL.code);
      let afterSeq = 0;
      try {
        if (request.target.kind === 'recall-set') {
          const userOption = options.userId === undefined ? {} : { userId: options.userId };
          const started = await engine.startSession(request.target.recallSetId, userOption);
          this.sessionId = started.sessionId;
        } else {
          this.sessionId = request.target.sessionId;
          afterSeq = request.target.afterSeq ?? 0;
        }
        const headSeq = (await engine.getSessionState(this.sessionId)).lastSeq;
        if (afterSeq > headSeq) {
          return this.#refuse(
            'INVALID_MESSAGE',
            'afterSeq is out of range; resync from seq 0.',
            CLOSE_CODES.INVALID_RESUME.code,
          );
        }
        if (!online || this.readyState === CLOSED) return;
        this.#open();
        this.#stop = subscribeSessionFrames({
          engine,
          sessionId: this.sessionId,
          afterSeq,
          headSeq,
          send: (frame) => this.write(frame),
        });
      } catch (error) {
        const { code, message } = toRecallError(error);
        this.#refuse(code, message, CLOSE_CODES.FORBIDDEN.code);
      }
    }

    #open(): void {
      this.readyState = OPEN;
      open.add(this);
      this.onopen?.({});
    }

    #refuse(code: RecallErrorCode, message: string, closeCode: number): void {
      if (!online) return;
      this.#open();
      this.write(encodeMessage(errorFrame({ code, message })));
      queueMicrotask(() => this.#end(closeCode, code));
    }

    write(frame: string): void {
      if (this.readyState !== OPEN) return;
      this.onmessage?.({ data: frame });
    }

    #end(code: number, reason: string): void {
      if (this.readyState === CLOSED) return;
      const wasOpen = this.readyState === OPEN;
      this.readyState = CLOSED;
      open.delete(this);
      this.#stop?.();
      this.#stop = null;
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
