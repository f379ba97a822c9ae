import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { StorageAdapter } from '@recall/core';
import {
  type ConnectionLimitOptions,
  type ConnectionSettings,
  requirePositiveInteger,
  resolveConnectionLimits,
} from '../connection/connection-options';
import type { RecallServerEngine } from './engine-port';
import type { RecallServerOptions } from './server-modes';
import { type AllowedHosts, resolveAllowedHosts } from './host-check';
import { consoleLogger, type RecallServerLogger } from './logger';
import type { ServerLimitOptions } from './server-limits';

/** Who is connecting, as established by {@link RecallServerOptions.authenticate}. */
export interface AuthenticatedUser {
  userId: string;
}

export type { RateLimitOptions } from '../connection/connection-options';

export type {
  RecallServerAttachOptions,
  RecallServerListenOptions,
  RecallServerOptions,
  RecallServerRoutedOptions,
} from './server-modes';

/** The options every mode of `createRecallServer` shares. */
export interface RecallServerBaseOptions extends ServerLimitOptions, ConnectionLimitOptions {
  /** The engine that runs the sessions. Exactly one of `engine` and `engineFactory`. */
  engine?: RecallServerEngine;
  /** Builds the engine over `storage` once, at construction. */
  engineFactory?: (context: { storage: StorageAdapter }) => RecallServerEngine;
  /** The engine's storage; the server reads session and set owners from it. */
  storage: StorageAdapter;
  /**
   * Establishes the user from the HTTP upgrade request (cookie, header or `?token=`).
   * `null` answers `401` before any WebSocket exists.
   */
  authenticate: (
    request: IncomingMessage,
  ) => AuthenticatedUser | null | Promise<AuthenticatedUser | null>;
  /** Only upgrades to this path are handled. @default '/ws' */
  path?: string;
  /**
   * Host names clients use to reach this server, checked against the `Host` header of every
   * upgrade before anything else (DNS-rebinding defence): `'app.example'` (any port),
   * `'app.example:8443'`, `'.example.com'` (the domain and its subdomains), or `'any'` when a
   * proxy in front already checks `Host`. Refused upgrades get `403`. Export
   * {@link isHostAllowed} to apply the same check to your own routes.
   *
   * Default: when Recall listens itself (`port`) on a loopback address, the loopback names
   * (`localhost`, `127.0.0.1`, `[::1]`). Attached to your server (`server`, or neither
   * `server` nor `port`) or listening on a public address, name your public hosts: without
   * `allowedHosts` the constructor throws a `TypeError`.
   */
  allowedHosts?: AllowedHosts;
  /**
   * Exact `Origin` values allowed to connect (e.g. `['https://app.example']`), or `'any'`.
   * By default a browser `Origin` must match the request's `Host` (itself checked against
   * `allowedHosts`, so a rebound name cannot pass as "same host"); a request without `Origin`
   * (a non-browser client) is always allowed, since cross-site hijacking needs a browser.
   * @default 'same-host'
   */
  allowedOrigins?: readonly string[] | 'same-host' | 'any';
  /**
   * Sockets this server holds at once, over all users: open WebSockets plus upgrades in
   * progress. Past it an upgrade is answered `503`; on the server Recall creates (`port`) it
   * is also the TCP connection cap (`server.maxConnections`). Size it to your memory: an idle
   * session costs tens of KB. @default 10000
   */
  maxConnections?: number;
  /**
   * Deadline for an upgrade Recall handles to become a WebSocket (authenticate, handshake;
   * the session is looked up or started after the handshake, on the open socket); past it the request is answered `408` and the socket dropped. On the
   * server Recall creates it is also `headersTimeout` and `requestTimeout`, checked every
   * second, so slowloris sockets are dropped after it. Attached to your server, set those
   * yourself (see the README: `headersTimeout`, `requestTimeout`, `maxConnections`).
   * @default 10000
   */
  upgradeTimeoutMs?: number;
  /** Interval of protocol pings; a peer that misses one is terminated. 0 disables. @default 30000 */
  heartbeatIntervalMs?: number;
  /** @default warnings and errors to the console */
  logger?: RecallServerLogger;
  /**
   * Keeps floods out of the log: refused frames are logged at most once per connection per
   * `intervalMs` (the first at once, then one line with a `count`), and the whole server
   * writes at most `maxLinesPerInterval` lines per interval (then one `log lines suppressed`
   * line with the count). @default { intervalMs: 10000, maxLinesPerInterval: 100 }
   */
  logLimits?: { intervalMs?: number; maxLinesPerInterval?: number };
}

