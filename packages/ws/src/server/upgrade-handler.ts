import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocket as WebSocketClass, type WebSocketServer } from 'ws';
import type { ConnectionCore } from '../connection/connection-core';
import type { ConnectionInput, HostSocket } from '../connection/host-socket';
import { redactRequestUrl } from './connection-request';
import { isHostAllowed } from './host-check';
import { isOriginAllowed } from './origin-check';
import { rejectUpgrade } from './reject-upgrade';
import { addressKey } from '../connection/address-key';
import { remoteAddressOf } from './remote-address';
import type { ResolvedServerOptions } from './server-options';
import type { UpgradeGuard, UpgradeTicket } from './upgrade-guard';

/** What the upgrade handler shares with the server that owns it. */
export interface UpgradeHandlerContext {
  options: ResolvedServerOptions;
  webSocketServer: WebSocketServer;
  guard: UpgradeGuard;
  /** The connection core every accepted socket is handed to. */
  core: ConnectionCore;
  /** Whether the server is shutting down (new upgrades are refused). */
  isClosing(): boolean;
}

/** One upgrade in progress: the request, its socket, and what the logs say about it. */
interface Upgrade {
  request: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  ticket: UpgradeTicket;
  fields: { remoteAddress: string | undefined; url: string };
}

/**
 * The Node host of the connection core, in the order a request meets it: the socket cap and
 * deadline, Host, Origin and credentials (HTTP refusals); then the core decides (protocol
 * version, the connection request, the user's limits) and, once the WebSocket handshake is
 * done, serves the session on the open socket.
 */
export function createUpgradeHandler(
  context: UpgradeHandlerContext,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> {
  return async function upgrade(request, socket, head) {
    // The raw socket can fail at any time while we authenticate; never let that crash.
    socket.on('error', () => {});
    const remoteAddress = remoteAddressOf(request, context.options.trustProxy);
    const fields = { remoteAddress, url: redactRequestUrl(request.url) };
    if (context.isClosing()) return rejectUpgrade(socket, 503);
    const key = addressKey(remoteAddress);
    const ticket = context.guard.enter(socket, fields, key);
    if (ticket === null) return;
    const current: Upgrade = { request, socket, head, ticket, fields };
    const userId = await admitRequest(context.options, current);
    if (userId === null) return;
    const decision = await context.core.connect({
      userId,
      url: request.url,
      protocols: offeredProtocols(request),
      remoteAddress,
      addressKey: key,
    });
    if (decision.kind === 'reject') return rejectUpgrade(socket, decision.status, decision.reason);
    // The deadline may have answered meanwhile.
    if (context.isClosing() || socket.destroyed || !socket.writable) {
      decision.cancel();
      return rejectUpgrade(socket, 503);
    }
    // The handshake completes before any storage work: a class opening one set at once is
    // never held at the HTTP deadline while sessions start; the history follows the socket.
    let handshaken = false;
    // `ws` answers an invalid handshake itself without calling back; free the slot then.
    socket.once('close', () => {
      if (!handshaken) decision.cancel();
    });
    context.webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
      handshaken = true;
      ticket.established();
      const input = decision.open(hostSocket(webSocket));
      listen(context, webSocket, input, fields);
    });
  };
}

/** Host, Origin and credentials: the HTTP checks. The user id, or `null` once refused. */
async function admitRequest(
  options: ResolvedServerOptions,
  upgrade: Upgrade,
): Promise<string | null> {
  const { logger } = options;
  const { request, socket, fields } = upgrade;
  if (!isHostAllowed(request, options.allowedHosts)) {
    logger.warn?.('host rejected', { ...fields, host: request.headers.host?.slice(0, 100) });
    rejectUpgrade(socket, 403, 'Host not allowed');
    return null;
  }
  if (!isOriginAllowed(request, options.allowedOrigins)) {
    logger.warn?.('origin rejected', { ...fields, origin: request.headers.origin });
    rejectUpgrade(socket, 403);
    return null;
  }
  let user: Awaited<ReturnType<typeof options.authenticate>>;
  try {
    user = await options.authenticate(request);
  } catch (error) {
    logger.error?.('authenticate threw', {
      ...fields,
      error: error instanceof Error ? error.message : String(error),
    });
    rejectUpgrade(socket, 500);
    return null;
  }
  if (user === null || typeof user?.userId !== 'string' || user.userId.length === 0) {
    logger.warn?.('unauthenticated upgrade', fields);
    rejectUpgrade(socket, 401);
    return null;
  }
  return user.userId;
}

/** Feeds a `ws` socket's frames, pongs and end to the core. */
function listen(
  context: UpgradeHandlerContext,
  webSocket: WebSocket,
  input: ConnectionInput,
  fields: Upgrade['fields'],
): void {
  webSocket.on('error', (error) => {
    context.options.logger.info?.('socket error', { ...fields, error: error.message });
  });
  webSocket.on('message', (data, isBinary) => {
    const raw = isBinary ? data : Buffer.isBuffer(data) ? data.toString('utf8') : data;
    input.receive(raw, frameByteLength(data));
  });
  webSocket.on('pong', () => input.pong());
  webSocket.on('close', () => input.ended());
}

/** A `ws` socket as the core sees it; writes of one event-loop turn leave together. */
function hostSocket(webSocket: WebSocket): HostSocket {
  return {
    get isOpen() {
      return webSocket.readyState === WebSocketClass.OPEN;
    },
    get bufferedAmount() {
      return webSocket.bufferedAmount;
    },
    send(frame) {
      coalesceWrites(webSocket);
      webSocket.send(frame, { binary: false });
    },
    close(code, reason) {
      const { readyState } = webSocket;
      if (readyState === WebSocketClass.OPEN || readyState === WebSocketClass.CONNECTING) {
        webSocket.close(code, reason);
      }
    },
    terminate: () => webSocket.terminate(),
    pause: () => webSocket.pause(),
    resume: () => webSocket.resume(),
    ping: () => webSocket.ping(),
  };
}

/** Bytes a `ws` message event carries (one Buffer, an ArrayBuffer, or fragments). */
export function frameByteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data.byteLength;
}

/** The protocol versions an upgrade request offers (`Sec-WebSocket-Protocol`), in order. */
function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** Sockets corked during the current event-loop turn, uncorked together at its end. */
const corked = new Set<Duplex>();

function uncorkAll(): void {
  const sockets = [...corked];
  corked.clear();
  // One uncork per cork: the frames written meanwhile leave in one write (a writev).
  for (const socket of sockets) if (!socket.destroyed) socket.uncork();
}

/**
 * Holds the socket's writes until the end of the current event-loop turn, so every frame
 * sent to it during the turn — events, chunks, acks — leaves in one write system call instead
 * of one each. Call it right before `send`: frames stay whole (one JSON message per WebSocket
 * frame) and in order, and nothing waits longer than the turn. Repeated calls in one turn
 * cork once.
 */
export function coalesceWrites(webSocket: WebSocket): void {
  const socket = (webSocket as unknown as { _socket?: Duplex })._socket;
  if (socket === undefined || socket.destroyed || corked.has(socket)) return;
  if (corked.size === 0) setImmediate(uncorkAll);
  socket.cork();
  corked.add(socket);
}
