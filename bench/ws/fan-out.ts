// (a) of ws.bench.ts: fan-out from an engine-like source, and the child process of 100
// receiving clients.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import {
  type CommandResult,
  createMemoryStorage,
  type EngineFeedItem,
  type SessionEvent,
} from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import { WebSocket, WebSocketServer } from 'ws';
import { PROTOCOL_VERSION } from '../../packages/ws/src/protocol/protocol-version';
import { createRecallServer, type RecallServerEngine } from '../../packages/ws/src/server/index';
import { BATCH, CLIENTS, MESSAGES, immediate, nextLine, sleep, spawnSelf } from './shared';

// ---- child: 100 receiving clients --------------------------------------------------------

/**
 * Connects {@link CLIENTS} sockets, prints `connected`, then `done <closed>` once every socket
 * still open has received `target` messages (`closed`: sockets the server closed meanwhile,
 * e.g. as slow consumers). The target is argv (`> 0`) or a later `target N` line on stdin;
 * any other stdin line stops the child.
 */
export async function runClients(url: string, initialTarget: number): Promise<void> {
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

export async function measureFanout(
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

/** The baseline: bare `ws` broadcasting `payloads` to the clients in batches, nothing else. */
export async function measureBareBroadcast(payloads: readonly string[]) {
  const http: Server = createServer();
  const bare = new WebSocketServer({ server: http, perMessageDeflate: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const result = await measureFanout(
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
    payloads.length,
  );
  bare.close();
  http.close();
  return result;
}

export async function fanout() {
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
  const bareResult = await measureBareBroadcast(payloads);
  return { recallResult, bareResult, payloadBytes: Buffer.byteLength(payloads[0] ?? '') };
}
