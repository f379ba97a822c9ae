import type { RecallClient } from '../src/client/client-options';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createTestClient,
  isStreaming,
  messagesOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
const clients: RecallClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('a spent budget on the wire', () => {
  test('the message is stored and acknowledged; the refusal arrives as a typed error frame with the wait to the reset', async () => {
    // The opening question reports 2,000 output tokens ($0.02): over the $0.01 budget at once.
    const setup = await createEngineSetup({
      tutor: () => ({ text: 'What do you remember?', usage: { outputTokens: 2000 } }),
      config: { dailyBudgetUsd: { perUser: 0.01 } },
    });
    const server = await startTestServer({
      heartbeatIntervalMs: 0,
      storage: setup.storage,
      engine: setup.engine,
    });
    servers.push(server);
    const client = createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
    });
    clients.push(client);
    const { sessionId } = (
      await waitForSnapshot(
        client,
        (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
      )
    ).session;
    const callsBefore = setup.llm.requests.length;

    const id = client.sendMessage('ATP synthase makes ATP');
    const refused = await waitForSnapshot(
      client,
      (snapshot) => snapshot.lastError?.code === 'BUDGET_EXCEEDED' && snapshot.outbox === 0,
    );
    const { lastError } = refused;
    expect(lastError).toMatchObject({ retryable: true, clientMessageId: id });
    const untilMidnight = 86_400_000 - (Date.now() % 86_400_000);
    expect(lastError?.retryAfterMs).toBeGreaterThan(0);
    expect(lastError?.retryAfterMs).toBeLessThanOrEqual(untilMidnight + 1000);
    // Stored once, never resent, and no model call was made for it.
    const events = await setup.storage.read(sessionId);
    expect(
      events.filter((event) => event.type === 'user_message' && event.data.clientMessageId === id),
    ).toHaveLength(1);
    expect(setup.llm.requests.length).toBe(callsBefore);
    expect(messagesOf(refused).at(-1)).toMatchObject({ role: 'assistant', status: 'interrupted' });
  });
});
