import type { IncomingMessage } from 'node:http';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngineSetup } from './harness/engine-setup';
import { openRawClient, type RawClient } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

// A class opening one shared set at once: every learner gets a socket and a session of their
// own while earlier learners are already talking. The handshake completes before any storage
// work, and session starts of different learners do not wait for each other.

const LEARNERS = 100;

function authenticateByQuery(request: IncomingMessage): { userId: string } | null {
  const user = new URL(request.url ?? '/', 'http://localhost').searchParams.get('user');
  return user === null || user.length === 0 ? null : { userId: user };
}

describe('a class starts one shared set together (PGlite)', () => {
  let server: TestServer;
  let setup: Awaited<ReturnType<typeof createEngineSetup>>;

  beforeAll(async () => {
    setup = await createEngineSetup({
      storage: await createPGliteStorage(),
      tutor: () => 'Tell me what you remember.',
    });
    server = await startTestServer({
      storage: setup.storage,
      engine: setup.engine,
      authenticate: authenticateByQuery,
      // One address for the whole class, sized as a school behind one NAT would size it
      // (the ws README's `sessionStartLimit` row): the class may start at once.
      sessionStartLimit: { perAddress: { burst: 2 * LEARNERS, refillPerSecond: 2 } },
      maxConcurrentSessionStarts: 2 * LEARNERS,
    });
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    await setup?.engine.close();
    await setup?.storage.close();
  });

  test(`${LEARNERS} learners connect while others talk: none refused, one session each`, async () => {
    const refused: string[] = [];
    const learn = async (index: number): Promise<RawClient | null> => {
      // Connects spread over about a second, overlapping the first learners' turns.
      await new Promise((resolve) => setTimeout(resolve, index * 10));
      let client: RawClient;
      try {
        client = await openRawClient(
          server.url({ recallSetId: setup.recallSet.id, user: `learner-${index}` }),
        );
      } catch (error) {
        refused.push(`learner-${index}: ${error instanceof Error ? error.message : error}`);
        return null;
      }
      const started = await client.waitForEvent('session_started', undefined, 30_000);
      await client.waitForEvent('assistant_streaming_end', undefined, 30_000);
      client.send({ type: 'user_message', content: 'ATP synthase', clientMessageId: 'm1' });
      await client.waitFor(
        (message) =>
          message.type === 'event' &&
          message.event.type === 'assistant_streaming_end' &&
          message.event.seq > started.seq + 2,
        30_000,
      );
      return client;
    };
    const clients = await Promise.all(Array.from({ length: LEARNERS }, (_, index) => learn(index)));
    expect(refused).toEqual([]);
    const open = clients.filter((client): client is RawClient => client !== null);
    const sessionIds = new Set(open.map((client) => client.events[0]?.sessionId));
    expect(sessionIds.size).toBe(LEARNERS);
    for (const client of open) {
      const errors = client.messages.filter((message) => message.type === 'error');
      expect(errors).toEqual([]);
      // Every event of the learner's session arrived once, in order.
      expect(client.events.map((event) => event.seq)).toEqual(
        client.events.map((_, index) => index + 1),
      );
      client.close();
    }
  }, 120_000);

  test("one learner's two tabs, opened together, share one session", async () => {
    const url = server.url({ recallSetId: setup.recallSet.id, user: 'twin' });
    const tabs = await Promise.all([openRawClient(url), openRawClient(url)]);
    const started = await Promise.all(
      tabs.map((tab) => tab.waitForEvent('session_started', undefined, 30_000)),
    );
    expect(started[0]!.sessionId).toBe(started[1]!.sessionId);
    for (const tab of tabs) tab.close();
  }, 60_000);
});

describe('two nodes start the same learner at once', () => {
  test('the loser of the active-session index adopts the winner', async () => {
    const storage = await createPGliteStorage();
    const nodes = [
      await createEngineSetup({ storage }),
      await createEngineSetup({ storage, saveRecallSet: false }),
    ];
    try {
      for (let round = 0; round < 5; round += 1) {
        const userId = `racer-${round}`;
        const results = await Promise.all(
          nodes.map((node) => node.engine.startSession(nodes[0]!.recallSet.id, { userId })),
        );
        expect(results[0]!.sessionId).toBe(results[1]!.sessionId);
        expect(
          (await storage.listSessions({ userId })).filter((row) => row.status !== 'abandoned'),
        ).toHaveLength(1);
      }
    } finally {
      for (const node of nodes) await node.engine.close();
      await storage.close();
    }
  }, 60_000);
});
