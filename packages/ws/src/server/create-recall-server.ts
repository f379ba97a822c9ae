import { type IncomingMessage, createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { CLOSE_CODES } from '../protocol/close-codes';
import { selectProtocolVersion } from '../protocol/protocol-version';
import { createConnectionCore } from '../connection/connection-core';
import { parseConnectionRequest } from './connection-request';
import { errorFrame } from '../connection/refusals';
import { createLogLimiter } from './log-limits';
import { addressKey } from '../connection/address-key';
import { createAddressCounter } from './remote-address';
import { rejectUpgrade } from './reject-upgrade';
import {
  type RecallServerOptions,
  type ResolvedServerOptions,
  resolveServerOptions,
} from './server-options';
import { createUpgradeGuard } from './upgrade-guard';
import { createUpgradeHandler } from './upgrade-handler';

/** Options for {@link RecallServer.close}. */
export interface RecallServerCloseOptions {
  /** Also close the engine (finishing or interrupting in-flight turns) before the sockets. @default true */
  closeEngine?: boolean;
}

/** A running Recall WebSocket server. */
export interface RecallServer {
  /** Resolves once listening (at once when attached to an existing server). */
  readonly ready: Promise<void>;
  /** The listening address, or `null` in `noServer` mode or before listening. */
  address(): AddressInfo | null;
  /**
   * Handles one upgrade request. Called automatically for `server`/`port`; call it yourself
   * when routing upgrades (neither `server` nor `port` given).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open session sockets. */
  readonly connectionCount: number;
  /**
   * Closes every socket of a user (logout, expired credentials) with the `UNAUTHORIZED`
   * close code, which clients do not retry. Returns how many sockets were closed.
   */
  disconnectUser(userId: string): number;
  /**
   * Graceful shutdown: refuse new upgrades (503), close the engine so in-flight turns finish
   * or are recorded as interrupted, then close every socket with 1001 (going away) so
   * clients reconnect, possibly to another node. Idempotent.
   */
  close(options?: RecallServerCloseOptions): Promise<void>;
}

/**
 * Serves Recall sessions over WebSocket (the `ws` library, permessage-deflate off).
 *
 * Connections select a session with `?recallSetId=…` (start or resume the user's session of
 * that set) or `?sessionId=…&afterSeq=N` (reattach; history after `N`, then live). A session
 * belongs to the user that started it; sessions stored without a `userId` are refused.
 * In production serve it over TLS (`wss://`) only, and prefer cookies or headers to a
 * `?token=` (query strings end up in proxy access logs; this server never logs them).
 *
 * @example
 * const recall = createRecallServer({
 *   engine, storage, server: httpServer,
 *   authenticate: (request) => verifySessionCookie(request.headers.cookie),
 * });
 */
export function createRecallServer(options: RecallServerOptions): RecallServer {
  const settings = resolveServerOptions(options);
  const logs = createLogLimiter({ logger: settings.logger, ...settings.logLimits });
  // Every line goes through the process-wide cap.
  const resolved = { ...settings, logger: logs.logger };
  const { logger } = resolved;
  const webSocketServer = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxPayload,
    perMessageDeflate: false,
    clientTracking: false,
    // A client that offers none of our versions is upgraded only to read an
    // UNSUPPORTED_PROTOCOL error naming the versions we speak (see `upgrade-handler.ts`).
    // Echoing one of its offers lets it complete the handshake: browsers fail one that
    // selects none.
    handleProtocols: (offered) => selectProtocolVersion(offered) ?? [...offered][0] ?? false,
  });
  const core = createConnectionCore({ settings: resolved, logs });
  const connections = core.connections;
  let closing = false;
  let closePromise: Promise<void> | null = null;
  const ownServer = createOwnServer(resolved);
  const httpServer = ownServer ?? resolved.server;
  const upgrade = createUpgradeHandler({
    options: resolved,
    webSocketServer,
    guard: createUpgradeGuard(resolved),
    core,
    isClosing: () => closing,
  });

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    upgrade(request, socket, head).catch((error: unknown) => {
      logger.error?.('upgrade failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      rejectUpgrade(socket, 500);
    });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = parseConnectionRequest(request.url).pathname;
    if (pathname !== resolved.path) {
      // Another listener on a shared server may own this path.
      const shared = ownServer === undefined && (httpServer?.listenerCount('upgrade') ?? 0) > 1;
      if (!shared) rejectUpgrade(socket, 404);
      return;
    }
    handleUpgrade(request, socket, head);
  }

  httpServer?.on('upgrade', onUpgrade);

  const heartbeat =
    resolved.heartbeatIntervalMs > 0
      ? setInterval(() => {
          for (const connection of connections) connection.heartbeat();
        }, resolved.heartbeatIntervalMs)
      : undefined;
  heartbeat?.unref();

  const ready = ownServer === undefined ? Promise.resolve() : listen(ownServer, resolved);
  // Callers that never await `ready` must not get an unhandled rejection.
  ready.catch(() => {});

  async function shutdown(closeOptions: RecallServerCloseOptions): Promise<void> {
    closing = true;
    core.shutdown();
    if (heartbeat !== undefined) clearInterval(heartbeat);
    const serverClosed = ownServer === undefined ? Promise.resolve() : closeServer(ownServer);
    if (closeOptions.closeEngine ?? true) await closeEngine(resolved);
    await Promise.all(
      [...connections].map((connection) => {
        connection.close(CLOSE_CODES.GOING_AWAY.code, 'server shutting down');
        return connection.closed;
      }),
    );
    httpServer?.off('upgrade', onUpgrade);
    ownServer?.closeAllConnections();
    await serverClosed;
    webSocketServer.close();
    logs.close();
  }

  return {
    ready,
    address() {
      const address = httpServer?.address();
      return address !== null && typeof address === 'object' ? address : null;
    },
    handleUpgrade,
    get connectionCount() {
      return connections.size;
    },
    disconnectUser(userId) {
      let count = 0;
      for (const connection of connections) {
        if (connection.identity.userId !== userId) continue;
        connection.close(
          CLOSE_CODES.UNAUTHORIZED.code,
          'credentials revoked',
          errorFrame({ code: 'UNAUTHORIZED', message: 'Your credentials are no longer valid.' }),
        );
        count += 1;
      }
      if (count > 0) logger.info?.('user disconnected', { userId, sockets: count });
      return count;
    },
    close(closeOptions = {}) {
      closePromise ??= shutdown(closeOptions);
      return closePromise;
    },
  };
}

