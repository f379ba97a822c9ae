// (b) of ws.bench.ts: resume latency after a TCP cut.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { WebSocket, WebSocketServer } from 'ws';
import { createRecallClient } from '../../packages/ws/src/index';
import { createRecallServer } from '../../packages/ws/src/server/index';
import { createFeedEngine } from '../../packages/ws/test/harness/feed-engine';
import { makeRecallSet } from '../../packages/ws/test/harness/fixtures';
import { startFaultProxy } from '../../packages/ws/test/harness/tcp-proxy';
import { CUTS } from './shared';

// ---- (b) resume latency --------------------------------------------------------------------

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export async function resumeLatency() {
  const storage: StorageAdapter = createMemoryStorage();
  await storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  const feed = createFeedEngine(storage);
  const recall = createRecallServer({
    engine: feed,
    storage,
    authenticate: () => ({ userId: 'bench' }),
    port: 0,
    heartbeatIntervalMs: 0,
    connectionRateLimit: false,
    logger: {},
  });
  await recall.ready;
  const proxy = await startFaultProxy(recall.address()?.port ?? 0);
  const client = createRecallClient({
    url: `ws://127.0.0.1:${proxy.port}/ws`,
    recallSetId: 'shared',
    WebSocket,
    storage: null,
    reconnect: { initialDelayMs: 0, maxDelayMs: 0, jitter: 0 },
  });
  const caughtUp = (seq: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        const snapshot = client.getSnapshot();
        if (snapshot.connection === 'open' && snapshot.session.lastSeq >= seq) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = client.subscribe(check);
      check();
    });
  await caughtUp(1);
  const sessionId = client.getSnapshot().session.sessionId;
  const recallTimes: number[] = [];
  for (let cut = 0; cut < CUTS; cut += 1) {
    const started = performance.now();
    proxy.cutAll();
    const published = await feed.publish(
      sessionId,
      Array.from({ length: 5 }, (_, index) => ({
        type: 'show_resource' as const,
        data: { resourceId: `r${index}`, title: 'Missed while offline', snippet: 'x' },
      })),
    );
    await caughtUp(published.at(-1)?.seq ?? 0);
    recallTimes.push(performance.now() - started);
  }
  client.close();
  await proxy.close();
  await recall.close();

  // Bare ws: reconnect at once; the server sends 5 messages on every connection.
  const http = createServer();
  const bare = new WebSocketServer({ server: http, perMessageDeflate: false });
  bare.on('connection', (socket) => {
    for (let index = 0; index < 5; index += 1)
      socket.send(JSON.stringify({ type: 'show_resource', index }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const bareProxy = await startFaultProxy((http.address() as AddressInfo).port);
  const bareTimes: number[] = [];
  let onCaughtUp: (() => void) | null = null;
  const connect = () => {
    const socket = new WebSocket(`ws://127.0.0.1:${bareProxy.port}`);
    let received = 0;
    socket.on('message', () => {
      received += 1;
      if (received === 5) onCaughtUp?.();
    });
    socket.on('error', () => {});
    socket.on('close', () => connect());
  };
  await new Promise<void>((resolve) => {
    onCaughtUp = resolve;
    connect();
  });
  for (let cut = 0; cut < CUTS; cut += 1) {
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      onCaughtUp = resolve;
    });
    bareProxy.cutAll();
    await done;
    bareTimes.push(performance.now() - started);
  }
  onCaughtUp = null;
  await bareProxy.close();
  for (const socket of bare.clients) socket.terminate();
  bare.close();
  http.close();
  return { recallTimes, bareTimes };
}
