import { createServer, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createMemoryStorage } from '@recall/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';
import { createFeedEngine } from './harness/feed-engine';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, upgradeStatus } from './harness/raw-client';
import { authenticateTestUser, startTestServer } from './harness/test-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A socket that sends an upgrade request's headers one line at a time, never finishing. */
function slowloris(port: number): Promise<{ socket: Socket; closedAt: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /ws?recallSetId=shared HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const drip = setInterval(() => socket.write(`X-Drip-${Date.now()}: 1\r\n`), 100);
      const closedAt = new Promise<number>((done) =>
        socket.once('close', () => {
          clearInterval(drip);
          done(Date.now());
        }),
      );
      resolve({ socket, closedAt });
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** An attached server whose `authenticate` never answers for `x-stall` requests. */
async function attached(options: { maxConnections?: number; upgradeTimeoutMs?: number }) {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  const httpServer = createServer();
  const recall: RecallServer = createRecallServer({
    engine: createFeedEngine(storage),
    storage,
    server: httpServer,
    allowedHosts: ['127.0.0.1'],
    logger: {},
    authenticate: (request: IncomingMessage) =>
      request.headers['x-stall'] === undefined
        ? authenticateTestUser(request)
        : new Promise<never>(() => {}),
    ...options,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await recall.close();
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });
  const port = (httpServer.address() as { port: number }).port;
  return { recall, url: `ws://127.0.0.1:${port}/ws?recallSetId=shared&token=token-alice` };
}

describe('timeouts and caps (X27)', () => {
  test('slowloris sockets on the server Recall creates are dropped after upgradeTimeoutMs, not 60 s', async () => {
    const server = await startTestServer({ upgradeTimeoutMs: 500 });
    cleanups.push(() => server.close());
    await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const started = Date.now();
    const sockets = await Promise.all(Array.from({ length: 50 }, () => slowloris(server.port)));
    cleanups.push(() => {
      for (const { socket } of sockets) socket.destroy();
    });
    const closedAt = await Promise.all(sockets.map((entry) => entry.closedAt));
    // Deadline plus one check interval, with slack for a loaded machine.
    expect(Math.max(...closedAt) - started).toBeLessThan(4_000);
    const client = await openRawClient(server.url({ recallSetId: 'shared', token: 'token-alice' }));
    await client.waitForEvent('session_started');
    client.close();
  }, 15_000);

  test('an upgrade stuck in authenticate is answered 408 at the deadline, freeing its slot', async () => {
    const { url } = await attached({ maxConnections: 1, upgradeTimeoutMs: 300 });
    const started = Date.now();
    expect(await upgradeStatus(url, { 'x-stall': '1' })).toBe(408);
    expect(Date.now() - started).toBeLessThan(3_000);
    const client = await openRawClient(url);
    await client.waitForEvent('session_started');
    client.close();
  });

  test('maxConnections caps the sockets held server-wide: 503 past it, a freed slot is reused', async () => {
    const { recall, url } = await attached({ maxConnections: 2 });
    const first = await openRawClient(url);
    const second = await openRawClient(url.replace('token-alice', 'token-bob'));
    await first.waitForEvent('session_started');
    expect(await upgradeStatus(url.replace('token-alice', 'token-carol'))).toBe(503);
    first.close();
    await vi.waitFor(() => expect(recall.connectionCount).toBe(1));
    const third = await openRawClient(url.replace('token-alice', 'token-carol'));
    await third.waitForEvent('session_started');
    second.close();
    third.close();
  });

  test('on the server Recall creates, maxConnections is also the TCP connection cap', async () => {
    const server = await startTestServer({ maxConnections: 2 });
    cleanups.push(() => server.close());
    await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const url = server.url({ recallSetId: 'shared', token: 'token-alice' });
    const clients = [await openRawClient(url), await openRawClient(url)];
    await expect(openRawClient(url)).rejects.toThrow();
    for (const client of clients) client.close();
  });
});
