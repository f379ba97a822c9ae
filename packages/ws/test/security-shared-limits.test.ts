import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { afterEach, describe, expect, test } from 'vitest';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import type { ServerMessage } from '../src/protocol/server-messages';
import { createMemoryRateLimiter, type RateLimiter } from '../src/server/rate-limiter';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient, type RawClient } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';
import {
  audioForm,
  bearerAuthenticate,
  postForm,
  recordingTranscription,
  seededStorage,
  serveHandler,
} from './transcribe-fixtures';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two server instances ("nodes") on one storage, each serving one of two recall sets. */
async function twoNodes(limiters: [RateLimiter | undefined, RateLimiter | undefined]) {
  const storage: StorageAdapter = createMemoryStorage();
  await storage.saveRecallSet(makeRecallSet({ id: 'set-a' }));
  await storage.saveRecallSet(makeRecallSet({ id: 'set-b' }));
  const nodes: TestServer[] = [];
  for (const limiter of limiters) {
    const node = await startTestServer({
      storage,
      rateLimit: false,
      userRateLimit: { burst: 4, refillPerSecond: 0.01 },
      connectionRateLimit: { burst: 3, refillPerSecond: 0.01 },
      ...(limiter === undefined ? {} : { rateLimiter: limiter }),
    });
    cleanups.push(() => node.close());
    nodes.push(node);
  }
  return nodes as [TestServer, TestServer];
}

async function join(node: TestServer, recallSetId: string): Promise<RawClient> {
  const client = await openRawClient(node.url({ recallSetId, token: 'token-alice' }));
  cleanups.push(() => client.close());
  await client.waitForEvent('session_started');
  return client;
}

/** Sends three messages and returns how each was answered. */
async function sendThree(client: RawClient, prefix: string): Promise<ServerMessage[]> {
  const answers: Array<Promise<ServerMessage>> = [];
  for (let index = 0; index < 3; index += 1) {
    const clientMessageId = `${prefix}${index}`;
    client.send({ type: 'user_message', content: `hello ${index}`, clientMessageId });
    answers.push(
      client.waitFor(
        (message) =>
          (message.type === 'ack' || message.type === 'error') &&
          message.clientMessageId === clientMessageId,
      ),
    );
  }
  return Promise.all(answers);
}

const countBy = (answers: ServerMessage[]) => ({
  acks: answers.filter((answer) => answer.type === 'ack').length,
  limited: answers.filter((answer) => answer.type === 'error' && answer.code === 'RATE_LIMITED')
    .length,
});

describe('per-user budgets across nodes (X26)', () => {
  test('by default each node keeps its own budget: two nodes give a user two', async () => {
    const [a, b] = await twoNodes([undefined, undefined]);
    const answers = [
      ...(await sendThree(await join(a, 'set-a'), 'a')),
      ...(await sendThree(await join(b, 'set-b'), 'b')),
    ];
    expect(countBy(answers)).toEqual({ acks: 6, limited: 0 });
  });

  test('one shared limiter (synchronous on one node, asynchronous on the other) gives the user one budget', async () => {
    const shared = createMemoryRateLimiter();
    const remote: RateLimiter = {
      take: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return shared.take(request);
      },
    };
    const [a, b] = await twoNodes([shared, remote]);
    const onA = await sendThree(await join(a, 'set-a'), 'a');
    const onB = await sendThree(await join(b, 'set-b'), 'b');
    expect(countBy([...onA, ...onB])).toEqual({ acks: 4, limited: 2 });
    // The refusals came on the second node, in order, after the budget was spent.
    expect(onB.map((answer) => answer.type)).toEqual(['ack', 'error', 'error']);
    for (const refusal of onB.slice(1)) {
      expect(refusal).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: expect.any(Number) });
    }

    // New connections of the user share one budget too (3 here: two are already used).
    await join(b, 'set-b');
    const refused = await openRawClient(a.url({ recallSetId: 'set-a', token: 'token-alice' }));
    expect((await refused.closed).code).toBe(CLOSE_CODES.RATE_LIMITED.code);
  });

  test('the transcribe handler takes its budget from the same kind of limiter', async () => {
    const shared = createMemoryRateLimiter();
    const storage = await seededStorage();
    const served = [];
    for (let node = 0; node < 2; node += 1) {
      const handler = await serveHandler({
        storage,
        authenticate: bearerAuthenticate,
        transcription: recordingTranscription(() => ({ text: 'spores' })).adapter,
        rateLimit: { burst: 2, refillPerSecond: 0.01 },
        rateLimiter: shared,
      });
      cleanups.push(() => handler.close());
      served.push(handler);
    }
    const [first, second] = served;
    const form = () => audioForm({ sessionId: 'session-alice' });
    expect((await postForm(first!.url, form())).status).toBe(200);
    expect((await postForm(second!.url, form())).status).toBe(200);
    const refused = await postForm(first!.url, form());
    expect(refused).toEqual({
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: expect.stringMatching(/retry in \d+ ms/) } },
    });
    // Another user has a budget of their own.
    expect(
      (await postForm(second!.url, audioForm({ sessionId: 'session-bob' }), 'bob')).status,
    ).toBe(200);
  });
});
