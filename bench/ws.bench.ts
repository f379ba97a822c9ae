// Transport benchmark of @recall/ws. Measures, side by side with bare `ws` in the same run:
//   (a) fan-out throughput: deliveries/s of small messages to 100 connected clients (the
//       clients run in a child process), twice: from an engine-like source that emits
//       pre-built events (transport only, send buffer bound raised to 512 MiB), and from a real
//       `createRecallEngine` (memory storage, offline model) driven turn by turn, through
//       `createRecallServer` with default options except the two admission limits that would
//       refuse 100 sockets of one user; each beside bare `ws` broadcasting the same payloads;
//   (b) resume latency: from a TCP cut to the client being caught up again (backoff minimum 0);
//   (c) memory per idle connected session (server in a child process with --expose-gc):
//       heap after GC and RSS, median of MEMORY_RUNS runs; RSS also with V8's young
//       generation capped, since its one-off growth during the connect burst (~32 MB per
//       process, empty after GC) otherwise shows up in RSS divided by the session count.
// Run: npm run bench -- ws
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  type CommandResult,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type EngineFeedItem,
  type SessionEvent,
  type StorageAdapter,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { createEventContext } from '@recall/core/testing';
import { WebSocket, WebSocketServer } from 'ws';
import { createRecallClient } from '../packages/ws/src/index';
import { PROTOCOL_VERSION } from '../packages/ws/src/protocol/protocol-version';
import { encodeFeedItem } from '../packages/ws/src/server/feed-serializer';
import { createRecallServer, type RecallServerEngine } from '../packages/ws/src/server/index';
import { CELL_ENERGY } from '../packages/ws/test/harness/engine-setup';
import { createFeedEngine } from '../packages/ws/test/harness/feed-engine';
import { makeRecallSet } from '../packages/ws/test/harness/fixtures';
import { startFaultProxy } from '../packages/ws/test/harness/tcp-proxy';

const CLIENTS = 100;
const MESSAGES = 10_000;
const BATCH = 200;
const CUTS = 100;
const IDLE_SESSIONS = 1_000;
const MEMORY_RUNS = 3;
/** Node flag capping each young-generation semi-space at 1 MB (see (c) above). */
const CAPPED_YOUNG_GENERATION = '--max-semi-space-size=1';
const self = fileURLToPath(import.meta.url);
const role = process.argv[2];

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const immediate = () => new Promise((resolve) => setImmediate(resolve));

function spawnSelf(
  args: string[],
  nodeFlags: string[] = [],
): ChildProcess & { lines: AsyncIterator<string> } {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--conditions=@recall/source', '--import', 'tsx', self, ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return Object.assign(child, { lines });
}

async function nextLine(lines: AsyncIterator<string>): Promise<string> {
  const { value, done } = await lines.next();
  if (done) throw new Error('Child exited early.');
  return value;
}

// ---- child: 100 receiving clients --------------------------------------------------------

/**
 * Connects {@link CLIENTS} sockets, prints `connected`, then `done <closed>` once every socket
 * still open has received `target` messages (`closed`: sockets the server closed meanwhile,
 * e.g. as slow consumers). The target is argv (`> 0`) or a later `target N` line on stdin;
 * any other stdin line stops the child.
 */
async function runClients(url: string, initialTarget: number): Promise<void> {
  const sockets: WebSocket[] = [];
  const counts: number[] = [];
  const closed = new Set<number>();
  let target = initialTarget > 0 ? initialTarget : Number.POSITIVE_INFINITY;
  let finished = false;
  let stopping = false;
  const check = () => {
    if (finished || sockets.length < CLIENTS) return;
    if (counts.every((count, index) => closed.has(index) || count >= target)) {
      finished = true;
      process.stdout.write(`done ${closed.size}\n`);
    }
  };
  // Recall's server needs the protocol version; the bare baseline selects no subprotocol.
  const protocols = url.includes('/ws?') ? [PROTOCOL_VERSION] : [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const socket = new WebSocket(url, protocols);
    counts.push(0);
    socket.on('message', () => {
      counts[index] = (counts[index] ?? 0) + 1;
      if (counts[index] === target) check();
    });
    socket.on('close', () => {
      if (stopping) return;
      closed.add(index);
      check();
    });
    await new Promise((resolve) => socket.once('open', resolve));
    sockets.push(socket);
  }
  process.stdout.write('connected\n');
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.startsWith('target ')) {
      target = Number(line.slice('target '.length));
      check();
      return;
    }
    stopping = true;
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}

