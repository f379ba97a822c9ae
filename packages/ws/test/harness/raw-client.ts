import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import type { PublicSessionEvent, SessionEventType } from '@recall/core';
import { PROTOCOL_VERSION } from '../../src/protocol/protocol-version';
import type { ServerMessage } from '../../src/protocol/server-messages';

/** A bare `ws` socket that records every server message, for protocol-level assertions. */
export interface RawClient {
  readonly socket: WebSocket;
  readonly messages: ServerMessage[];
  /** The events of the `event` frames received, in order. */
  readonly events: PublicSessionEvent[];
  /** Every text frame exactly as received, for byte-level comparisons. */
  readonly frames: string[];
  send(value: unknown): void;
  sendRaw(data: string | Buffer, options?: { binary?: boolean }): void;
  /** Resolves with the first message (past or future) matching `predicate`. */
  waitFor<T extends ServerMessage = ServerMessage>(
    predicate: (message: ServerMessage) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Resolves with the first event (past or future) of `type` that satisfies `predicate`. */
  waitForEvent<T extends SessionEventType>(
    type: T,
    predicate?: (event: Extract<PublicSessionEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<PublicSessionEvent, { type: T }>>;
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/**
 * Opens a raw client offering `protocols` (the protocol versions, as WebSocket subprotocols)
 * and resolves once open (rejects on a refused upgrade).
 */
export function openRawClient(
  url: string,
  headers: Record<string, string> = {},
  protocols: string[] = [PROTOCOL_VERSION],
): Promise<RawClient> {
  const socket = new WebSocket(url, protocols, { headers });
  const messages: ServerMessage[] = [];
  const frames: string[] = [];
  const waiters = new Set<{
    predicate: (message: ServerMessage) => boolean;
    resolve: (message: ServerMessage) => void;
  }>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    frames.push(text);
    const message = JSON.parse(text) as ServerMessage;
    messages.push(message);
    if (message.type === 'event') events.push(message.event);
    for (const waiter of waiters) {
      if (waiter.predicate(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const events: PublicSessionEvent[] = [];
  const client: RawClient = {
    socket,
    messages,
    events,
    frames,
    closed,
    send(value) {
      socket.send(JSON.stringify(value));
    },
    sendRaw(data, options = {}) {
      socket.send(data, { binary: options.binary ?? false });
    },
    waitFor<T extends ServerMessage>(
      predicate: (message: ServerMessage) => boolean,
      timeoutMs = 5_000,
    ) {
      const seen = messages.find(predicate);
      if (seen !== undefined) return Promise.resolve(seen as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `No matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`,
            ),
          );
        }, timeoutMs);
        const waiter = {
          predicate,
          resolve: (message: ServerMessage) => {
            clearTimeout(timer);
            resolve(message as T);
          },
        };
        waiters.add(waiter);
      });
    },
    waitForEvent(type, predicate, timeoutMs) {
      return client
        .waitFor(
          (message) =>
            message.type === 'event' &&
            message.event.type === type &&
            (predicate?.(message.event as never) ?? true),
          timeoutMs,
        )
        .then((message) => (message as ServerMessage & { type: 'event' }).event as never);
    },
    close() {
      socket.close();
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`Upgrade refused: ${response.statusCode}`), {
          statusCode: response.statusCode,
        }),
      );
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** The raw HTTP response to an upgrade request: status line and whether a 101 came back. */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  headers = { 'Sec-WebSocket-Protocol': PROTOCOL_VERSION, ...headers };
  const target = new URL(url.replace(/^ws/, 'http'));
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}
