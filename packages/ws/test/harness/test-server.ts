import type { IncomingMessage } from 'node:http';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { createRecallServer, type RecallServer } from '../../src/server/create-recall-server';
import type { LogFields, RecallServerLogger } from '../../src/server/logger';
import type { RecallServerListenOptions } from '../../src/server/server-options';
import { createFeedEngine, type FeedEngine } from './feed-engine';

/** Tokens the test servers accept, and whose user each belongs to. */
export const TEST_TOKENS: Readonly<Record<string, string>> = {
  'token-alice': 'alice',
  'token-bob': 'bob',
  'token-carol': 'carol',
};

/** Reads `Authorization: Bearer <token>` or `?token=<token>`. */
export function authenticateTestUser(request: IncomingMessage): { userId: string } | null {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ')
    ? header.slice('Bearer '.length)
    : new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
  const userId = token === null || token === undefined ? undefined : TEST_TOKENS[token];
  return userId === undefined ? null : { userId };
}

/** One recorded log entry. */
export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields;
}

/** A logger that records entries for assertions. */
export function createRecordingLogger(): RecallServerLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (message: string, fields: LogFields = {}) => {
      entries.push({ level, message, fields });
    };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}

/** A server on port 0 with its storage, engine and recorded logs. */
export interface TestServer {
  readonly server: RecallServer;
  readonly port: number;
  readonly storage: StorageAdapter;
  readonly engine: FeedEngine | RecallServerListenOptions['engine'];
  readonly logs: LogEntry[];
  /** `ws://127.0.0.1:<port>/ws?<query>` */
  url(query: Record<string, string | number>): string;
  close(): Promise<void>;
}

/** Starts a server on port 0 (by default over memory storage and a {@link FeedEngine}). */
export async function startTestServer(
  options: Partial<RecallServerListenOptions> = {},
): Promise<TestServer & { feed: FeedEngine | null }> {
  const storage = options.storage ?? createMemoryStorage();
  const feed =
    options.engine === undefined && options.engineFactory === undefined
      ? createFeedEngine(storage)
      : null;
  const logger = createRecordingLogger();
  const server = createRecallServer({
    authenticate: authenticateTestUser,
    logger,
    ...options,
    ...(feed === null ? {} : { engine: feed }),
    storage,
    port: 0,
  });
  await server.ready;
  const port = server.address()?.port ?? 0;
  return {
    server,
    port,
    storage,
    engine: feed ?? options.engine,
    feed,
    logs: logger.entries,
    url(query) {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)]),
      );
      return `ws://127.0.0.1:${port}/ws?${search.toString()}`;
    },
    close: () => server.close(),
  };
}
