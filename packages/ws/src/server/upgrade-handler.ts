import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { CLOSE_CODES } from '../protocol/close-codes';
import { selectProtocolVersion, unsupportedProtocolMessage } from '../protocol/protocol-version';
import type { Admission } from './admission';
import {
  type ConnectionTarget,
  parseConnectionRequest,
  redactRequestUrl,
} from './connection-request';
import { isHostAllowed } from './host-check';
import type { UserFrameMeters } from './frame-budget';
import { createFrameMeter, createInboundGuard } from './inbound-guard';
import type { LogLimiter } from './log-limits';
import { isOriginAllowed } from './origin-check';
import { refuseWebSocket, rejectUpgrade } from './reject-upgrade';
import { addressKey, remoteAddressOf } from './remote-address';
import { resolveSession, type SessionRefusal } from './resolve-session';
import type { ResolvedServerOptions } from './server-options';
import { attachSessionConnection, type SessionConnection } from './session-connection';
import type { UpgradeGuard, UpgradeTicket } from './upgrade-guard';

/** What the upgrade handler shares with the server that owns it. */
export interface UpgradeHandlerContext {
  options: ResolvedServerOptions;
  webSocketServer: WebSocketServer;
  guard: UpgradeGuard;
  admission: Admission;
  logs: LogLimiter;
  /** The frame budgets each user's sockets share on this node (`null`: none). */
  userFrameMeters: UserFrameMeters | null;
  /** Open session sockets: the handler adds each one and removes it once closed. */
  connections: Set<SessionConnection>;
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
  /** What the per-address limits count this request under. */
  addressKey: string;
}

/** Where an accepted request goes: the user and the session or recall set it names. */
interface Admitted {
  userId: string;
  target: ConnectionTarget;
  addressKey: string;
}

/** The session a connection attaches to, or why it is refused after the upgrade. */
type SessionClaim =
  | { ok: true; sessionId: string; afterSeq: number; headSeq: number; release: () => void }
  | { ok: false; refusal: SessionRefusal };

/**
 * The server's upgrade path, in the order a request meets it: the socket cap and deadline,
 * Host, Origin, credentials, protocol version, the connection request, the user's limits and
 * the session's ownership; then the WebSocket handshake and the session connection. A refusal
 * before the handshake is an HTTP status; after it (the client can read it), an `error` frame
 * and a close code.
 */
