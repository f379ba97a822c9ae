// (c) of ws.bench.ts: memory per idle session (a child process with --expose-gc).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { WebSocket, WebSocketServer } from 'ws';
import { PROTOCOL_VERSION } from '../../packages/ws/src/protocol/protocol-version';
import { createRecallServer, type RecallServerEngine } from '../../packages/ws/src/server/index';
import { CELL_ENERGY } from '../../packages/ws/test/harness/engine-setup';
import { createFeedEngine } from '../../packages/ws/test/harness/feed-engine';
import { makeRecallSet } from '../../packages/ws/test/harness/fixtures';
import { IDLE_SESSIONS, MEMORY_RUNS, nextLine, sleep, spawnSelf } from './shared';
import { percentile } from './resume';

// ---- (c) memory per idle session (child with --expose-gc) ---------------------------------

function heapAndRss() {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

/** A Recall server on a free loopback port for `engine`: every socket is its own user. */
async function serveRecall(
  engine: RecallServerEngine,
  storage: ReturnType<typeof createMemoryStorage>,
): Promise<number> {
  const recall = createRecallServer({
    engine,
    storage,
    authenticate: (request) => ({
      userId: new URL(request.url ?? '/', 'http://x').searchParams.get('user') ?? 'x',
    }),
    port: 0,
    connectionRateLimit: false,
    logger: {},
  });
  await recall.ready;
  return recall.address()?.port ?? 0;
}

export async function runMemoryServer(kind: 'recall' | 'transport' | 'bare'): Promise<void> {
  let port: number;
  if (kind === 'transport') {
    // The transport alone: an engine-like source over memory storage (session row + 1 event).
    const storage = createMemoryStorage();
    await storage.saveRecallSet(makeRecallSet({ id: 'cell-energy' }));
    port = await serveRecall(createFeedEngine(storage), storage);
  } else if (kind === 'recall') {
    // The real engine over the shipped offline model adapter (the scripted test model keeps
    // every request it saw, ~10 KiB per session that no real adapter holds): each session
    // holds its cached state, its log in memory storage, its feed and its socket.
    const storage = createMemoryStorage();
    await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
    const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
    port = await serveRecall(engine, storage);
  } else {
    const http = createServer();
    new WebSocketServer({ server: http, perMessageDeflate: false });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  }
  await sleep(100);
  const baseline = heapAndRss();
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'measure') {
      await sleep(300);
      const after = heapAndRss();
      process.stdout.write(
        `${JSON.stringify({ heap: after.heap - baseline.heap, rss: after.rss - baseline.rss })}\n`,
      );
    }
  }
}

interface MemoryPerSession {
  heapPerSession: number;
  rssPerSession: number;
}

async function memoryPerSession(
  kind: 'recall' | 'transport' | 'bare',
  nodeFlags: string[] = [],
): Promise<MemoryPerSession> {
  const child = spawnSelf(['memory-server', kind], ['--expose-gc', ...nodeFlags]);
  const { port } = JSON.parse(await nextLine(child.lines)) as { port: number };
  const sockets: WebSocket[] = [];
  for (let index = 0; index < IDLE_SESSIONS; index += 1) {
    // Every socket is its own user's own (new) session: session state, log and subscription.
    const url =
      kind === 'bare'
        ? `ws://127.0.0.1:${port}`
        : `ws://127.0.0.1:${port}/ws?recallSetId=cell-energy&user=user-${index}`;
    const socket = new WebSocket(url, kind === 'bare' ? [] : [PROTOCOL_VERSION]);
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
      if (kind === 'bare') socket.once('open', () => resolve());
    });
    sockets.push(socket);
  }
  child.stdin!.write('measure\n');
  const delta = JSON.parse(await nextLine(child.lines)) as { heap: number; rss: number };
  for (const socket of sockets) socket.terminate();
  child.kill();
  return { heapPerSession: delta.heap / IDLE_SESSIONS, rssPerSession: delta.rss / IDLE_SESSIONS };
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

/** Median heap and RSS per session over {@link MEMORY_RUNS} fresh server processes. */
export async function medianMemoryPerSession(
  kind: 'recall' | 'transport' | 'bare',
  nodeFlags: string[] = [],
) {
  const runs: MemoryPerSession[] = [];
  for (let run = 0; run < MEMORY_RUNS; run += 1) runs.push(await memoryPerSession(kind, nodeFlags));
  const rss = runs.map((entry) => entry.rssPerSession);
  return {
    heapPerSession: median(runs.map((entry) => entry.heapPerSession)),
    rssPerSession: median(rss),
    rssRange: [Math.min(...rss), Math.max(...rss)] as const,
  };
}
