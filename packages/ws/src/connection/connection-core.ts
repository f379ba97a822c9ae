import type { RecallErrorCode } from '@recall/core';
import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODES } from '../protocol/close-codes';
import { selectProtocolVersion, unsupportedProtocolMessage } from '../protocol/protocol-version';
import { type AdmitResult, createAdmission } from '../server/admission';
import {
  type ConnectionTarget,
  parseConnectionRequest,
  redactRequestUrl,
} from '../server/connection-request';
import { createInboundGuard } from '../server/command-intake';
import { createUserFrameMeters } from '../server/frame-budget';
import { createFrameMeter } from '../server/rate-limiter';
import type { ConnectionLog } from '../server/log-limits';
import type { LogFields } from '../server/logger';
import { resolveSession, type SessionRefusal } from '../server/resolve-session';
import type { ConnectionSettings } from './connection-options';
import type { ConnectionInput, HostSocket, SessionConnection } from './host-socket';
import { CLOSE_GRACE_MS, errorFrame, later } from './refusals';
import { attachSessionConnection, encodeMessage } from './session-connection';

/** Where refused frames of one connection are logged (a `LogLimiter`, or a silent one). */
export interface ConnectionLogs {
  forConnection(identity: LogFields): ConnectionLog;
}

/** Options for {@link createConnectionCore}. */
export interface ConnectionCoreOptions {
  /** The engine, the session directory, the limits and the logger, resolved. */
  settings: ConnectionSettings;
  /** Where refused frames are logged, aggregated per connection. */
  logs: ConnectionLogs;
  /** Sees every valid client message, in arrival order. @default none */
  onMessage?: (message: ClientMessage) => void;
}

/** A request to connect, once the host has established who sends it. */
export interface ConnectRequest {
  /** The user the host authenticated; `undefined`: the anonymous learner (in-process only). */
  userId: string | undefined;
  /** The request's path and query (`/ws?sessionId=…&afterSeq=N`). */
  url: string | undefined;
  /** The protocol versions the client offers, in order. */
  protocols: readonly string[];
  remoteAddress: string | undefined;
  /** What the per-address limits count this request under. */
  addressKey: string;
}

/**
 * How to answer a {@link ConnectRequest}: `reject` before any WebSocket exists (an HTTP status),
 * or `upgrade`: complete the handshake, then hand the open socket to `open` (which may still
 * refuse with an `error` frame and a close code). Call `cancel` instead of `open` when the
 * handshake cannot happen (the peer left, the server is closing).
 */
export type ConnectDecision =
  | { kind: 'reject'; status: number; reason: string }
  | { kind: 'upgrade'; open(socket: HostSocket): OpenConnection; cancel(): void };

/** An open socket's connection, as its host feeds it. */
export interface OpenConnection extends ConnectionInput {
  /** The session served, once resolved and attached; `null` before (or when refused). */
  readonly sessionId: string | null;
}

/** The platform-neutral server side of every connection; hosts feed it sockets. */
export interface ConnectionCore {
  /**
   * Checks the protocol version, the connection request and the user's limits (all in
   * memory, before any storage work) and decides how the host answers.
   */
  connect(request: ConnectRequest): Promise<ConnectDecision>;
  /** Attached connections. */
  readonly connections: ReadonlySet<SessionConnection>;
  /** Refuses sessions resolved from now on (`GOING_AWAY`); the host closes the open ones. */
  shutdown(): void;
}

/** An `error` frame plus a close code the client obeys; the socket is dropped if it lingers. */
export function refuseSocket(
  socket: HostSocket,
  refusal: { code: RecallErrorCode; message: string; retryAfterMs?: number; closeCode: number },
): void {
  const { code, message, retryAfterMs } = refusal;
  socket.send(encodeMessage(errorFrame({ code, message, retryAfterMs })));
  socket.close(refusal.closeCode, code);
  later(CLOSE_GRACE_MS, () => socket.terminate());
}

/** Who asked for which session, as the core remembers it for the open socket. */
interface Owner {
  userId: string | undefined;
  target: ConnectionTarget;
  fields: { remoteAddress: string | undefined; url: string };
}

const IGNORED_INPUT: OpenConnection = { sessionId: null, receive() {}, pong() {}, ended() {} };

/**
 * Creates the connection core: parse → ping/pong → intake → answer on every frame; on every
 * connection the upgrade accepted before storage work, then resolve → history → live; and
 * the hardening refusals (rate limits, frame budgets, resume validation, session refusals,
 * engine failures). The Node server and the in-process transport are hosts of it.
 */