export function createUpgradeHandler(
  context: UpgradeHandlerContext,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> {
  const { logger } = context.options;
  return async function upgrade(request, socket, head) {
    // The raw socket can fail at any time while we authenticate; never let that crash.
    socket.on('error', () => {});
    const remoteAddress = remoteAddressOf(request, context.options.trustProxy);
    const fields = { remoteAddress, url: redactRequestUrl(request.url) };
    if (context.isClosing()) return rejectUpgrade(socket, 503);
    const key = addressKey(remoteAddress);
    const ticket = context.guard.enter(socket, fields, key);
    if (ticket === null) return;
    const current: Upgrade = { request, socket, head, ticket, fields, addressKey: key };
    const admitted = await admitRequest(context, current);
    if (admitted === null) return;
    const claim = await claimSession(context, admitted);
    // The deadline may have answered meanwhile.
    if (context.isClosing() || socket.destroyed || !socket.writable) {
      if (claim.ok) claim.release();
      return rejectUpgrade(socket, 503);
    }
    if (!claim.ok) {
      const level = claim.refusal.code === 'FORBIDDEN' ? 'warn' : 'info';
      logger[level]?.('connection refused', {
        ...fields,
        userId: admitted.userId,
        reason: claim.refusal.logReason,
      });
    }
    openConnection(context, current, admitted.userId, claim);
  };
}

/** Host, Origin, credentials, protocol and request: the checks that need no session. */
async function admitRequest(
  context: UpgradeHandlerContext,
  upgrade: Upgrade,
): Promise<Admitted | null> {
  const { options } = context;
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
  const userId = await authenticate(options, upgrade);
  if (userId === null) return null;
  const offered = offeredProtocols(request);
  if (selectProtocolVersion(offered) === null) {
    logger.info?.('unsupported protocol', { ...fields, userId, offered: offered.join(',') });
    acceptAndRefuse(context, upgrade, {
      code: 'UNSUPPORTED_PROTOCOL',
      message: unsupportedProtocolMessage(offered),
      closeCode: CLOSE_CODES.UNSUPPORTED_PROTOCOL.code,
    });
    return null;
  }
  const parsed = parseConnectionRequest(request.url);
  if (!parsed.ok) {
    logger.info?.('bad connection request', { ...fields, userId, reason: parsed.reason });
    rejectUpgrade(socket, 400, parsed.reason);
    return null;
  }
  return { userId, target: parsed.target, addressKey: upgrade.addressKey };
}

/** The user id `authenticate` returns, or `null` after answering 401/500. */
async function authenticate(
  options: ResolvedServerOptions,
  { request, socket, fields }: Upgrade,
): Promise<string | null> {
  let user: Awaited<ReturnType<typeof options.authenticate>>;
  try {
    user = await options.authenticate(request);
  } catch (error) {
    options.logger.error?.('authenticate threw', {
      ...fields,
      error: error instanceof Error ? error.message : String(error),
    });
    rejectUpgrade(socket, 500);
    return null;
  }
  if (user === null || typeof user?.userId !== 'string' || user.userId.length === 0) {
    options.logger.warn?.('unauthenticated upgrade', fields);
    rejectUpgrade(socket, 401);
    return null;
  }
  return user.userId;
}

/**
 * One of the user's socket slots and the session to attach to, from seq `afterSeq`. The
 * limits (in memory) come first; storage is read only for a request they admit.
 */
async function claimSession(
  context: UpgradeHandlerContext,
  { userId, target, addressKey: key }: Admitted,
): Promise<SessionClaim> {
  const admitted = await context.admission.admit({
    userId,
    addressKey: key,
    startsSession: target.kind === 'recall-set',
  });
  if (!admitted.ok) return admitted;
  const result = await resolveSession(target, userId, context.options);
  admitted.sessionStarted?.();
  if (!result.ok) {
    admitted.release();
    return result;
  }
  return { ...result, release: admitted.release };
}

/** Completes the upgrade only to answer with an `error` frame and a close code. */
function acceptAndRefuse(
  context: UpgradeHandlerContext,
  { request, socket, head, ticket }: Upgrade,
  refusal: Parameters<typeof refuseWebSocket>[1],
): void {
  if (socket.destroyed) return;
  context.webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
    ticket.established();
    refuseWebSocket(webSocket, refusal);
  });
}

/** The handshake, then the session connection (or the claim's refusal as a frame). */
function openConnection(
  context: UpgradeHandlerContext,
  upgrade: Upgrade,
  userId: string,
  claim: SessionClaim,
): void {
  const { options } = context;
  const { request, socket, head, ticket, fields } = upgrade;
  const release = claim.ok ? claim.release : undefined;
  let attached = false;
  // `ws` answers an invalid handshake itself without calling back; free the slot then.
  socket.once('close', () => {
    if (!attached) release?.();
  });
  context.webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
    attached = true;
    ticket.established();
    if (!claim.ok) return refuseWebSocket(webSocket, claim.refusal);
    if (context.isClosing()) {
      claim.release();
      return refuseWebSocket(webSocket, {
        code: 'INTERNAL_ERROR',
        message: 'The server is shutting down.',
        closeCode: CLOSE_CODES.GOING_AWAY.code,
      });
    }
    const { sessionId, afterSeq, headSeq } = claim;
    const identity = { userId, sessionId, remoteAddress: fields.remoteAddress };
    const userMeter = context.userFrameMeters?.acquire(userId);
    const connection = attachSessionConnection({
      socket: webSocket,
      identity,
      afterSeq,
      headSeq,
      options,
      userBudget: options.userRateLimit
        ? { limiter: options.rateLimiter, key: `commands:${userId}`, limit: options.userRateLimit }
        : null,
      refusals: context.logs.forConnection(identity),
      inbound: createInboundGuard({
        socket: options.frameBudget ? createFrameMeter({ budget: options.frameBudget }) : null,
        user: userMeter?.meter ?? null,
        refusedFrameLimit: options.refusedFrameLimit || null,
      }),
    });
    context.connections.add(connection);
    options.logger.info?.('connected', { ...fields, userId, sessionId, afterSeq });
    void connection.closed.then(() => {
      context.connections.delete(connection);
      userMeter?.release();
      claim.release();
    });
  });
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
