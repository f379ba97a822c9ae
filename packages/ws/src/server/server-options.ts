import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { StorageAdapter } from '@recall/core';
import { DEFAULT_MAX_CLIENT_FRAME_BYTES, DEFAULT_MAX_CONTENT_LENGTH } from '../protocol/limits';
import type { RecallServerEngine } from './engine-port';
import type { RecallServerOptions } from './server-modes';
import { type AllowedHosts, resolveAllowedHosts } from './host-check';
import { consoleLogger, type RecallServerLogger } from './logger';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter';
import {
  type ResolvedServerLimits,
  resolveServerLimits,
  type ServerLimitOptions,
} from './server-limits';

/** Who is connecting, as established by {@link RecallServerOptions.authenticate}. */
export interface AuthenticatedUser {
  userId: string;
}

/** A command or connection rate limit (a token bucket). */
export interface RateLimitOptions {
  /** Commands accepted at once. @default 10 */
  burst?: number;
  /** Commands added back per second. @default 5 */
  refillPerSecond?: number;
}

export type {
  RecallServerAttachOptions,
  RecallServerListenOptions,
  RecallServerOptions,
  RecallServerRoutedOptions,
} from './server-modes';

/** The options every mode of `createRecallServer` shares. */
export interface RecallServerBaseOptions extends ServerLimitOptions {
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
   * Largest frame in bytes; `ws` closes with 1009 above it. The default fits the largest
   * legitimate frame (8,000 characters of 3-byte UTF-8 text, about 24.2 KB) with a third to
   * spare; when `maxContentLength` is raised it grows to `3 × maxContentLength + 1024`.
   * @default 32768
   */
  maxPayload?: number;
  /** Largest `user_message.content` in characters. @default 8000 */
  maxContentLength?: number;
  /** Per-connection command rate limit, or `false` for none. @default { burst: 10, refillPerSecond: 5 } */
  rateLimit?: RateLimitOptions | false;
  /**
   * Command rate limit per user, shared by all of that user's sockets (so opening more
   * sockets buys no more budget), or `false` for none. Applies on top of `rateLimit`; a
   * command must fit both. Kept by `rateLimiter`: per node by default, so with N nodes a user
   * gets N budgets unless every node is given one shared limiter.
   * @default { burst: 20, refillPerSecond: 5 }
   */
  userRateLimit?: RateLimitOptions | false;
  /**
   * Where the per-user budgets (`userRateLimit`, `connectionRateLimit`) are kept, under the
   * keys `commands:<userId>` and `connections:<userId>`. Pass one limiter backed by a shared
   * store to every node (and to `createTranscribeHandler`) to give each user one budget
   * across the cluster. `rateLimit` (per socket) and `maxSocketsPerUser` stay per node.
   * @default createMemoryRateLimiter() — budgets in this process
   */
  rateLimiter?: RateLimiter;
  /** Open sockets allowed per user. @default 16 */
  maxSocketsPerUser?: number;
  /**
   * New connections per user (a reconnect flood is refused with the `RATE_LIMITED` close
   * code, which clients retry on their slow tier), or `false` for none.
   * @default { burst: 30, refillPerSecond: 1 }
   */
  connectionRateLimit?: RateLimitOptions | false;
  /**
   * Sockets this server holds at once, over all users: open WebSockets plus upgrades in
   * progress. Past it an upgrade is answered `503`; on the server Recall creates (`port`) it
   * is also the TCP connection cap (`server.maxConnections`). Size it to your memory: an idle
   * session costs tens of KB. @default 10000
   */
  maxConnections?: number;
  /**
   * Deadline for an upgrade Recall handles to become a WebSocket (authenticate, session
   * lookup, handshake); past it the request is answered `408` and the socket dropped. On the
   * server Recall creates it is also `headersTimeout` and `requestTimeout`, checked every
   * second, so slowloris sockets are dropped after it. Attached to your server, set those
   * yourself (see the README: `headersTimeout`, `requestTimeout`, `maxConnections`).
   * @default 10000
   */
  upgradeTimeoutMs?: number;
  /** Interval of protocol pings; a peer that misses one is terminated. 0 disables. @default 30000 */
  heartbeatIntervalMs?: number;
  /** A socket whose send buffer would exceed this is closed as a slow consumer. @default 1048576 */
  maxBufferedBytes?: number;
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
export interface ResolvedServerOptions extends ResolvedServerLimits {
  engine: RecallServerEngine;
  storage: StorageAdapter;
  authenticate: RecallServerOptions['authenticate'];
  path: string;
  server: HttpServer | undefined;
  port: number | undefined;
  host: string;
  allowedHosts: AllowedHosts;
  allowedOrigins: readonly string[] | 'same-host' | 'any';
  maxPayload: number;
  maxContentLength: number;
  rateLimit: Required<RateLimitOptions> | false;
  userRateLimit: Required<RateLimitOptions> | false;
  maxSocketsPerUser: number;
  connectionRateLimit: Required<RateLimitOptions> | false;
  rateLimiter: RateLimiter;
  maxConnections: number;
  upgradeTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxBufferedBytes: number;
  logger: RecallServerLogger;
  logLimits: { intervalMs: number; maxLinesPerInterval: number };
}

const DEFAULTS = {
  path: '/ws',
  host: '127.0.0.1',
  allowedOrigins: 'same-host',
  maxPayload: DEFAULT_MAX_CLIENT_FRAME_BYTES,
  maxContentLength: DEFAULT_MAX_CONTENT_LENGTH,
  rateLimit: { burst: 10, refillPerSecond: 5 },
  userRateLimit: { burst: 20, refillPerSecond: 5 },
  maxSocketsPerUser: 16,
  connectionRateLimit: { burst: 30, refillPerSecond: 1 },
  maxConnections: 10_000,
  upgradeTimeoutMs: 10_000,
  heartbeatIntervalMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  logLimits: { intervalMs: 10_000, maxLinesPerInterval: 100 },
} as const;

function requirePositiveInteger(name: string, value: number, allowZero = false): void {
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0)) {
    throw new TypeError(
      `createRecallServer: \`${name}\` must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${String(value)}.`,
    );
  }
}