export function createConnectionCore(options: ConnectionCoreOptions): ConnectionCore {
  const { settings, logs } = options;
  const { logger } = settings;
  const admission = createAdmission(settings);
  const userFrameMeters = settings.userFrameBudget
    ? createUserFrameMeters(settings.userFrameBudget)
    : null;
  const connections = new Set<SessionConnection>();
  let closing = false;

  function logRefusal(fields: LogFields, userId: string | undefined, refusal: SessionRefusal) {
    const level = refusal.code === 'FORBIDDEN' ? 'warn' : 'info';
    logger[level]?.('connection refused', { ...fields, userId, reason: refusal.logReason });
  }

  /** The session on an open socket: resolved, then attached; input waits meanwhile. */
  function open(
    socket: HostSocket,
    request: Owner,
    slot: AdmitResult & { sessionStarted?: () => void },
  ): OpenConnection {
    if (!slot.ok) {
      logRefusal(request.fields, request.userId, slot.refusal);
      refuseSocket(socket, slot.refusal);
      return IGNORED_INPUT;
    }
    // Commands sent before the session is attached wait in the socket, not in a void.
    socket.pause();
    let gone = false;
    // Until attached, the host's calls land here; then the handle takes the connection's own
    // functions, so a frame goes from the host straight to the session connection.
    const handle: OpenConnection = {
      sessionId: null,
      receive() {},
      pong() {},
      ended() {
        gone = true;
      },
    };
    void resolveSession(request.target, request.userId, settings).then((result) => {
      // The session has started (or failed to): the concurrent-start cap frees its place.
      slot.sessionStarted?.();
      if (gone) return slot.release();
      // Frames read from here on are delivered later: after the attach below.
      socket.resume();
      if (!result.ok) {
        slot.release();
        logRefusal(request.fields, request.userId, result.refusal);
        return refuseSocket(socket, result.refusal);
      }
      if (closing) {
        slot.release();
        return refuseSocket(socket, {
          code: 'INTERNAL_ERROR',
          message: 'The server is shutting down.',
          closeCode: CLOSE_CODES.GOING_AWAY.code,
        });
      }
      const { receive, pong, ended } = attach(socket, request, result, slot.release);
      Object.assign(handle, { sessionId: result.sessionId, receive, pong, ended });
    });
    return handle;
  }

  function attach(
    socket: HostSocket,
    request: Owner,
    session: { sessionId: string; afterSeq: number; headSeq: number },
    release: () => void,
  ): SessionConnection {
    const { fields } = request;
    const userId = request.userId ?? '';
    const { sessionId, afterSeq, headSeq } = session;
    const identity = { userId, sessionId, remoteAddress: fields.remoteAddress };
    const userMeter = userFrameMeters?.acquire(userId);
    const connection = attachSessionConnection({
      socket,
      identity,
      afterSeq,
      headSeq,
      settings,
      userBudget: settings.userRateLimit
        ? {
            limiter: settings.rateLimiter,
            key: `commands:${userId}`,
            limit: settings.userRateLimit,
          }
        : null,
      refusals: logs.forConnection(identity),
      inbound: createInboundGuard({
        socket: settings.frameBudget ? createFrameMeter({ budget: settings.frameBudget }) : null,
        user: userMeter?.meter ?? null,
        refusedFrameLimit: settings.refusedFrameLimit || null,
      }),
      onMessage: options.onMessage,
    });
    connections.add(connection);
    logger.info?.('connected', { ...fields, userId, sessionId, afterSeq });
    void connection.closed.then(() => {
      connections.delete(connection);
      userMeter?.release();
      release();
    });
    return connection;
  }

  async function connect(request: ConnectRequest): Promise<ConnectDecision> {
    const fields = { remoteAddress: request.remoteAddress, url: redactRequestUrl(request.url) };
    // The anonymous learner's budgets are keyed like a user's.
    const userId = request.userId ?? '';
    if (selectProtocolVersion(request.protocols) === null) {
      const offered = request.protocols.join(',');
      logger.info?.('unsupported protocol', { ...fields, userId, offered });
      const refusal = {
        code: 'UNSUPPORTED_PROTOCOL',
        message: unsupportedProtocolMessage(request.protocols),
        closeCode: CLOSE_CODES.UNSUPPORTED_PROTOCOL.code,
      } as const;
      return { kind: 'upgrade', open: (socket) => refuseNow(socket, refusal), cancel() {} };
    }
    const parsed = parseConnectionRequest(request.url);
    if (!parsed.ok) {
      logger.info?.('bad connection request', { ...fields, userId, reason: parsed.reason });
      return { kind: 'reject', status: 400, reason: parsed.reason };
    }
    const { target } = parsed;
    const slot = await admission.admit({
      userId,
      addressKey: request.addressKey,
      startsSession: target.kind === 'recall-set',
    });
    const owner: Owner = { userId: request.userId, target, fields };
    return {
      kind: 'upgrade',
      open: (socket) => open(socket, owner, slot),
      cancel() {
        if (slot.ok) slot.release();
      },
    };
  }

  return {
    connect,
    connections,
    shutdown() {
      closing = true;
    },
  };
}

function refuseNow(
  socket: HostSocket,
  refusal: Parameters<typeof refuseSocket>[1],
): OpenConnection {
  refuseSocket(socket, refusal);
  return IGNORED_INPUT;
}
