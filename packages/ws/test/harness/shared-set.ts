import { afterEach } from 'vitest';
import type { RecallClient } from '../../src/client/client-options';
import { createTestClient } from './client-helpers';
import { makeRecallSet } from './fixtures';
import { openRawClient, type RawClient } from './raw-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * Test servers holding the recall set `shared`, and clients on it, closed after each test of
 * the calling file (call at its top level).
 */
export function useSharedSetServers() {
  const servers: TestServer[] = [];
  const clients: RecallClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function serve() {
    const server = await startTestServer({ heartbeatIntervalMs: 0 });
    servers.push(server);
    await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    return server;
  }

  function track<T extends RecallClient>(client: T): T {
    clients.push(client);
    return client;
  }

  /** Alice's client on the shared recall set of `server`, tracked for cleanup. */
  function connectAlice(server: TestServer) {
    return track(
      createTestClient({
        url: `ws://127.0.0.1:${server.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
      }),
    );
  }

  return { servers, serve, track, connectAlice };
}

/**
 * Test servers holding the recall set `shared`, closed after each test of the calling file (call
 * at its top level); `join` attaches a raw client and waits for its session to start.
 */
export function useSharedSetRawServers() {
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

  async function join(server: TestServer, token = 'token-alice'): Promise<RawClient> {
    const client = await openRawClient(server.url({ recallSetId: 'shared', token }));
    await client.waitForEvent('session_started');
    return client;
  }

  return { serve, join };
}