/**
 * The HTTP server Recall creates when given a `port` (none when attached to the host's): it
 * answers plain requests `426` and drops sockets that dribble their headers (slowloris).
 */
function createOwnServer(options: ResolvedServerOptions): HttpServer | undefined {
  if (options.port === undefined) return undefined;
  const server = createServer(
    {
      // Dropped after the upgrade deadline, checked every second rather than Node's default 30 s.
      headersTimeout: options.upgradeTimeoutMs,
      requestTimeout: options.upgradeTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, options.upgradeTimeoutMs),
    },
    (_request, response) => {
      response.writeHead(426, { 'Content-Type': 'text/plain', Connection: 'close' });
      response.end('Upgrade Required');
    },
  );
  // Every socket of our own server is a (would-be) WebSocket: cap them at the TCP level too,
  // per address as well, so silent sockets from one peer cannot fill the global cap. Behind
  // a proxy (`trustProxy`) every TCP peer is the proxy: only the upgrade counts then.
  server.maxConnections = options.maxConnections;
  if (options.trustProxy === 0) {
    const byAddress = createAddressCounter(options.maxConnectionsPerAddress);
    server.on('connection', (socket) => {
      const leave = byAddress.enter(addressKey(socket.remoteAddress));
      if (leave === null) {
        socket.destroy();
        return;
      }
      socket.once('close', leave);
    });
  }
  return server;
}

function listen(server: HttpServer, options: ResolvedServerOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
}

/** Closes the engine (in-flight turns finish or are recorded as interrupted); never throws. */
async function closeEngine({ engine, logger }: ResolvedServerOptions): Promise<void> {
  try {
    await engine.close();
  } catch (error) {
    logger.error?.('engine close failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
