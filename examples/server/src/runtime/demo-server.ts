import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRecallEngine,
  type EngineConfig,
  type LLMAdapter,
  type SessionEvent,
  type StorageAdapter,
  withSpendGuard,
} from '@recall/core';
import { formatSessionLog } from '@recall/core/storage/log';
import type { TranscriptionAdapter } from '@recall/core/voice';
import {
  type AllowedHosts,
  createRecallServer,
  LOOPBACK_HOSTS,
  type RateLimitBudget,
} from '@recall/ws/server';
import { createApiHandler } from '../http/api-routes';
import { createDemoIdentity } from '../http/demo-identity';
import { createRequestHandler } from '../http/request-handler';
import { loadSeedData } from '../seed/seed-data';
import { isLoopbackHost } from './loopback';
import { withVoiceRoute } from './voice';

/** Options for {@link startDemoServer}. */
export interface DemoServerOptions {
  storage: StorageAdapter;
  llm: LLMAdapter;
  /**
   * Daily ceilings of estimated model spend (see `EngineConfig.dailyBudgetUsd`), for the
   * tutor, the judges and the voice pipeline alike. @default {} (none)
   */
  dailyBudgetUsd?: EngineConfig['dailyBudgetUsd'];
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /**
   * Host names browsers use to reach the demo, checked on every request and upgrade (DNS
   * rebinding). Required when `host` is not a loopback address.
   * @default the loopback names, when `host` is a loopback address
   */
  allowedHosts?: AllowedHosts;
  /**
   * Mark the identity cookie `Secure` — behind a proxy that terminates TLS. Over a direct TLS
   * connection it is marked anyway. @default false
   */
  secureCookies?: boolean;
  /** The built React app, or null to serve only the API, media and WebSocket. */
  appDir: string | null;
  /** The seed images, served under `/media/`. */
  mediaDir: string;
  /** Serialises an event log for `GET /api/sessions/:id/events`. @default formatSessionLog */
  exportEvents?: (events: readonly SessionEvent[]) => string;
  /** Speech-to-text for `/api/transcribe`; without it the app hides the microphone. */
  transcription?: TranscriptionAdapter;
  /** Where unexpected errors go. @default console.error */
  onError?: (error: unknown) => void;
  /** @default Date.now */
  clock?: () => number;
  /**
   * The key learner cookies are signed with (32+ bytes): the same on every node sharing a
   * database. @default random, for this process only
   */
  cookieKey?: Buffer;
  /**
   * New learners one remote address may be issued: `burst` at once, then `refillPerSecond`;
   * `false` for no limit. @default { burst: 60, refillPerSecond: 1 }
   */
  newLearnerBudget?: RateLimitBudget | false;
}

/** A running demo server. */
export interface DemoServer {
  /** The address to open in a browser, e.g. `http://127.0.0.1:8787/`. */
  url: string;
  port: number;
  /** Ids of the seed sets saved on this start: new or edited seeds (empty when all were stored). */
  seeded: string[];
  /** Stops accepting, lets in-flight turns finish or marks them interrupted, closes storage. */
  close(): Promise<void>;
}

/**
 * Puts the packages together the way a host app would: a plain `node:http` server, the
 * engine over the given storage and model, `@recall/ws/server` on `/ws`, plus the demo's JSON
 * API, images and built app.
 */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const clock = options.clock ?? Date.now;
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? defaultAllowedHosts(host);
  const seeded = await loadSeedData(options.storage, { now: clock() });
  // Each browser is its own anonymous learner, from a signed cookie set on its first request.
  const identity = createDemoIdentity({
    key: options.cookieKey ?? randomBytes(32),
    secure: options.secureCookies === true ? true : 'auto',
    hasData: async (userId) => (await options.storage.listSessions({ userId })).length > 0,
    ...(options.newLearnerBudget === undefined
      ? {}
      : { newLearnerBudget: options.newLearnerBudget }),
  });
  const config = { dailyBudgetUsd: options.dailyBudgetUsd ?? {} };
  const engine = createRecallEngine({ storage: options.storage, llm: options.llm, clock, config });
  const api = createApiHandler({
    storage: options.storage,
    clock,
    exportEvents: options.exportEvents ?? formatSessionLog,
    onError,
  });
  const httpServer = createServer(
    {
      // This server is ours, so its deadlines are too: headers within 10 s (checked every
      // second, not every 30), a whole request (a voice upload) within 30 s.
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1_000,
    },
    createRequestHandler({
      api: withVoiceRoute(api, {
        storage: options.storage,
        // The engine guards its own calls; the voice pipeline's count against the same budgets.
        llm: withSpendGuard(options.llm, { storage: options.storage, config, clock }),
        identity,
        transcription: options.transcription,
      }),
      identity,
      allowedHosts,
      appDir: options.appDir,
      mediaDir: options.mediaDir,
      onError,
    }),
  );
  const recall = createRecallServer({
    engine,
    storage: options.storage,
    server: httpServer,
    allowedHosts,
    // The browser's anonymous user; no cookie signed by this server → 401, in memory,
    // before the upgrade completes. A real app verifies its own session cookie or token here.
    // The library's budgets of new sessions (per learner, then per address) apply on top.
    authenticate: (request) => {
      const userId = identity.read(request);
      return userId === null ? null : { userId };
    },
  });
  // Every socket counts, WebSocket or not: the same cap as the WebSocket server's default.
  httpServer.maxConnections = 10_000;
  httpServer.listen(options.port ?? 0, host);
  await once(httpServer, 'listening');
  const { port } = httpServer.address() as AddressInfo;
  const shownHost = addressToShow(host, allowedHosts);
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`,
    port,
    seeded,
    close() {
      closing ??= (async () => {
        await recall.close();
        await new Promise<void>((done) => {
          httpServer.close(() => done());
          httpServer.closeAllConnections();
        });
        await options.storage.close();
      })();
      return closing;
    },
  };
}

/** Loopback names for a loopback bind; any other address must name its hosts. */
function defaultAllowedHosts(host: string): AllowedHosts {
  if (isLoopbackHost(host)) return LOOPBACK_HOSTS;
  throw new TypeError(
    `startDemoServer: listening on ${host}, pass \`allowedHosts\` with the host names browsers use.`,
  );
}

/** The host of the URL to print: the bind address, or for a wildcard bind a name it answers. */
function addressToShow(host: string, allowedHosts: AllowedHosts): string {
  if (host !== '0.0.0.0' && host !== '::') return host;
  const named =
    allowedHosts === 'any'
      ? undefined
      : allowedHosts.find((entry) => !entry.startsWith('.') && !/:\d+$/.test(entry));
  return named ?? 'localhost';
}