/** Options after defaults and validation. */
export interface ResolvedServerOptions extends ConnectionSettings {
  engine: RecallServerEngine;
  storage: StorageAdapter;
  authenticate: RecallServerOptions['authenticate'];
  path: string;
  server: HttpServer | undefined;
  port: number | undefined;
  host: string;
  allowedHosts: AllowedHosts;
  allowedOrigins: readonly string[] | 'same-host' | 'any';
  maxConnections: number;
  upgradeTimeoutMs: number;
  heartbeatIntervalMs: number;
  logger: RecallServerLogger;
  logLimits: { intervalMs: number; maxLinesPerInterval: number };
}

const DEFAULTS = {
  path: '/ws',
  host: '127.0.0.1',
  allowedOrigins: 'same-host',
  maxConnections: 10_000,
  upgradeTimeoutMs: 10_000,
  heartbeatIntervalMs: 30_000,
  logLimits: { intervalMs: 10_000, maxLinesPerInterval: 100 },
} as const;

/** Applies defaults and rejects impossible combinations with a `TypeError`. */
export function resolveServerOptions(options: RecallServerOptions): ResolvedServerOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createRecallServer: options are required.');
  }
  if ((options.engine === undefined) === (options.engineFactory === undefined)) {
    throw new TypeError('createRecallServer: pass exactly one of `engine` and `engineFactory`.');
  }
  if (options.storage === undefined) {
    throw new TypeError('createRecallServer: `storage` is required.');
  }
  if (typeof options.authenticate !== 'function') {
    throw new TypeError('createRecallServer: `authenticate` must be a function.');
  }
  if (options.server !== undefined && options.port !== undefined) {
    throw new TypeError('createRecallServer: pass `server` or `port`, not both.');
  }
  if (options.host !== undefined && options.port === undefined) {
    throw new TypeError('createRecallServer: `host` only applies together with `port`.');
  }
  const path = options.path ?? DEFAULTS.path;
  if (!path.startsWith('/')) {
    throw new TypeError(`createRecallServer: \`path\` must start with "/", got "${path}".`);
  }
  if (options.port !== undefined) {
    requirePositiveInteger('port', options.port, true);
    if (options.port > 65_535)
      throw new TypeError('createRecallServer: `port` must be at most 65535.');
  }
  const limits = resolveConnectionLimits(options);
  const maxConnections = options.maxConnections ?? DEFAULTS.maxConnections;
  requirePositiveInteger('maxConnections', maxConnections);
  const upgradeTimeoutMs = options.upgradeTimeoutMs ?? DEFAULTS.upgradeTimeoutMs;
  requirePositiveInteger('upgradeTimeoutMs', upgradeTimeoutMs);
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? DEFAULTS.heartbeatIntervalMs;
  requirePositiveInteger('heartbeatIntervalMs', heartbeatIntervalMs, true);
  const allowedOrigins = options.allowedOrigins ?? DEFAULTS.allowedOrigins;
  if (Array.isArray(allowedOrigins) && allowedOrigins.some((origin) => origin.includes('*'))) {
    throw new TypeError(
      'createRecallServer: `allowedOrigins` are matched exactly; wildcards are not supported.',
    );
  }
  const allowedHosts = resolveAllowedHosts({
    allowedHosts: options.allowedHosts,
    port: options.port,
    host: options.host ?? DEFAULTS.host,
  });
  const logLimits = { ...DEFAULTS.logLimits, ...options.logLimits };
  requirePositiveInteger('logLimits.intervalMs', logLimits.intervalMs);
  requirePositiveInteger('logLimits.maxLinesPerInterval', logLimits.maxLinesPerInterval);

  const engine = options.engine ?? options.engineFactory?.({ storage: options.storage });
  if (engine === undefined) {
    throw new TypeError('createRecallServer: `engineFactory` returned no engine.');
  }
  return {
    ...limits,
    engine,
    storage: options.storage,
    authenticate: options.authenticate,
    path,
    server: options.server,
    port: options.port,
    host: options.host ?? DEFAULTS.host,
    allowedHosts,
    allowedOrigins,
    maxConnections,
    upgradeTimeoutMs,
    heartbeatIntervalMs,
    logger: options.logger ?? consoleLogger,
    logLimits,
  };
}
