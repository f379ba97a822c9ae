import {
  createMemoryStorage,
  createRecallEngine,
  type SessionEvent,
  type StorageAdapter,
} from '@recall/core';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { createRecallClient } from '../src/client/create-recall-client';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import { isStreaming, itemsOf, messagesOf, seqOf, waitForSnapshot } from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { resourceEvents, useFaultServers } from './harness/fault-servers';
import { createFeedEngine, type FeedEngine } from './harness/feed-engine';
import { makeRecallSet } from './harness/fixtures';
import { waitForConvergence } from './harness/oracle';

// Reconnects, resumes, liveness and backpressure (T1, T2, T4, T5, T7, B1): faults-transport.test.ts.
const { clients, serve, proxyTo, probedClient } = useFaultServers();

describe('graceful shutdown (T9)', () => {
  test('close() refuses new upgrades, closes with 1001, and clients resume on another node', async () => {
    const storage: StorageAdapter = createMemoryStorage();
    await storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const feed: FeedEngine = createFeedEngine(storage);
    let finishTurns!: () => void;
    const turnsFinished = new Promise<void>((resolve) => {
      finishTurns = resolve;
    });
    const first = await serve({ storage, engine: { ...feed, close: () => turnsFinished } });
    const second = await serve({ storage, engine: createFeedEngine(storage) });
    const proxy = await proxyTo(first.port);
    const { client, closeCodes } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;

    const closing = first.server.close();
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(first.url({ sessionId, afterSeq: 0, token: 'token-alice' }));
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      // Our own listener stops accepting at once: the TCP connect is refused.
      socket.on('error', () => resolve(0));
    });
    expect(refused).not.toBe(101);
    // In-flight turns finish (the engine's close) before the sockets go away.
    await feed.publish(sessionId, resourceEvents(1, 'last words'));
    await waitForSnapshot(client, (snapshot) => itemsOf(snapshot, 'resource').length === 1);
    expect(client.getSnapshot().connection).toBe('open');
    proxy.retarget(second.port);
    finishTurns();
    await closing;
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    await waitForConvergence(client, storage);
    expect(closeCodes[0]).toBe(1001);
    expect(second.logs.some((entry) => entry.message === 'connected')).toBe(true);
  });
});

describe('graceful shutdown with the real engine (T9)', () => {
  test('close() during a slow stream: the turn is recorded as interrupted (or finished) before the sockets close with 1001; the client resumes elsewhere', async () => {
    const reply = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    let tutorCalls = 0;
    const setup = await createEngineSetup({
      // The opening question streams at once; every later reply crawls (50 ms per word).
      tutor: () => {
        tutorCalls += 1;
        return tutorCalls === 1 ? 'What do you remember?' : { text: reply, chunkDelayMs: 50 };
      },
    });
    const { storage } = setup;
    const first = await serve({ storage, engine: setup.engine });
    const second = await serve({
      storage,
      engine: createRecallEngine({ storage, llm: setup.llm }),
    });
    const proxy = await proxyTo(first.port);
    const { client, frames, closeCodes, framesAtClose } = probedClient(
      `ws://127.0.0.1:${proxy.port}/ws`,
      { recallSetId: 'cell-energy' },
    );
    const sessionId = (
      await waitForSnapshot(
        client,
        (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
      )
    ).session.sessionId;
    const id = client.sendMessage('RECALL-p1 ATP synthase makes ATP');
    await waitForSnapshot(
      client,
      (snapshot) => (messagesOf(snapshot).at(-1)?.content.length ?? 0) > 2 && isStreaming(snapshot),
      5_000,
    );

    const closing = first.server.close();
    proxy.retarget(second.port);
    await closing;
    expect(closeCodes[0]).toBe(CLOSE_CODES.GOING_AWAY.code);

    // The in-flight turn was closed in the log before the socket went away…
    const events = await storage.read(sessionId);
    const responseIds = (type: SessionEvent['type']) =>
      events.filter((event) => event.type === type).map((event) => event.responseId);
    expect(responseIds('assistant_streaming_end')).toEqual(
      responseIds('assistant_streaming_start'),
    );
    const last = events.filter((event) => event.type === 'assistant_message').at(-1);
    expect(last?.type).toBe('assistant_message');
    if (last?.type !== 'assistant_message') return;
    if (last.data.interrupted === true) {
      expect(reply.startsWith(last.data.content)).toBe(true);
      expect(last.data.content.length).toBeLessThan(reply.length);
    } else {
      expect(last.data.content).toBe(reply);
    }
    // …and the client got that ending on the closing socket, not only after reconnecting.
    const end = events.find(
      (event) => event.type === 'assistant_streaming_end' && event.responseId === last.responseId,
    );
    const closedAt = frames.findIndex((frame) => seqOf(frame) === end?.seq);
    expect(closedAt).toBeGreaterThanOrEqual(0);
    expect(closedAt).toBeLessThan(framesAtClose[0] ?? -1);

    // The client reconnects to the other node and converges; the command was processed once.
    await waitForConvergence(client, storage, { sentClientMessageIds: [id], timeoutMs: 5_000 });
    expect(second.logs.some((entry) => entry.message === 'connected')).toBe(true);
  }, 15_000);
});

describe('reconnect storm (T10)', () => {
  test('100 clients dropped at once retry spread out by per-attempt jitter, never below the minimum delay', async () => {
    // One user's 100 tabs: its per-user limits are off, this is about the clients' jitter.
    const server = await serve({
      maxSocketsPerUser: 200,
      connectionRateLimit: false,
      sessionStartLimit: false,
      maxConcurrentSessionStarts: 200,
    });
    const proxy = await proxyTo(server.port);
    const initialDelayMs = 80;
    const drops: number[] = [];
    const retries: number[] = [];
    const storm = Array.from({ length: 100 }, (_, index) => {
      const times: number[] = [];
      class TimedWebSocket extends WebSocket {
        constructor(address: string, protocols?: string[]) {
          super(address, protocols);
          times.push(performance.now());
        }
      }
      const client = createRecallClient({
        url: `ws://127.0.0.1:${proxy.port}/ws`,
        recallSetId: 'shared',
        userToken: 'token-alice',
        storage: null,
        WebSocket: TimedWebSocket,
        reconnect: { initialDelayMs, maxDelayMs: 1_000, jitter: 0.5 },
        heartbeatIntervalMs: 60_000,
      });
      clients.push(client);
      client.subscribe(() => {
        if (client.getSnapshot().connection === 'reconnecting' && drops[index] === undefined) {
          drops[index] = performance.now();
        }
      });
      return { client, times };
    });
    await Promise.all(
      storm.map(({ client }) =>
        waitForSnapshot(client, (snapshot) => snapshot.connection === 'open', 10_000),
      ),
    );
    proxy.refuse();
    proxy.cutAll();
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.heal();
    await Promise.all(
      storm.map(({ client }) =>
        waitForSnapshot(client, (snapshot) => snapshot.connection === 'open', 10_000),
      ),
    );
    storm.forEach(({ times }, index) => {
      retries.push((times[1] ?? Number.NaN) - (drops[index] ?? Number.NaN));
    });
    const sorted = [...retries].sort((a, b) => a - b);
    expect(sorted[0]).toBeGreaterThanOrEqual(initialDelayMs * 0.5 - 2);
    const quartile = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
    expect(quartile(0.75) - quartile(0.25)).toBeGreaterThan(10);
    expect(new Set(retries.map((delay) => Math.round(delay))).size).toBeGreaterThan(30);
  }, 20_000);
});
