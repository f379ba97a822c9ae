import { createServer } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { createRecallServer } from '../src/server/create-recall-server';
import { createFeedEngine } from './harness/feed-engine';
import { makeRecallSet } from './harness/fixtures';
import { upgradeStatus } from './harness/raw-client';
import { authenticateTestUser, startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

const alice = { authorization: 'Bearer token-alice' };

describe('DNS rebinding: the Host header is checked (X22)', () => {
  test('a loopback server refuses a rebound host name with 403, even with a matching Origin', async () => {
    const server = await serve();
    const url = server.url({ recallSetId: 'shared' });
    const rebound = `attacker.example:${server.port}`;
    expect(await upgradeStatus(url, { ...alice, Host: rebound, Origin: `http://${rebound}` })).toBe(
      403,
    );
    expect(await upgradeStatus(url, { ...alice, Host: rebound })).toBe(403);
    expect(server.server.connectionCount).toBe(0);
    expect(server.logs.filter((entry) => entry.message === 'host rejected')).toHaveLength(2);
    expect(server.feed?.commands).toEqual([]);

    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `[::1]:${server.port}`,
    ]) {
      expect(
        await upgradeStatus(url, { ...alice, Host: host, Origin: `http://${host}` }),
        host,
      ).toBe(101);
    }
  });

  test('attached to a host app, the app names its hosts; other names are refused', async () => {
    const storage = (await serve()).storage;
    const httpServer = createServer();
    const recall = createRecallServer({
      engine: createFeedEngine(storage),
      storage,
      server: httpServer,
      authenticate: authenticateTestUser,
      allowedHosts: ['app.example', '.tenant.example'],
      logger: {},
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const port = (httpServer.address() as { port: number }).port;
    const url = `ws://127.0.0.1:${port}/ws?recallSetId=shared`;
    try {
      expect(await upgradeStatus(url, { ...alice, Host: `app.example:${port}` })).toBe(101);
      expect(await upgradeStatus(url, { ...alice, Host: 'school.tenant.example' })).toBe(101);
      expect(await upgradeStatus(url, { ...alice, Host: `127.0.0.1:${port}` })).toBe(403);
      expect(await upgradeStatus(url, { ...alice, Host: 'attacker.example' })).toBe(403);
    } finally {
      await recall.close();
      httpServer.close();
    }
  });
});
