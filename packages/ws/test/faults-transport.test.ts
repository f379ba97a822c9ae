import {
  createMemoryStorage,
  createRecallEngine,
  type SessionEvent,
  type StorageAdapter,
} from '@recall/core';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { RecallClient } from '../src/client/client-options';
import { createRecallClient } from '../src/client/create-recall-client';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import {
  createTestClient,
  FAST_CLIENT_OPTIONS,
  isStreaming,
  itemsOf,
  messagesOf,
  seqOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { createFeedEngine, type FeedEngine, type PublishedEvent } from './harness/feed-engine';
import { makeRecallSet } from './harness/fixtures';
import { comparable, waitForConvergence } from './harness/oracle';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
const proxies: FaultProxy[] = [];
const clients: RecallClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer({ heartbeatIntervalMs: 0, ...options });
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

async function proxyTo(port: number) {
  const proxy = await startFaultProxy(port);
  proxies.push(proxy);
  return proxy;
}

/** A client whose every received frame is recorded (the probe of the applied trace). */
function probedClient(url: string, extra: Partial<Parameters<typeof createTestClient>[0]> = {}) {
  const frames: unknown[] = [];
  const closeCodes: number[] = [];
  /** How many frames had arrived when each socket closed. */
  const framesAtClose: number[] = [];
  class ProbeWebSocket extends WebSocket {
    constructor(address: string, protocols?: string[]) {
      super(address, protocols);
      this.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
      this.addEventListener('close', (event) => {
        closeCodes.push(event.code);
        framesAtClose.push(frames.length);
      });
    }
  }
  const client = createRecallClient({
    url,
    recallSetId: 'shared',
    userToken: 'token-alice',
    storage: null,
    ...FAST_CLIENT_OPTIONS,
    ...extra,
    WebSocket: ProbeWebSocket,
  });
  clients.push(client);
  return { client, frames, closeCodes, framesAtClose };
}

function resourceEvents(count: number, snippet = 'snippet'): PublishedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'show_resource' as const,
    data: { resourceId: `r${index}`, title: `Resource ${index}`, snippet },
  }));
}

function bigResponse(index: number, size: number): PublishedEvent {
  return {
    type: 'assistant_streaming_end',
    data: {
      responseId: `response-${index}`,
      fullContent: `${index}:${'x'.repeat(size)}`,
      totalChunks: 1,
    },
  };
}

describe('transport faults: the client converges on the log (T1, T2, T4, T5)', () => {
  test('T1 idle reconnect resumes after lastSeq: zero seq-bearing messages are sent again', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client, frames } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    await server.feed!.publish(sessionId, resourceEvents(3));
    const before = await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 4);
    const seen = frames.length;
    proxy.cutAll();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'open');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames.slice(seen).filter((frame) => seqOf(frame) !== undefined)).toEqual([]);
    expect(
      server.logs.filter((entry) => entry.message === 'connected').at(-1)?.fields,
    ).toMatchObject({ afterSeq: 4 });
    expect(comparable(client.getSnapshot())).toEqual(comparable(before));
    await waitForConvergence(client, server.storage);
  });

  test('T2 events produced while offline are replayed in order, exactly once, before live ones', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client, frames } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.refuse();
    proxy.cutAll();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    await server.feed!.publish(sessionId, resourceEvents(5));
    proxy.heal();
    await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 6);
    await server.feed!.publish(sessionId, resourceEvents(2, 'live'));
    await waitForConvergence(client, server.storage);
    const seqs = frames.map(seqOf).filter((seq) => seq !== undefined);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('T4 a cut inside a WebSocket frame discards the torn frame and resumes cleanly', async () => {
    const server = await serve();
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.cutAfter(1_500, 's2c');
    await server.feed!.publish(sessionId, [bigResponse(1, 20_000), bigResponse(2, 20_000)]);
    await waitForConvergence(client, server.storage);
    expect(messagesOf(client.getSnapshot()).map((message) => message.content.length)).toEqual([
      20_002, 20_002,
    ]);
    expect(client.getSnapshot().lastError).toBeNull();
  });

  test('T5 a resume cursor past the head (a restored server) resyncs from seq 0', async () => {
    const original = await serve();
    const proxy = await proxyTo(original.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`);
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    await original.feed!.publish(sessionId, resourceEvents(5));
    await waitForSnapshot(client, (snapshot) => snapshot.session.lastSeq === 6);

    // A server restored from an older backup: the same session, a shorter log.
    const restoredStorage = createMemoryStorage();
    await restoredStorage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    const session = await original.storage.getSession(sessionId);
    await restoredStorage.saveSession(session!);
    await restoredStorage.append(sessionId, (await original.storage.read(sessionId)).slice(0, 3), {
      expectedSeq: 0,
    });
    const restored = await serve({ storage: restoredStorage });
    proxy.retarget(restored.port);
    proxy.cutAll();
    await waitForConvergence(client, restoredStorage);
    expect(client.getSnapshot().session.lastSeq).toBe(3);
    expect(itemsOf(client.getSnapshot(), 'resource')).toHaveLength(2);
    expect(
      restored.logs.some((entry) => entry.fields.reason === 'resume cursor out of range'),
    ).toBe(true);
  });
});

describe('liveness (T7) and backpressure (B1)', () => {
  test('T7 a half-open link: the server terminates the peer, the client reconnects once healed', async () => {
    const server = await serve({ heartbeatIntervalMs: 100 });
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`, {
      heartbeatIntervalMs: 100,
      heartbeatTimeoutMs: 150,
    });
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    proxy.blackhole();
    const started = Date.now();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect
      .poll(() => server.server.connectionCount, { timeout: 2_000, interval: 10 })
      .toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.logs.some((entry) => entry.message === 'heartbeat missed; terminating')).toBe(
      true,
    );
    await server.feed!.publish(sessionId, resourceEvents(2));
    proxy.heal();
    await waitForConvergence(client, server.storage);
  });

  test('B1 a slow consumer is disconnected at the buffer bound, others are unaffected, it resumes', async () => {
    const server = await serve({ maxBufferedBytes: 1024 * 1024 });
    const proxy = await proxyTo(server.port);
    const { client } = probedClient(`ws://127.0.0.1:${proxy.port}/ws`, {
      heartbeatIntervalMs: 60_000,
    });
    const sessionId = (await waitForSnapshot(client, (snapshot) => snapshot.status === 'active'))
      .session.sessionId;
    const bystander = createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      sessionId,
      userToken: 'token-alice',
    });
    clients.push(bystander);
    await waitForSnapshot(bystander, (snapshot) => snapshot.connection === 'open');

    proxy.pauseReading();
    for (let batch = 0; batch < 40; batch += 1) {
      await server.feed!.publish(
        sessionId,
        Array.from({ length: 5 }, (_, index) => bigResponse(batch * 5 + index, 50_000)),
      );
      // Give the healthy reader time to drain, as a real network would.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await expect
      .poll(() => server.logs.some((entry) => entry.message === 'slow consumer disconnected'))
      .toBe(true);
    // Only the slow socket was cut; memory stayed bounded by maxBufferedBytes per socket.
    expect(
      server.logs.filter((entry) => entry.message === 'slow consumer disconnected'),
    ).toHaveLength(1);
    await waitForConvergence(bystander, server.storage, { timeoutMs: 10_000 });
    proxy.resumeReading();
    await waitForConvergence(client, server.storage, { timeoutMs: 10_000 });
    expect(messagesOf(client.getSnapshot())).toHaveLength(200);
  }, 20_000);
});

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
