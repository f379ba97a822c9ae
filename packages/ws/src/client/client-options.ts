import type { ProtocolParseError } from '../protocol/parse-result';
import { type ReconnectOptions, resolveReconnectOptions } from './backoff';
import { type ClientStorage, defaultClientStorage } from './persisted-session';
import type { WebSocketLikeConstructor } from './websocket-like';

/** Options for `createRecallClient`. */
export interface RecallClientOptions {
  /** The server's WebSocket URL, e.g. `wss://app.example/ws`. */
  url: string;
  /** Start or resume this set's session. Exactly one of `recallSetId` and `sessionId`. */
  recallSetId?: string;
  /** Attach to this session. */
  sessionId?: string;
  /** Sent as `?token=…` for servers that authenticate that way (prefer cookies or headers). */
  userToken?: string;
  /**
   * Read when connecting, not at construction, so a client can be created where there is
   * none (server rendering); connecting without one ends in connection `closed` with
   * `state.lastError` saying why.
   * @default globalThis.WebSocket (pass `WebSocket` from the `ws` package in Node)
   */
  WebSocket?: WebSocketLikeConstructor;
  /**
   * Keeps the session id, the unacknowledged commands and a dismissed completion overlay
   * across page reloads; `null` disables.
   * @default sessionStorage when available
   */
  storage?: ClientStorage | null;
  /** Backoff between reconnect attempts. */
  reconnect?: ReconnectOptions;
  /** How often to send a protocol `ping` while open. @default 30000 */
  heartbeatIntervalMs?: number;
  /** The link counts as dead when nothing arrives this long after a `ping`. @default 5000 */
  heartbeatTimeoutMs?: number;
  /** A connection attempt that has not opened by then is abandoned and retried. @default 10000 */
  connectTimeoutMs?: number;
  /** Connect at once; otherwise call `connect()`. @default true */
  autoConnect?: boolean;
  /** Source of the reconnect jitter, drawn per attempt (inject for reproducible tests). @default Math.random */
  random?: () => number;
  /**
   * Called with each server frame that is dropped because it is not a valid protocol
   * message (the connection goes on).
   * @default a `console.warn` outside production builds
   */
  onProtocolError?: (error: ProtocolParseError) => void;
}

// The client's type lives with its implementation; re-exported here for existing imports.
export type { RecallClient } from './create-recall-client';

/** Options after defaults and validation. */
export interface ResolvedClientOptions {
  url: string;
  target: { recallSetId: string } | { sessionId: string };
  userToken: string | undefined;
  /** The injected constructor; `undefined` means the global one, looked up on connect. */
  WebSocket: WebSocketLikeConstructor | undefined;
  storage: ClientStorage | null;
  reconnect: ReturnType<typeof resolveReconnectOptions>;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  connectTimeoutMs: number;
  autoConnect: boolean;
  random: () => number;
  onProtocolError: (error: ProtocolParseError) => void;
}

function requirePositive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new TypeError(`createRecallClient: \`${name}\` must be a positive number.`);
  }
  return value;
}

/** Applies defaults and rejects impossible combinations with a `TypeError`. */
export function resolveClientOptions(options: RecallClientOptions): ResolvedClientOptions {
  if (typeof options?.url !== 'string' || options.url.length === 0) {
    throw new TypeError('createRecallClient: `url` is required.');
  }
  const { recallSetId, sessionId } = options;
  if ((recallSetId === undefined) === (sessionId === undefined)) {
    throw new TypeError('createRecallClient: pass exactly one of `recallSetId` and `sessionId`.');
  }
  const target = recallSetId !== undefined ? { recallSetId } : { sessionId: sessionId as string };
  if (('recallSetId' in target ? target.recallSetId : target.sessionId).length === 0) {
    throw new TypeError('createRecallClient: `recallSetId` / `sessionId` must not be empty.');
  }
  return {
    url: options.url,
    target,
    userToken: options.userToken,
    WebSocket: options.WebSocket,
    storage: options.storage === undefined ? defaultClientStorage() : options.storage,
    reconnect: resolveReconnectOptions(options.reconnect),
    heartbeatIntervalMs: requirePositive(
      'heartbeatIntervalMs',
      options.heartbeatIntervalMs ?? 30_000,
    ),
    heartbeatTimeoutMs: requirePositive('heartbeatTimeoutMs', options.heartbeatTimeoutMs ?? 5_000),
    connectTimeoutMs: requirePositive('connectTimeoutMs', options.connectTimeoutMs ?? 10_000),
    autoConnect: options.autoConnect ?? true,
    random: options.random ?? Math.random,
    onProtocolError: options.onProtocolError ?? warnInDevelopment,
  };
}

/** The global WebSocket constructor, if this environment has one. */
export function globalWebSocket(): WebSocketLikeConstructor | undefined {
  return (globalThis as { WebSocket?: WebSocketLikeConstructor }).WebSocket;
}

function warnInDevelopment(error: ProtocolParseError): void {
  if (isProduction()) return;
  console.warn(`[recall/ws] Dropped an invalid server frame (${error.code}): ${error.message}`);
}

function isProduction(): boolean {
  // Bundlers replace `process.env.NODE_ENV`; a browser without one has no `process`.
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}
