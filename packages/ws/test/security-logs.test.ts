import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, type RawClient } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
  // Frame budgets off: these floods must reach the log limits, not the socket's budget.
  const server = await startTestServer({
    rateLimit: false,
    userRateLimit: false,
    frameBudget: false,
    userFrameBudget: false,
    refusedFrameLimit: false,
    ...options,
  });
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

async function join(server: TestServer, token = 'token-alice'): Promise<RawClient> {
  const client = await openRawClient(server.url({ recallSetId: 'shared', token }));
  await client.waitForEvent('session_started');
  return client;
}

async function flood(client: RawClient, frames: number): Promise<void> {
  for (let index = 0; index < frames; index += 1) client.sendRaw('{not json');
  client.send({ type: 'ping' });
  await client.waitFor((message) => message.type === 'pong', 20_000);
}

describe('log flooding (X25)', () => {
  test('8,225 refused frames from one connection write one line, then one line with the count', async () => {
    const server = await serve({ logLimits: { intervalMs: 60_000 } });
    const attacker = await join(server);
    const before = server.logs.length;
    await flood(attacker, 8_225);
    const during = server.logs.slice(before);
    expect(during).toEqual([
      {
        level: 'info',
        message: 'invalid frame',
        fields: expect.objectContaining({ userId: 'alice', code: 'INVALID_JSON', count: 1 }),
      },
    ]);
    attacker.close();
    await vi.waitFor(() => expect(server.logs.length).toBeGreaterThan(before + 1));
    expect(server.logs.slice(before + 1)).toEqual([
      expect.objectContaining({
        message: 'invalid frame',
        fields: expect.objectContaining({ userId: 'alice', count: 8_224 }),
      }),
    ]);
  }, 30_000);

  test('many flooding connections stay under the process-wide cap, with one line saying how many were dropped', async () => {
    const server = await serve({ logLimits: { intervalMs: 60_000, maxLinesPerInterval: 5 } });
    const clients = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        join(server, index % 2 === 0 ? 'token-alice' : 'token-bob'),
      ),
    );
    const before = server.logs.length;
    await Promise.all(clients.map((client) => flood(client, 200)));
    for (const client of clients) client.close();
    await vi.waitFor(() => expect(server.server.connectionCount).toBe(0));
    await server.close();
    const lines = server.logs.slice(before);
    const suppressed = lines.filter((line) => line.message === 'log lines suppressed');
    expect(lines.length - suppressed.length).toBeLessThanOrEqual(5);
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]?.fields.count).toBeGreaterThan(0);
  }, 30_000);
});
