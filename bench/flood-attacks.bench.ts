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
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION } from '../packages/ws/src/protocol/protocol-version';
import {
  PHASE_SECONDS,
  runAttacker,
  runServer,
  runSilent,
  runSink,
  runUpgrades,
  sleep,
} from './flood-attacks/children';

const self = fileURLToPath(import.meta.url);
const PACED_BYTES_PER_SECOND = 16 * 1024 * 1024;
/** Longer than a per-user frame meter outlives its last socket (8 s by default). */
const SETTLE_MS = 10_000;
const load = () => loadavg()[0]?.toFixed(2) ?? '?';

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
