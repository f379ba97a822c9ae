import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ServerMessageOf } from '../src/protocol/server-messages';
import { createEngineSetup } from './harness/engine-setup';
import { openRawClient } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('a message flood on one session (X21)', () => {
  test('one running turn and one queued are taken; the rest are refused before they are stored, with SESSION_BUSY and retryAfterMs; nothing more runs after the socket closes', async () => {
    const setup = await createEngineSetup({
      tutor: () => ({ text: 'A slow reply.', latencyMs: 200 }),
    });
    const server = await startTestServer({
      engine: setup.engine,
      storage: setup.storage,
      // The bound under test, not the rate limits.
      rateLimit: false,
      userRateLimit: false,
    });
    servers.push(server);
    const flooder = await openRawClient(
      server.url({ recallSetId: 'cell-energy', token: 'token-alice' }),
    );
    const started = await flooder.waitForEvent('session_started');
    const sessionId = 'sessionId' in started ? started.sessionId : '';
    await setup.engine.whenIdle(sessionId);

    const count = 40;
    for (let index = 0; index < count; index += 1) {
      flooder.send({
        type: 'user_message',
        content: `flood ${index}`,
        clientMessageId: `f${index}`,
      });
    }
    const answered = (message: { type: string }) =>
      message.type === 'ack' || message.type === 'error';
    await vi.waitFor(() => expect(flooder.messages.filter(answered)).toHaveLength(count), {
      timeout: 5_000,
    });
    const acks = flooder.messages.filter((message) => message.type === 'ack');
    const refusals = flooder.messages.filter(
      (message): message is ServerMessageOf<'error'> => message.type === 'error',
    );
    expect(acks.map((ack) => ('clientMessageId' in ack ? ack.clientMessageId : ''))).toEqual([
      'f0',
      'f1',
    ]);
    expect(refusals).toHaveLength(count - 2);
    for (const refusal of refusals) {
      expect(refusal.code).toBe('SESSION_BUSY');
      expect(refusal.retryAfterMs).toBeGreaterThanOrEqual(1_000);
      expect(refusal.clientMessageId).toMatch(/^f\d+$/);
    }

    // Every client leaves; the two stored messages are still answered, and nothing else runs.
    flooder.close();
    await flooder.closed;
    await setup.engine.whenIdle(sessionId);
    const events = await setup.storage.read(sessionId);
    const stored = events.filter((event) => event.type === 'user_message');
    expect(stored.map((event) => event.data.content)).toEqual(['flood 0', 'flood 1']);
    expect(events.filter((event) => event.type === 'assistant_message')).toHaveLength(3);
    expect(setup.llm.requestsOf('tutor')).toHaveLength(3);
  });
});
