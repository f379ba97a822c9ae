import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStorage } from '@recall/core';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';
import type { RecallServerOptions, RecallServerRoutedOptions } from '../src/server/server-options';
import { createTestClient, waitForSnapshot } from './harness/client-helpers';
import { createFeedEngine } from './harness/feed-engine';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, upgradeStatus } from './harness/raw-client';
import { authenticateTestUser, createRecordingLogger } from './harness/test-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function baseOptions(): RecallServerRoutedOptions {
  const storage = createMemoryStorage();
  return {
    storage,
    engine: createFeedEngine(storage),
    authenticate: authenticateTestUser,
    // Attached to the tests' own loopback servers.
    allowedHosts: ['127.0.0.1'],
    logger: {},
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

describe('createRecallServer options', () => {
  test('attached or routed without allowedHosts is a type error (and still a TypeError)', () => {
    const { allowedHosts: _hosts, ...withoutHosts } = baseOptions();
    const server = createServer();
    // @ts-expect-error attached to your server: `allowedHosts` is required
    expect(() => createRecallServer({ ...withoutHosts, server })).toThrow(/allowedHosts/);
    // @ts-expect-error routed through `handleUpgrade`: `allowedHosts` is required
    expect(() => createRecallServer({ ...withoutHosts })).toThrow(/allowedHosts/);
    // @ts-expect-error `server` and `port` together
    expect(() => createRecallServer({ ...baseOptions(), server, port: 0 })).toThrow(TypeError);
    // Listening on loopback needs no hosts: they default to the loopback names.
    const listening = createRecallServer({ ...withoutHosts, port: 0 });
    cleanups.push(() => listening.close());
  });

  test('impossible combinations throw a TypeError at construction', () => {
    const base = baseOptions();
    const { engine: _engine, ...withoutEngine } = base;
    const cases: Array<Record<string, unknown>> = [
      { engineFactory: () => base.engine! },
      { server: createServer(), port: 0 },
      { host: '0.0.0.0' },
      { path: 'ws' },
      { maxPayload: 0 },
      { maxPayload: 1_000, maxContentLength: 2_000 },
      { maxContentLength: 1.5 },
      { rateLimit: { burst: 0 } },
      { rateLimit: { refillPerSecond: 0 } },
      { userRateLimit: { burst: 0 } },
      { userRateLimit: { refillPerSecond: -1 } },
      { connectionRateLimit: { burst: -1 } },
      { maxSocketsPerUser: 0 },
      { heartbeatIntervalMs: -1 },
      { maxBufferedBytes: 0 },
      { allowedOrigins: ['https://*.example'] },
      { allowedHosts: [] },
      { allowedHosts: ['*.example.com'] },
      { allowedHosts: ['https://app.example'] },
      { allowedHosts: ['app.example:port'] },

      { port: 70_000 * 1.5 },
    ];
    for (const overrides of cases) {
      expect(
        () => createRecallServer({ ...base, ...overrides } as RecallServerOptions),
        JSON.stringify(Object.keys(overrides)),
      ).toThrow(TypeError);
    }
    expect(() => createRecallServer(withoutEngine as RecallServerOptions)).toThrow(TypeError);
    // Attached, or listening publicly, without naming the hosts clients use.
    const { allowedHosts: _hosts, ...withoutHosts } = base;
    for (const overrides of [{}, { server: createServer() }, { port: 0, host: '0.0.0.0' }]) {
      expect(() =>
        createRecallServer({ ...withoutHosts, ...overrides } as RecallServerOptions),
      ).toThrow(/allowedHosts/);
    }
    expect(() => createRecallServer({ ...base, authenticate: undefined as never })).toThrow(
      TypeError,
    );
  });

  test('engineFactory builds the engine over the given storage', async () => {
    const storage = createMemoryStorage();
    await storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    let given: unknown;
    const server = createRecallServer({
      storage,
      engineFactory: (context) => {
        given = context.storage;
        return createFeedEngine(context.storage);
      },
      authenticate: authenticateTestUser,
      port: 0,
      logger: {},
    });
    cleanups.push(() => server.close());
    await server.ready;
    expect(given).toBe(storage);
    const client = await openRawClient(
      `ws://127.0.0.1:${server.address()?.port}/ws?recallSetId=shared&token=token-alice`,
    );
    await client.waitForEvent('session_started');
    client.close();
  });
});

describe('attaching to an existing HTTP server', () => {
  test('handles only its path; other upgrade listeners and plain HTTP keep working', async () => {
    const options = baseOptions();
    await options.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const httpServer = createServer((_request, response) => response.end('app'));
    const other = new WebSocketServer({ noServer: true });
    httpServer.on('upgrade', (request, socket, head) => {
      if (request.url?.startsWith('/hmr')) {
        other.handleUpgrade(request, socket, head, (webSocket) => webSocket.send('hmr'));
      }
    });
    const recall = createRecallServer({ ...options, server: httpServer, path: '/recall' });
    cleanups.push(() => recall.close());
    const port = await listen(httpServer);
    expect(recall.address()?.port).toBe(port);

    const client = await openRawClient(
      `ws://127.0.0.1:${port}/recall?recallSetId=shared&token=token-alice`,
    );
    await client.waitForEvent('session_started');
    const hmr = new WebSocket(`ws://127.0.0.1:${port}/hmr`);
    expect(
      await new Promise((resolve) => hmr.once('message', (data) => resolve(String(data)))),
    ).toBe('hmr');
    hmr.close();
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('app');
    client.close();
  });

  test('during shutdown an attached server answers upgrades with 503 and closes sockets with 1001', async () => {
    const options = baseOptions();
    await options.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    let releaseEngine!: () => void;
    const engineClosed = new Promise<void>((resolve) => {
      releaseEngine = resolve;
    });
    const httpServer = createServer();
    const recall = createRecallServer({
      ...options,
      engine: { ...options.engine!, close: () => engineClosed },
      server: httpServer,
    });
    const port = await listen(httpServer);
    const client = await openRawClient(
      `ws://127.0.0.1:${port}/ws?recallSetId=shared&token=token-alice`,
    );
    await client.waitForEvent('session_started');
    const closing = recall.close();
    expect(
      await upgradeStatus(`ws://127.0.0.1:${port}/ws?recallSetId=shared&token=token-alice`),
    ).toBe(503);
    releaseEngine();
    await closing;
    expect((await client.closed).code).toBe(CLOSE_CODES.GOING_AWAY.code);
    expect(httpServer.listening).toBe(true);
  });

  test('noServer mode: the application routes upgrades to handleUpgrade', async () => {
    const options = baseOptions();
    await options.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const recall: RecallServer = createRecallServer(options);
    cleanups.push(() => recall.close());
    expect(recall.address()).toBeNull();
    const httpServer = createServer();
    httpServer.on('upgrade', (request, socket, head) =>
      recall.handleUpgrade(request, socket, head),
    );
    const port = await listen(httpServer);
    const client = await openRawClient(
      `ws://127.0.0.1:${port}/anything?recallSetId=shared&token=token-alice`,
    );
    await client.waitForEvent('session_started');
    client.close();
  });
});

describe('connection flood (X15)', () => {
  test('too many connects by one user are refused with RATE_LIMITED; the client retries on its slow tier', async () => {
    const options = baseOptions();
    await options.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const logger = createRecordingLogger();
    const recall = createRecallServer({
      ...options,
      port: 0,
      logger,
      connectionRateLimit: { burst: 2, refillPerSecond: 2 },
    });
    cleanups.push(() => recall.close());
    await recall.ready;
    const url = `ws://127.0.0.1:${recall.address()?.port}/ws?recallSetId=shared&token=token-alice`;
    const first = await openRawClient(url);
    const second = await openRawClient(url);
    const third = await openRawClient(url);
    expect((await third.closed).code).toBe(CLOSE_CODES.RATE_LIMITED.code);
    expect(third.messages[0]).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterMs: expect.any(Number),
    });
    const bob = await openRawClient(url.replace('token-alice', 'token-bob'));
    await bob.waitForEvent('session_started');
    for (const client of [first, second, bob]) client.close();

    // A client refused this way waits at least the server's retryAfterMs (slow tier) before retrying.
    const connects: number[] = [];
    class TimedWebSocket extends WebSocket {
      constructor(address: string, protocols?: string[]) {
        super(address, protocols);
        connects.push(Date.now());
      }
    }
    const client = createTestClient({
      url: `ws://127.0.0.1:${recall.address()?.port}/ws`,
      recallSetId: 'shared',
      userToken: 'token-alice',
      WebSocket: TimedWebSocket,
      reconnect: { initialDelayMs: 5, maxDelayMs: 10 },
    });
    cleanups.push(() => client.close());
    await waitForSnapshot(client, (snapshot) => snapshot.status === 'active');
    expect(connects.length).toBeGreaterThanOrEqual(2);
    expect((connects[1] ?? 0) - (connects[0] ?? 0)).toBeGreaterThanOrEqual(250);
    expect(
      logger.entries.some((entry) => entry.fields.reason === 'too many connection attempts'),
    ).toBe(true);
  });
});