// ---- (a) fan-out -------------------------------------------------------------------------

/** An engine-like source: every listener of the session gets the same event objects. */
function createBroadcastSource(): RecallServerEngine & { emit(event: SessionEvent): void } {
  const listeners = new Set<(item: EngineFeedItem) => void>();
  return {
    startSession: async () => ({ sessionId: 'bench-session', resumed: true }),
    dispatch: async (): Promise<CommandResult> => {
      throw new Error('The benchmark source takes no commands.');
    },
    subscribe(_sessionId, _options, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
    emit(event) {
      const item: EngineFeedItem = { kind: 'event', event };
      for (const listener of listeners) listener(item);
    },
  };
}

function benchEvents(count: number): SessionEvent[] {
  const context = createEventContext({
    clock: () => 1_700_000_000_000,
    ids: (() => {
      let next = 0;
      return () => {
        next += 1;
        return `event-${next}`;
      };
    })(),
  });
  return Array.from({ length: count }, (_, index) => ({
    ...context.build('show_resource', {
      resourceId: `resource-${index % 50}`,
      title: 'ATP synthase',
      snippet:
        'ATP synthase is a rotary motor in the inner mitochondrial membrane, driven by a proton gradient.',
    }),
    sessionId: 'bench-session',
    seq: index + 1,
  }));
}

async function measureFanout(
  label: string,
  url: string,
  emitAll: () => Promise<void>,
  expected: number,
) {
  const clients = spawnSelf(['clients', url, String(expected)]);
  if ((await nextLine(clients.lines)) !== 'connected') throw new Error('clients failed');
  await sleep(200);
  const started = performance.now();
  await emitAll();
  const done = await nextLine(clients.lines);
  if (!done.startsWith('done ')) throw new Error('clients failed');
  const seconds = (performance.now() - started) / 1000;
  clients.stdin!.write('stop\n');
  return { label, deliveriesPerSecond: (CLIENTS * expected) / seconds, seconds };
}

async function fanout() {
  const events = benchEvents(MESSAGES);
  const storage = createMemoryStorage();
  await storage.saveSession({
    id: 'bench-session',
    recallSetId: 'set',
    userId: 'bench',
    status: 'in_progress',
    targetPointIds: [],
    recalledPointIds: [],
    startedAt: Date.now(),
  });
  const source = createBroadcastSource();
  const recall = createRecallServer({
    engine: source,
    storage,
    authenticate: () => ({ userId: 'bench' }),
    port: 0,
    maxSocketsPerUser: 1_000,
    connectionRateLimit: false,
    heartbeatIntervalMs: 0,
    maxBufferedBytes: 512 * 1024 * 1024,
    logger: {},
  });
  await recall.ready;
  const recallUrl = `ws://127.0.0.1:${recall.address()?.port}/ws?sessionId=bench-session&afterSeq=0`;
  const recallResult = await measureFanout(
    '@recall/ws server',
    recallUrl,
    async () => {
      for (let offset = 0; offset < events.length; offset += BATCH) {
        for (const event of events.slice(offset, offset + BATCH)) source.emit(event);
        await immediate();
      }
    },
    MESSAGES,
  );
  await recall.close();

  const payloads = events.map((event) =>
    JSON.stringify({ type: 'show_resource', seq: event.seq, ...event.data }),
  );
  const http: Server = createServer();
  const bare = new WebSocketServer({ server: http, perMessageDeflate: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const bareResult = await measureFanout(
    'bare ws broadcast',
    `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async () => {
      for (let offset = 0; offset < payloads.length; offset += BATCH) {
        for (const payload of payloads.slice(offset, offset + BATCH)) {
          for (const client of bare.clients) client.send(payload);
        }
        await immediate();
      }
    },
    MESSAGES,
  );
  bare.close();
  http.close();
  return { recallResult, bareResult, payloadBytes: Buffer.byteLength(payloads[0] ?? '') };
}

// ---- (a) fan-out from the real engine --------------------------------------------------------

/** What the learner says every turn: judged neither a recall nor a tangent, so turns go on. */
const NEUTRAL_ANSWER = 'I do not remember this one yet.';

async function engineWithSet() {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession('cell-energy', { userId: 'bench' });
  await engine.whenIdle(sessionId);
  return { storage, engine, sessionId, head: await storage.lastSeq(sessionId) };
}

/**
 * Runs learner turns until the session's subscribers have been sent at least `messages`
 * messages; returns the encoded messages (the same buffers the server writes to sockets).
 */
async function driveTurns(
  engine: Awaited<ReturnType<typeof engineWithSet>>['engine'],
  sessionId: string,
  afterSeq: number,
  messages: number,
): Promise<string[]> {
  const sent: string[] = [];
  const stop = engine.subscribe(sessionId, { afterSeq }, (item) => {
    const encoded = encodeFeedItem(item);
    if (encoded !== null) sent.push(encoded);
  });
  for (let turn = 0; sent.length < messages; turn += 1) {
    await engine.sendUserMessage(sessionId, NEUTRAL_ANSWER, { clientMessageId: `turn-${turn}` });
    await engine.whenIdle(sessionId);
  }
  stop();
  return sent;
}

async function engineFanout() {
  // The engine alone, no sockets: what it can produce on this machine.
  const alone = await engineWithSet();
  const aloneStarted = performance.now();
  const aloneSent = await driveTurns(alone.engine, alone.sessionId, alone.head, MESSAGES);
  const engineAlonePerSecond = aloneSent.length / ((performance.now() - aloneStarted) / 1000);
  await alone.engine.close();

  const { storage, engine, sessionId, head } = await engineWithSet();
  // Default options (1 MiB send-buffer bound, heartbeats, command rate limits, console
  // logger) except admission: 100 sockets of one user on one session.
  const recall = createRecallServer({
    engine,
    storage,
    authenticate: () => ({ userId: 'bench' }),
    port: 0,
    maxSocketsPerUser: CLIENTS,
    connectionRateLimit: false,
  });
  await recall.ready;
  const url = `ws://127.0.0.1:${recall.address()?.port}/ws?sessionId=${sessionId}&afterSeq=${head}`;
  const clients = spawnSelf(['clients', url, '0']);
  if ((await nextLine(clients.lines)) !== 'connected') throw new Error('clients failed');
  await sleep(200);
  const started = performance.now();
  const sent = await driveTurns(engine, sessionId, head, MESSAGES);
  clients.stdin!.write(`target ${sent.length}\n`);
  const done = await nextLine(clients.lines);
  const seconds = (performance.now() - started) / 1000;
  const disconnected = Number(done.split(' ')[1]);
  if (!done.startsWith('done ') || !Number.isInteger(disconnected)) {
    throw new Error('clients failed');
  }
  clients.stdin!.write('stop\n');
  await recall.close();
  const recallResult = {
    deliveriesPerSecond: ((CLIENTS - disconnected) * sent.length) / seconds,
    disconnected,
  };

  // Bare ws: the very same payloads (count and bytes), broadcast in batches.
  const http: Server = createServer();
  const bare = new WebSocketServer({ server: http, perMessageDeflate: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const bareResult = await measureFanout(
    'bare ws broadcast',
    `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async () => {
      for (let offset = 0; offset < sent.length; offset += BATCH) {
        for (const payload of sent.slice(offset, offset + BATCH)) {
          for (const client of bare.clients) client.send(payload, { binary: false });
        }
        await immediate();
      }
    },
    sent.length,
  );
  bare.close();
  http.close();
  const averageBytes = sent.reduce((total, payload) => total + payload.length, 0) / sent.length;
  return { recallResult, bareResult, engineAlonePerSecond, messages: sent.length, averageBytes };
}

// ---- (b) resume latency --------------------------------------------------------------------

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function resumeLatency() {
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

// ---- (c) memory per idle session (child with --expose-gc) ---------------------------------

function heapAndRss() {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

async function runMemoryServer(kind: 'recall' | 'transport' | 'bare'): Promise<void> {
  let port: number;
  if (kind === 'transport') {
    // The transport alone: an engine-like source over memory storage (session row + 1 event).
    const storage = createMemoryStorage();
    await storage.saveRecallSet(makeRecallSet({ id: 'cell-energy' }));
    const recall = createRecallServer({
      engine: createFeedEngine(storage),
      storage,
      authenticate: (request) => ({
        userId: new URL(request.url ?? '/', 'http://x').searchParams.get('user') ?? 'x',
      }),
      port: 0,
      connectionRateLimit: false,
      logger: {},
    });
    await recall.ready;
    port = recall.address()?.port ?? 0;
  } else if (kind === 'recall') {
    // The real engine over the shipped offline model adapter (the scripted test model keeps
    // every request it saw, ~10 KiB per session that no real adapter holds): each session
    // holds its cached state, its log in memory storage, its feed and its socket.
    const storage = createMemoryStorage();
    await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
    const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
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
    port = recall.address()?.port ?? 0;
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
async function medianMemoryPerSession(
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

// ---- main --------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { recallResult, bareResult, payloadBytes } = await fanout();
  const ratio = recallResult.deliveriesPerSecond / bareResult.deliveriesPerSecond;
  const fromEngine = await engineFanout();
  const engineRatio =
    fromEngine.recallResult.deliveriesPerSecond / fromEngine.bareResult.deliveriesPerSecond;
  const { recallTimes, bareTimes } = await resumeLatency();
  const recallMemory = await medianMemoryPerSession('recall');
  const recallCapped = await medianMemoryPerSession('recall', [CAPPED_YOUNG_GENERATION]);
  const transportMemory = await medianMemoryPerSession('transport');
  const bareMemory = await medianMemoryPerSession('bare');
  const bareCapped = await medianMemoryPerSession('bare', [CAPPED_YOUNG_GENERATION]);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const withinTarget = (bytes: number) =>
    bytes <= 50 * 1024 ? 'within the 50 KiB target' : 'ABOVE the 50 KiB target';
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows: Array<[string, string, string, string]> = [
    [
      `(a) fan-out, ${CLIENTS} clients × ${MESSAGES} msgs of ${payloadBytes} B`,
      `${Math.round(recallResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `${Math.round(bareResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `ratio ${ratio.toFixed(2)} (target ≥ 0.70); engine-like source, maxBufferedBytes 512 MiB`,
    ],
    [
      `(a) fan-out from the real engine, ${CLIENTS} clients × ${fromEngine.messages} msgs of ~${Math.round(fromEngine.averageBytes)} B`,
      `${Math.round(fromEngine.recallResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `${Math.round(fromEngine.bareResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `ratio ${engineRatio.toFixed(2)} (target ≥ 0.70); default server options but admission; ${fromEngine.recallResult.disconnected} slow-consumer disconnects`,
    ],
    [
      '(a) the engine alone (offline model, no sockets)',
      `${Math.round(fromEngine.engineAlonePerSecond).toLocaleString('en')} msgs/s`,
      '',
      'one session, one in-process subscriber, no server: the source rate before any fan-out',
    ],
    [
      `(b) resume after cut, p50 (${CUTS} cuts)`,
      ms(percentile(recallTimes, 0.5)),
      ms(percentile(bareTimes, 0.5)),
      'cut → caught up (5 missed events)',
    ],
    [
      `(b) resume after cut, p95`,
      ms(percentile(recallTimes, 0.95)),
      ms(percentile(bareTimes, 0.95)),
      '',
    ],
    [
      `(c) heap used per idle session, after GC (${IDLE_SESSIONS} sessions, median of ${MEMORY_RUNS})`,
      kib(recallMemory.heapPerSession),
      kib(bareMemory.heapPerSession),
      `${withinTarget(recallMemory.heapPerSession)}; real engine (offline model): state + log + feed + socket`,
    ],
    [
      '(c) RSS per idle session, DEFAULT node flags',
      kib(recallMemory.rssPerSession),
      kib(bareMemory.rssPerSession),
      `${withinTarget(recallMemory.rssPerSession)}; range ${kib(recallMemory.rssRange[0])}–${kib(recallMemory.rssRange[1])}; incl. V8 young-gen growth of the connect burst`,
    ],
    [
      `(c) RSS per idle session, ${CAPPED_YOUNG_GENERATION}`,
      kib(recallCapped.rssPerSession),
      kib(bareCapped.rssPerSession),
      `${withinTarget(recallCapped.rssPerSession)}; young gen. capped, range ${kib(recallCapped.rssRange[0])}–${kib(recallCapped.rssRange[1])}`,
    ],
    [
      '(c) heap / RSS, transport only',
      `${kib(transportMemory.heapPerSession)} / ${kib(transportMemory.rssPerSession)}`,
      '',
      'engine-like source, memory storage',
    ],
  ];
  const header: [string, string, string, string] = ['measure', '@recall/ws', 'bare ws', 'note'];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
}

if (role === 'clients') {
  await runClients(process.argv[3] ?? '', Number(process.argv[4]));
} else if (role === 'memory-server') {
  const kind = process.argv[3];
  await runMemoryServer(kind === 'bare' || kind === 'transport' ? kind : 'recall');
} else {
  await main();
  process.exit(0);
}
