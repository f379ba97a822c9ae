// The child processes of flood-attacks.bench.ts (it runs itself with a mode: server, sink,
// attack, upgrades, silent), and the settings both sides share.
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { createServer as createTcpServer, connect as tcpConnect, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createScriptedLLM } from '@recall/core/testing';
import { WebSocket } from 'ws';
import { startDemoServer } from '../../examples/server/src/runtime/demo-server';
import { PROTOCOL_VERSION } from '../../packages/ws/src/protocol/protocol-version';
import { createRecallServer } from '../../packages/ws/src/server/index';
import { CELL_ENERGY } from '../../packages/ws/test/harness/engine-setup';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const PHASE_SECONDS = 10;
const ATTACK_SOCKETS = 12;
const FRAME_BYTES = 30_000;
export const sleep = (milliseconds: number) =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The library's server (defaults), or the example server, answering `stats` on stdin. */
export async function runServer(kind: string): Promise<void> {
  const storage = createMemoryStorage();
  const llm = createScriptedLLM({ latencyMs: { tutor: 200 }, tutor: () => 'A short reply.' });
  let port: number;
  let close: () => Promise<void>;
  if (kind === 'demo') {
    const demo = await startDemoServer({
      storage,
      llm,
      appDir: null,
      mediaDir: join(repositoryRoot, 'examples/server/media'),
    });
    port = demo.port;
    close = demo.close;
  } else {
    await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
    const server = createRecallServer({
      engine: createRecallEngine({ storage, llm }),
      storage,
      port: 0,
      authenticate: (request) => {
        const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
        return token === null ? null : { userId: token };
      },
      logger: {},
    });
    await server.ready;
    port = server.address()?.port ?? 0;
    close = () => server.close();
  }
  process.stdout.write(`port ${port}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stats') {
      globalThis.gc?.();
      const sessions = (await storage.listSessions({})).length;
      const stats = {
        heapUsed: process.memoryUsage().heapUsed,
        rss: process.memoryUsage().rss,
        sessions,
        modelCalls: llm.requests.length,
      };
      process.stdout.write(`stats ${JSON.stringify(stats)}\n`);
    } else {
      await close();
      process.exit(0);
    }
  }
}

/**
 * The control for the paced attack: a plain TCP server that completes the WebSocket handshake
 * (so the attacker does exactly the same work, masking included) and then drops every byte.
 */
export async function runSink(): Promise<void> {
  const server = createTcpServer((socket) => {
    socket.on('error', () => {});
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      socket.on('data', () => {});
      const key = /sec-websocket-key: *(\S+)/i.exec(head)?.[1] ?? '';
      const accept = createHash('sha1')
        .update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64');
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: ${PROTOCOL_VERSION}\r\n\r\n`,
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
  for await (const _line of createInterface({ input: process.stdin })) process.exit(0);
}

/** A JSON object frame of about `bytes` bytes: parsed by the server unless refused first. */
function heavyFrame(bytes: number): string {
  return `{"type":"ping","pad":[${'1,'.repeat(Math.floor(bytes / 2) - 20)}1]}`;
}

/**
 * `attack <port> <ws|tcp> <bytesPerSecond|0>`: 12 sockets for PHASE_SECONDS, as fast as TCP
 * takes them (0) or paced; WebSockets reconnect when closed. Prints what was sent and refused.
 */
export async function runAttacker(
  port: number,
  target: string,
  bytesPerSecond: number,
): Promise<void> {
  const frame = heavyFrame(FRAME_BYTES);
  const until = Date.now() + PHASE_SECONDS * 1_000;
  const totals = {
    bytes: 0,
    dropped: 0,
    frames: 0,
    closes: {} as Record<string, number>,
    refusals: 0,
  };
  const perSocket = bytesPerSecond / ATTACK_SOCKETS;
  async function oneSocket(index: number): Promise<void> {
    while (Date.now() < until) {
      const sender = await open(index);
      if (sender === null) {
        await sleep(100);
        continue;
      }
      const started = Date.now();
      let sentHere = 0;
      while (Date.now() < until && sender.isOpen()) {
        if (perSocket > 0) {
          const due = (sentHere / perSocket) * 1_000 - (Date.now() - started);
          if (due > 0) await sleep(due);
          // A fixed offered rate: a frame the socket cannot take now (over 1 MB queued) is
          // dropped, not queued without bound, so the attacker's own memory stays flat.
          if (sender.buffered() > 1024 * 1024) {
            sentHere += frame.length;
            totals.dropped += frame.length;
            continue;
          }
        } else if (sender.buffered() > 1024 * 1024) {
          // As fast as TCP takes it: wait for the kernel to drain, without polling.
          await sender.drained();
          continue;
        }
        sender.send(frame);
        sentHere += frame.length;
        totals.bytes += frame.length;
        totals.frames += 1;
        if (totals.frames % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      sender.close();
    }
  }
  async function open(index: number) {
    if (target === 'tcp') {
      const socket: Socket = tcpConnect({ port, host: '127.0.0.1' });
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      return {
        send: (data: string) => socket.write(data),
        buffered: () => socket.writableLength,
        drained: () => drained(socket),
        isOpen: () => !socket.destroyed,
        close: () => socket.destroy(),
      };
    }
    const url = `ws://127.0.0.1:${port}/ws?recallSetId=cell-energy&token=mallory-${index}`;
    const socket = new WebSocket(url, [PROTOCOL_VERSION]);
    socket.on('message', (data) => {
      if (String(data).includes('"error"')) totals.refusals += 1;
    });
    socket.on('close', (code) => {
      totals.closes[code] = (totals.closes[code] ?? 0) + 1;
    });
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (!opened) return null;
    // The TCP socket under the WebSocket: its `drain` says when the kernel took the bytes.
    const tcp = (socket as unknown as { _socket: Socket })._socket;
    return {
      send: (data: string) => socket.send(data),
      buffered: () => socket.bufferedAmount,
      drained: () => drained(tcp),
      isOpen: () => socket.readyState === WebSocket.OPEN,
      close: () => socket.terminate(),
    };
  }
  await Promise.all(Array.from({ length: ATTACK_SOCKETS }, (_, index) => oneSocket(index)));
  process.stdout.write(`done ${JSON.stringify(totals)}\n`);
  process.exit(0);
}

/** Resolves once `socket` drains, closes, or a second passes. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 1_000);
    socket.once('drain', done);
    socket.once('close', done);
  });
}

/** `upgrades <port>`: 300 forged cookies and 300 fresh learners, paced over the phase. */
export async function runUpgrades(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const outcomes: Record<string, number> = {};
  const count = (key: string) => {
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  };
  async function upgrade(cookie: string): Promise<void> {
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/ws?recallSetId=photosynthesis`,
      [PROTOCOL_VERSION],
      { headers: { cookie } },
    );
    await new Promise<void>((resolve) => {
      let settled = false;
      const settle = (outcome: string | null) => {
        if (settled) return;
        settled = true;
        if (outcome !== null) count(outcome);
        socket.terminate();
        resolve();
      };
      socket.on('unexpected-response', (_request, response) =>
        settle(`http ${response.statusCode}`),
      );
      socket.on('message', (data) => {
        const text = String(data);
        settle(
          text.includes('"error"') ? `refused ${/"code":"(\w+)"/.exec(text)?.[1]}` : 'session',
        );
      });
      socket.on('error', () => settle('socket error'));
    });
  }
  const forged = (index: number) =>
    upgrade(`recall_demo_id=${index.toString(16).padStart(32, 'f')}`);
  const fresh = async () => {
    const response = await fetch(`${base}/api/sessions`);
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (cookie === undefined) return count(`page ${response.status}`);
    await upgrade(cookie);
  };
  // 600 upgrades spread over the phase, alternating forged and fresh, 8 at a time.
  const started = Date.now();
  const spacingMs = (PHASE_SECONDS * 1_000) / 600;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < 600) {
        const index = next;
        next += 1;
        const due = started + index * spacingMs - Date.now();
        if (due > 0) await sleep(due);
        await (index % 2 === 0 ? forged(index) : fresh());
      }
    }),
  );
  process.stdout.write(`done ${JSON.stringify({ outcomes, ms: Date.now() - started })}\n`);
  process.exit(0);
}

/** `silent <port> <count>`: opens `count` TCP sockets that never send a byte; holds them. */
export async function runSilent(port: number, total: number): Promise<void> {
  const sockets: Socket[] = [];
  for (let index = 0; index < total; index += 1) {
    const socket = tcpConnect({ port, host: '127.0.0.1' });
    socket.on('error', () => {});
    sockets.push(socket);
    if (index % 200 === 199) await sleep(20);
  }
  await sleep(2_000);
  const held = sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open').length;
  process.stdout.write(`held ${held}\n`);
  for await (const _line of createInterface({ input: process.stdin })) process.exit(0);
}
