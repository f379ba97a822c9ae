import { type IncomingMessage, createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { CLOSE_CODES } from '../protocol/close-codes';
import { selectProtocolVersion, unsupportedProtocolMessage } from '../protocol/protocol-version';
import { createAdmission } from './admission';
import { parseConnectionRequest, redactRequestUrl } from './connection-request';
import { isHostAllowed } from './host-check';
import { createLogLimiter } from './log-limits';
import { createUpgradeGuard } from './upgrade-guard';
import { isOriginAllowed } from './origin-check';
import { refuseWebSocket, rejectUpgrade } from './reject-upgrade';
import { resolveSession, type SessionRefusal } from './resolve-session';
import { type RecallServerOptions, resolveServerOptions } from './server-options';
import { errorFrame } from './feed-serializer';
import { attachSessionConnection, type SessionConnection } from './session-connection';

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
  const { logger, engine } = resolved;
  const webSocketServer = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxPayload,
    perMessageDeflate: false,
    clientTracking: false,
    // A client that offers none of our versions is upgraded only to read an
    // UNSUPPORTED_PROTOCOL error naming the versions we speak (see `upgrade`). Echoing one of
    // its offers lets it complete the handshake: browsers fail one that selects none.
    handleProtocols: (offered) => selectProtocolVersion(offered) ?? [...offered][0] ?? false,
  });
  const connections = new Set<SessionConnection>();
  const admission = createAdmission(resolved);
  const guard = createUpgradeGuard(resolved);
  let closing = false;
  let closePromise: Promise<void> | null = null;

  const ownServer: HttpServer | undefined =
    resolved.port === undefined
      ? undefined
      : createServer(
          {
            // Sockets that dribble their headers (slowloris) are dropped after the upgrade
            // deadline, checked every second rather than Node's default 30 s.
            headersTimeout: resolved.upgradeTimeoutMs,
            requestTimeout: resolved.upgradeTimeoutMs,
            connectionsCheckingInterval: Math.min(1_000, resolved.upgradeTimeoutMs),
          },
          (_request, response) => {
            response.writeHead(426, { 'Content-Type': 'text/plain', Connection: 'close' });
            response.end('Upgrade Required');
          },
        );
  // Every socket of our own server is a (would-be) WebSocket: cap them at the TCP level too.
  if (ownServer !== undefined) ownServer.maxConnections = resolved.maxConnections;
  const httpServer = ownServer ?? resolved.server;

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // The raw socket can fail at any time while we authenticate; never let that crash.
    socket.on('error', () => {});
    const fields = {
      remoteAddress: request.socket.remoteAddress,
      url: redactRequestUrl(request.url),
    };
    if (closing) return rejectUpgrade(socket, 503);
    const ticket = guard.enter(socket, fields);
    if (ticket === null) return;
    if (!isHostAllowed(request, resolved.allowedHosts)) {
      logger.warn?.('host rejected', { ...fields, host: request.headers.host?.slice(0, 100) });
      return rejectUpgrade(socket, 403, 'Host not allowed');
    }
    if (!isOriginAllowed(request, resolved.allowedOrigins)) {
      logger.warn?.('origin rejected', { ...fields, origin: request.headers.origin });
      return rejectUpgrade(socket, 403);
    }
    let user: Awaited<ReturnType<typeof resolved.authenticate>>;
    try {
      user = await resolved.authenticate(request);
    } catch (error) {
      logger.error?.('authenticate threw', {
        ...fields,
        error: error instanceof Error ? error.message : String(error),
      });
      return rejectUpgrade(socket, 500);
    }
    if (user === null || typeof user?.userId !== 'string' || user.userId.length === 0) {
      logger.warn?.('unauthenticated upgrade', fields);
      return rejectUpgrade(socket, 401);
    }
    const userId = user.userId;
    const offered = offeredProtocols(request);
    if (selectProtocolVersion(offered) === null) {
      logger.info?.('unsupported protocol', { ...fields, userId, offered: offered.join(',') });
      return acceptAndRefuse(request, socket, head, {
        code: 'UNSUPPORTED_PROTOCOL',
        message: unsupportedProtocolMessage(offered),
        closeCode: CLOSE_CODES.UNSUPPORTED_PROTOCOL.code,
      });
    }
    const parsed = parseConnectionRequest(request.url);
    if (!parsed.ok) {
      logger.info?.('bad connection request', { ...fields, userId, reason: parsed.reason });
      return rejectUpgrade(socket, 400, parsed.reason);
    }

    let refusal: SessionRefusal | null = null;
    let release: (() => void) | null = null;
    let sessionId = '';
    let afterSeq = 0;
    let headSeq = 0;
    const admitted = await admission.admit(userId);
    if (!admitted.ok) {
      refusal = admitted.refusal;
    } else {
      release = admitted.release;
      const result = await resolveSession(parsed.target, userId, resolved);
      if (result.ok) {
        sessionId = result.sessionId;
        afterSeq = result.afterSeq;
        headSeq = result.headSeq;
      } else {
        refusal = result.refusal;
        release();
      }
    }
    // The deadline may have answered meanwhile.
    if (closing || socket.destroyed || !socket.writable) {
      release?.();
      return rejectUpgrade(socket, 503);
    }
    if (refusal !== null) {
      const level = refusal.code === 'FORBIDDEN' ? 'warn' : 'info';
      logger[level]?.('connection refused', { ...fields, userId, reason: refusal.logReason });
    }

    let attached = false;
    // `ws` answers an invalid handshake itself without calling back; free the slot then.
    socket.once('close', () => {
      if (!attached) release?.();
    });
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
      attached = true;
      ticket.established();
      if (refusal !== null) return refuseWebSocket(webSocket, refusal);
      if (closing) {
        release?.();
        return refuseWebSocket(webSocket, {
          code: 'INTERNAL_ERROR',
          message: 'The server is shutting down.',
          closeCode: CLOSE_CODES.GOING_AWAY.code,
        });
      }
      const connection = attachSessionConnection({
        socket: webSocket,
        identity: { userId, sessionId, remoteAddress: fields.remoteAddress },
        afterSeq,
        headSeq,
        options: resolved,
        userBudget: resolved.userRateLimit
          ? {
              limiter: resolved.rateLimiter,
              key: `commands:${userId}`,
              limit: resolved.userRateLimit,
            }
          : null,
        refusals: logs.forConnection({ userId, sessionId, remoteAddress: fields.remoteAddress }),
      });
      connections.add(connection);
      logger.info?.('connected', { ...fields, userId, sessionId, afterSeq });
      void connection.closed.then(() => {
        connections.delete(connection);
        release?.();
      });
    });
  }

  /** Completes the upgrade only to answer with an `error` frame and a close code. */
  function acceptAndRefuse(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    refusal: Parameters<typeof refuseWebSocket>[1],
  ): void {
    if (socket.destroyed) return;
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) =>
      refuseWebSocket(webSocket, refusal),
    );
  }

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

  const ready: Promise<void> =
    ownServer === undefined
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          ownServer.once('error', reject);
          ownServer.listen(resolved.port, resolved.host, () => {
            ownServer.off('error', reject);
            resolve();
          });
        });
  // Callers that never await `ready` must not get an unhandled rejection.
  ready.catch(() => {});

  async function shutdown(closeOptions: RecallServerCloseOptions): Promise<void> {
    closing = true;
    if (heartbeat !== undefined) clearInterval(heartbeat);
    const serverClosed =
      ownServer === undefined
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            if (!ownServer.listening) return resolve();
            ownServer.close(() => resolve());
          });
    if (closeOptions.closeEngine ?? true) {
      try {
        await engine.close();
      } catch (error) {
        logger.error?.('engine close failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    const socketsClosed = [...connections].map((connection) => {
      connection.close(CLOSE_CODES.GOING_AWAY.code, 'server shutting down');
      return connection.closed;
    });
    await Promise.all(socketsClosed);
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

/** The protocol versions an upgrade request offers (`Sec-WebSocket-Protocol`), in order. */
function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}
