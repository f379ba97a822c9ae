// Attacks on the network side, each against a fresh server in its own process, the attacker
// in another, and a bystander learner (this process) pinging every 50 ms; loopback only, each
// phase bounded in time. Side by side in one run:
//   baseline      — the bystander alone;
//   full speed    — 12 attacking sockets send 30 KB JSON objects as fast as TCP takes them
//                   (reconnecting whenever closed);
//   16 MB/s       — the same, paced to 16 MB/s, next to a control that sends the same bytes
//                   to a plain TCP sink while the bystander pings an idle server;
//   heap          — heap used after a forced GC before and after each of 3 attacks, and RSS;
//   upgrades      — 600 upgrades with forged or fresh learner ids from one address against
//                   the example server: sessions and model calls created;
//   silent        — one peer opens 10,300 silent TCP sockets, then 10 learners connect.
// Each figure is printed with the 1-minute load average when it was taken: the machine is
// shared, so compare ratios within one run. Run: npm run bench -- flood-attacks
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer as createTcpServer, connect as tcpConnect, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createScriptedLLM } from '@recall/core/testing';
import { WebSocket } from 'ws';
import { startDemoServer } from '../examples/server/src/runtime/demo-server';
import { PROTOCOL_VERSION } from '../packages/ws/src/protocol/protocol-version';
import { createRecallServer } from '../packages/ws/src/server/index';
import { CELL_ENERGY } from '../packages/ws/test/harness/engine-setup';

const self = fileURLToPath(import.meta.url);
const PHASE_SECONDS = 10;
const ATTACK_SOCKETS = 12;
const FRAME_BYTES = 30_000;
const PACED_BYTES_PER_SECOND = 16 * 1024 * 1024;
/** Longer than a per-user frame meter outlives its last socket (8 s by default). */
const SETTLE_MS = 10_000;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const load = () => loadavg()[0]?.toFixed(2) ?? '?';

// ---- children ----------------------------------------------------------------------------