function resolveRateLimit(
  name: string,
  value: RateLimitOptions | false | undefined,
  defaults: Required<RateLimitOptions>,
): Required<RateLimitOptions> | false {
  if (value === false) return false;
  const resolved = { ...defaults, ...value };
  requirePositiveInteger(`${name}.burst`, resolved.burst);
  if (!(resolved.refillPerSecond > 0)) {
    throw new TypeError(`createRecallServer: \`${name}.refillPerSecond\` must be positive.`);
  }
  return resolved;
}

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
  const maxContentLength = options.maxContentLength ?? DEFAULTS.maxContentLength;
  requirePositiveInteger('maxContentLength', maxContentLength);
  const maxPayload =
    options.maxPayload ?? Math.max(DEFAULTS.maxPayload, 3 * maxContentLength + 1024);
  requirePositiveInteger('maxPayload', maxPayload);
  if (maxContentLength > maxPayload) {
    throw new TypeError(
      `createRecallServer: \`maxContentLength\` (${maxContentLength}) cannot exceed \`maxPayload\` (${maxPayload}).`,
    );
  }
  const rateLimit = resolveRateLimit('rateLimit', options.rateLimit, DEFAULTS.rateLimit);
  const userRateLimit = resolveRateLimit(
    'userRateLimit',
    options.userRateLimit,
    DEFAULTS.userRateLimit,
  );
  const connectionRateLimit = resolveRateLimit(
    'connectionRateLimit',
    options.connectionRateLimit,
    DEFAULTS.connectionRateLimit,
  );
  const maxSocketsPerUser = options.maxSocketsPerUser ?? DEFAULTS.maxSocketsPerUser;
  requirePositiveInteger('maxSocketsPerUser', maxSocketsPerUser);
  const maxConnections = options.maxConnections ?? DEFAULTS.maxConnections;
  requirePositiveInteger('maxConnections', maxConnections);
  const upgradeTimeoutMs = options.upgradeTimeoutMs ?? DEFAULTS.upgradeTimeoutMs;
  requirePositiveInteger('upgradeTimeoutMs', upgradeTimeoutMs);
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? DEFAULTS.heartbeatIntervalMs;
  requirePositiveInteger('heartbeatIntervalMs', heartbeatIntervalMs, true);
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULTS.maxBufferedBytes;
  requirePositiveInteger('maxBufferedBytes', maxBufferedBytes);
  const allowedOrigins = options.allowedOrigins ?? DEFAULTS.allowedOrigins;
  if (Array.isArray(allowedOrigins) && allowedOrigins.some((origin) => origin.includes('*'))) {
    throw new TypeError(
      'createRecallServer: `allowedOrigins` are matched exactly; wildcards are not supported.',
    );
  }

  if (options.rateLimiter !== undefined && typeof options.rateLimiter?.take !== 'function') {
    throw new TypeError('createRecallServer: `rateLimiter` must have a `take` method.');
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
    ...resolveServerLimits(options, maxPayload),
    engine,
    storage: options.storage,
    authenticate: options.authenticate,
    path,
    server: options.server,
    port: options.port,
    host: options.host ?? DEFAULTS.host,
    allowedHosts,
    allowedOrigins,
    maxPayload,
    maxContentLength,
    rateLimit,
    userRateLimit,
    maxSocketsPerUser,
    connectionRateLimit,
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    maxConnections,
    upgradeTimeoutMs,
    heartbeatIntervalMs,
    maxBufferedBytes,
    logger: options.logger ?? consoleLogger,
    logLimits,
  };
}
