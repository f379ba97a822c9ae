import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRecallEngine,
  type LLMAdapter,
  type SessionEvent,
  type StorageAdapter,
} from '@recall/core';
import { formatSessionLog } from '@recall/core/storage/log';
import type { TranscriptionAdapter } from '@recall/core/voice';
import { createRecallServer } from '@recall/ws/server';
import { createApiHandler } from '../http/api-routes';
import { createRequestHandler } from '../http/request-handler';
import { loadSeedData } from '../seed/seed-data';
import { withVoiceRoute } from './voice';

/** Everybody who opens the demo is this one user: the demo has no sign-in. */
export const DEMO_USER_ID = 'demo-user';

/** Options for {@link startDemoServer}. */
export interface DemoServerOptions {
  storage: StorageAdapter;
  llm: LLMAdapter;
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
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
}

/** A running demo server. */
export interface DemoServer {
  /** The address to open in a browser, e.g. `http://127.0.0.1:8787/`. */
  url: string;
  port: number;
  /** Ids of the seed sets saved on this start (empty when they were already there). */
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
  const seeded = await loadSeedData(options.storage, { now: clock() });
  const engine = createRecallEngine({ storage: options.storage, llm: options.llm, clock });
  const api = createApiHandler({
    storage: options.storage,
    userId: DEMO_USER_ID,
    clock,
    exportEvents: options.exportEvents ?? formatSessionLog,
    onError,
  });
  const httpServer = createServer(
    createRequestHandler({
      api: withVoiceRoute(api, {
        storage: options.storage,
        llm: options.llm,
        userId: DEMO_USER_ID,
        transcription: options.transcription,
      }),
      appDir: options.appDir,
      mediaDir: options.mediaDir,
      onError,
    }),
  );
  const recall = createRecallServer({
    engine,
    storage: options.storage,
    server: httpServer,
    // The fixed demo user. A real app verifies a cookie or token here and returns null
    // (→ 401) when there is none.
    authenticate: () => ({ userId: DEMO_USER_ID }),
  });
  httpServer.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(httpServer, 'listening');
  const { port } = httpServer.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
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