/** The library's server (defaults), or the example server, answering `stats` on stdin. */
async function runServer(kind: string): Promise<void> {
  const storage = createMemoryStorage();
  const llm = createScriptedLLM({ latencyMs: { tutor: 200 }, tutor: () => 'A short reply.' });
  let port: number;
  let close: () => Promise<void>;
  if (kind === 'demo') {
    const demo = await startDemoServer({
      storage,
      llm,
      appDir: null,
      mediaDir: join(self, '../../examples/server/media'),
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
async function runSink(): Promise<void> {
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
async function runAttacker(port: number, target: string, bytesPerSecond: number): Promise<void> {
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
async function runUpgrades(port: number): Promise<void> {
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
async function runSilent(port: number, total: number): Promise<void> {
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

// ---- parent ------------------------------------------------------------------------------

interface Child {
  next(prefix: string): Promise<string>;
  send(line: string): void;
  process: ChildProcess;
}

function child(...args: string[]): Child {
  const spawned = spawn(
    process.execPath,
    ['--expose-gc', '--conditions=@recall/source', '--import', 'tsx', self, ...args],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: spawned.stdout! })[Symbol.asyncIterator]();
  return {
    process: spawned,
    send: (line) => spawned.stdin!.write(`${line}\n`),
    async next(prefix) {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`${args[0]} exited early`);
        if (value.startsWith(prefix)) return value.slice(prefix.length);
      }
    },
  };
}

interface ServerStats {
  heapUsed: number;
  rss: number;
  sessions: number;
  modelCalls: number;
}

async function stats(server: Child): Promise<ServerStats> {
  server.send('stats');
  return JSON.parse(await server.next('stats ')) as ServerStats;
}

/** A learner pinging every 50 ms until stopped: round trips, and pings never answered. */
function bystander(url: string, headers: Record<string, string> = {}) {
  const rtts: number[] = [];
  let lost = 0;
  let running = true;
  const socket = new WebSocket(url, [PROTOCOL_VERSION], { headers });
  let waiting: { started: number; resolve: () => void } | null = null;
  socket.on('message', (data) => {
    if (waiting !== null && String(data).includes('"pong"')) {
      rtts.push(performance.now() - waiting.started);
      waiting.resolve();
      waiting = null;
    }
  });
  const ready = new Promise((resolve) => socket.once('open', resolve));
  const loop = (async () => {
    await ready;
    await sleep(500);
    while (running) {
      const answered = new Promise<void>((resolve) => {
        waiting = { started: performance.now(), resolve };
      });
      socket.send('{"type":"ping"}');
      const late = await Promise.race([answered.then(() => false), sleep(2_000).then(() => true)]);
      if (late) {
        lost += 1;
        waiting = null;
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      socket.terminate();
      return { rtts, lost };
    },
  };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function describe(result: { rtts: number[]; lost: number }): string {
  const p50 = percentile(result.rtts, 0.5).toFixed(2);
  const p99 = percentile(result.rtts, 0.99).toFixed(2);
  return `p50/p99 ${p50}/${p99} ms, ${result.rtts.length} answered, ${result.lost} lost (load ${load()})`;
}

const p99 = (result: { rtts: number[] }) => percentile(result.rtts, 0.99);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One phase against a fresh library server: the bystander while `attack` runs. */
async function phase(attack: ((port: number) => Promise<string>) | null) {
  const server = child('server', 'library');
  const port = Number(await server.next('port '));
  const watch = bystander(`ws://127.0.0.1:${port}/ws?recallSetId=cell-energy&token=bob`);
  let note = '';
  if (attack === null) await sleep(PHASE_SECONDS * 1_000);
  else note = await attack(port);
  const result = await watch.stop();
  server.send('stop');
  return { result, note };
}

async function attackWith(port: number, target: string, rate: number): Promise<string> {
  const attacker = child('attack', String(port), target, String(rate));
  return attacker.next('done ');
}

async function main(): Promise<void> {
  const rows: Array<[string, string]> = [];
  const print = (name: string, value: string) => {
    rows.push([name, value]);
    console.log(`${name}: ${value}`);
  };

  const baseline = await phase(null);
  print('baseline bystander', describe(baseline.result));

  const full = await phase((port) => attackWith(port, 'ws', 0));
  print('12 sockets at full speed: bystander', describe(full.result));
  print('12 sockets at full speed: attacker', full.note);
  print('  p99 ratio to baseline', (p99(full.result) / p99(baseline.result)).toFixed(2));

  const paced = await phase((port) => attackWith(port, 'ws', PACED_BYTES_PER_SECOND));
  const sink = child('sink');
  const sinkPort = Number(await sink.next('port '));
  const control = await phase(() => attackWith(sinkPort, 'ws', PACED_BYTES_PER_SECOND));
  sink.send('stop');
  print('16 MB/s to the server: bystander', describe(paced.result));
  print('16 MB/s to the server: attacker', paced.note);
  print('16 MB/s to a TCP sink (control): bystander', describe(control.result));
  print('16 MB/s to a TCP sink (control): attacker', control.note);
  print('  p99 ratio to control', (p99(paced.result) / p99(control.result)).toFixed(2));

  // Heap after a forced GC: after a warm-up attack (the attackers' sessions exist, code is
  // compiled), then after each of three more attacks on the same server, each measured once
  // the per-user frame meters could have expired.
  const server = child('server', 'library');
  const port = Number(await server.next('port '));
  await attackWith(port, 'ws', 0);
  await sleep(SETTLE_MS);
  const before = await stats(server);
  const heaps: string[] = [];
  for (let round = 0; round < 3; round += 1) {
    await attackWith(port, 'ws', 0);
    await sleep(SETTLE_MS);
    const after = await stats(server);
    heaps.push(
      `${mb(after.heapUsed)} heap (${((after.heapUsed / before.heapUsed - 1) * 100).toFixed(1)} %), ${mb(after.rss)} RSS`,
    );
  }
  server.send('stop');
  print(
    'heap after GC',
    `after a warm-up attack ${mb(before.heapUsed)}, RSS ${mb(before.rss)}; after attacks 1-3: ${heaps.join('; ')} (load ${load()})`,
  );

  // 600 upgrades with forged or fresh ids against the example server.
  const demoBaseline = await demoPhase(false);
  const demoAttack = await demoPhase(true);
  print('example server baseline bystander', describe(demoBaseline.result));
  print('600 forged/fresh upgrades: bystander', describe(demoAttack.result));
  print('600 forged/fresh upgrades: outcomes', demoAttack.note);
  print('  p99 ratio to baseline', (p99(demoAttack.result) / p99(demoBaseline.result)).toFixed(2));

  // 10,300 silent sockets from one address, then 10 learners from another.
  const silentServer = child('server', 'library');
  const silentPort = Number(await silentServer.next('port '));
  const silent = child('silent', String(silentPort), '10300');
  const held = await silent.next('held ');
  const learners = await Promise.all(
    Array.from({ length: 10 }, (_, index) => learnerFrom(silentPort, index)),
  );
  silent.send('stop');
  silentServer.send('stop');
  print(
    '10,300 silent sockets from one address',
    `${held} held by the server; learners from another address admitted: ${learners.filter(Boolean).length} of 10 (load ${load()})`,
  );
}

function learnerFrom(port: number, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const url = `ws://127.0.0.1:${port}/ws?recallSetId=cell-energy&token=learner-${index}`;
    const socket = new WebSocket(url, [PROTOCOL_VERSION], { localAddress: '127.0.0.2' });
    const timer = setTimeout(() => resolve(false), 10_000);
    socket.on('message', () => {
      clearTimeout(timer);
      socket.terminate();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function demoPhase(attack: boolean) {
  const server = child('server', 'demo');
  const port = Number(await server.next('port '));
  const page = await fetch(`http://127.0.0.1:${port}/api/sessions`);
  const cookie = page.headers.get('set-cookie')?.split(';')[0] ?? '';
  const before = await stats(server);
  const watch = bystander(`ws://127.0.0.1:${port}/ws?recallSetId=photosynthesis`, { cookie });
  let note = '';
  if (attack) {
    const attacker = child('upgrades', String(port));
    const done = await attacker.next('done ');
    await sleep(3_000);
    const after = await stats(server);
    note = `${done}; sessions ${after.sessions - before.sessions - 1}, model calls ${after.modelCalls - before.modelCalls} (bystander's included)`;
  } else {
    await sleep(PHASE_SECONDS * 1_000);
  }
  const result = await watch.stop();
  server.send('stop');
  return { result, note };
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'server') await runServer(rest[0] ?? 'library');
else if (mode === 'sink') await runSink();
else if (mode === 'attack') await runAttacker(Number(rest[0]), rest[1] ?? 'ws', Number(rest[2]));
else if (mode === 'upgrades') await runUpgrades(Number(rest[0]));
else if (mode === 'silent') await runSilent(Number(rest[0]), Number(rest[1]));
else {
  await main();
  process.exit(0);
}
