// Bounded flood run of @recall/ws/server with a real engine (memory storage, a scripted model
// whose turns take about two seconds, like a real one). The server runs in a child process
// so its RSS is its own. Two runs side by side, each with a fresh server:
//   baseline — a bystander user pings its session every 50 ms and sends a message a second;
//   flood    — the same bystander while one attacker user sends learner messages at 4.8/s for
//              20 s on one socket (under the rate limit), then 8,225 invalid frames at once,
//              then closes its socket.
// Reported: messages accepted / refused (SESSION_BUSY, RATE_LIMITED), invalid frames refused,
// log lines written, model turns run (during the flood and after the attacker left), the
// bystander's ping round trip p50/p99 in each run and their ratio, and the server's RSS
// before, at the end of the flood and after the attacker left.
// Run: npm run bench -- flood
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createScriptedLLM } from '@recall/core/testing';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION } from '../packages/ws/src/protocol/protocol-version';
import { createRecallServer } from '../packages/ws/src/server/index';
import { CELL_ENERGY } from '../packages/ws/test/harness/engine-setup';

const self = fileURLToPath(import.meta.url);
const FLOOD_SECONDS = 20;
const FLOOD_RATE = 4.8;
const INVALID_FRAMES = 8_225;
const PING_EVERY_MS = 50;
const TOKENS: Record<string, string> = { 'token-attacker': 'mallory', 'token-bystander': 'bob' };

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// ---- child: the server ------------------------------------------------------------------

async function runServer(): Promise<void> {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
  const llm = createScriptedLLM({
    // About what a real model takes: judges in 0.6 s, the reply's first token in 0.8 s.
    latencyMs: { tutor: 800, evaluator: 600, detector: 400 },
    chunkDelayMs: 40,
    tutor: () => 'A reply that streams in about thirty short chunks of text, like a real one.',
  });
  const engine = createRecallEngine({ storage, llm });
  let logLines = 0;
  const count = () => {
    logLines += 1;
  };
  const server = createRecallServer({
    engine,
    storage,
    port: 0,
    authenticate: (request) => {
      const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
      const userId = token === null ? undefined : TOKENS[token];
      return userId === undefined ? null : { userId };
    },
    logger: { info: count, warn: count, error: count },
  });
  await server.ready;
  process.stdout.write(`port ${server.address()?.port}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stats') {
      const turns = llm.requestsOf('tutor').length;
      process.stdout.write(
        `stats ${JSON.stringify({ rss: process.memoryUsage().rss, turns, logLines })}\n`,
      );
    } else if (line === 'idle') {
      // Waits until no tutor call has started for three seconds.
      let last = -1;
      while (llm.requestsOf('tutor').length !== last) {
        last = llm.requestsOf('tutor').length;
        await sleep(3_000);
      }
      process.stdout.write('idle\n');
    } else {
      await server.close();
      process.exit(0);
    }
  }
}

// ---- parent ------------------------------------------------------------------------------

interface ServerChild {
  port: number;
  stats(): Promise<{ rss: number; turns: number; logLines: number }>;
  idle(): Promise<void>;
  stop(): void;
}

async function startServer(): Promise<ServerChild> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@recall/source', '--import', 'tsx', self, 'server'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (prefix: string) => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('The server exited early.');
      if (value.startsWith(prefix)) return value.slice(prefix.length);
    }
  };
  const port = Number(await next('port '));
  return {
    port,
    async stats() {
      child.stdin!.write('stats\n');
      return JSON.parse(await next('stats ')) as { rss: number; turns: number; logLines: number };
    },
    async idle() {
      child.stdin!.write('idle\n');
      await next('idle');
    },
    stop: () => child.stdin!.write('stop\n'),
  };
}

interface Client {
  socket: WebSocket;
  messages: Array<Record<string, unknown>>;
}

async function connect(port: number, token: string): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?recallSetId=cell-energy&token=${token}`, [
    PROTOCOL_VERSION,
  ]);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) =>
    messages.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, messages };
}

/** A bystander pinging every 50 ms (and talking once a second) until stopped: its RTTs. */
function bystander(client: Client): { stop(): Promise<number[]> } {
  const rtts: number[] = [];
  let running = true;
  const loop = (async () => {
    let sent = 0;
    while (running) {
      const started = performance.now();
      const before = client.messages.length;
      client.socket.send(JSON.stringify({ type: 'ping' }));
      while (!client.messages.slice(before).some((message) => message.type === 'pong')) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      rtts.push(performance.now() - started);
      if (rtts.length % 20 === 0) {
        sent += 1;
        client.socket.send(
          JSON.stringify({
            type: 'user_message',
            content: `still here ${sent}`,
            clientMessageId: `b${sent}`,
          }),
        );
      }
      await sleep(PING_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return rtts;
    },
  };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run(flood: boolean) {
  const server = await startServer();
  const bob = await connect(server.port, 'token-bystander');
  await sleep(3_000);
  const before = await server.stats();
  const watch = bystander(bob);
  let counts = {
    accepted: 0,
    busy: 0,
    rateLimited: 0,
    invalid: 0,
    sent: 0,
    closedWith: null as number | null,
  };
  let atEnd = before;
  if (flood) {
    const attacker = await connect(server.port, 'token-attacker');
    const messages = Math.round(FLOOD_SECONDS * FLOOD_RATE);
    for (let index = 0; index < messages; index += 1) {
      attacker.socket.send(
        JSON.stringify({
          type: 'user_message',
          content: `flood ${index}`,
          clientMessageId: `f${index}`,
        }),
      );
      await sleep(1_000 / FLOOD_RATE);
    }
    let closedWith: number | null = null;
    attacker.socket.once('close', (code) => {
      closedWith = code;
    });
    for (let index = 0; index < INVALID_FRAMES; index += 1) attacker.socket.send('{not json');
    attacker.socket.send(JSON.stringify({ type: 'ping' }));
    // Answered with a pong, or (past `refusedFrameLimit`) closed with FRAME_FLOOD.
    while (!attacker.messages.some((message) => message.type === 'pong') && closedWith === null) {
      await sleep(20);
    }
    counts.closedWith = closedWith;
    const replies = attacker.messages.filter(
      (message) => message.type === 'ack' || message.type === 'error',
    );
    counts = {
      sent: messages,
      accepted: replies.filter((message) => message.type === 'ack').length,
      busy: replies.filter((message) => message.code === 'SESSION_BUSY').length,
      rateLimited: replies.filter((message) => message.code === 'RATE_LIMITED').length,
      invalid: replies.filter((message) => message.code === 'INVALID_JSON').length,
      closedWith: counts.closedWith,
    };
    atEnd = await server.stats();
    attacker.socket.close();
  } else {
    await sleep(FLOOD_SECONDS * 1_000);
    atEnd = await server.stats();
  }
  const rtts = await watch.stop();
  await server.idle();
  const after = await server.stats();
  bob.socket.close();
  server.stop();
  return { counts, rtts, before, atEnd, after };
}

async function main(): Promise<void> {
  const baseline = await run(false);
  const flood = await run(true);
  const p99 = (values: number[]) => percentile(values, 0.99);
  const attackerTurns = {
    during: flood.atEnd.turns - flood.before.turns,
    afterLeaving: flood.after.turns - flood.atEnd.turns,
  };
  const bystanderTurns = baseline.after.turns - baseline.before.turns;
  const rows: Array<[string, string]> = [
    [
      `attacker messages (${FLOOD_RATE}/s for ${FLOOD_SECONDS} s)`,
      `${flood.counts.sent} sent: ${flood.counts.accepted} accepted, ${flood.counts.busy} refused SESSION_BUSY, ${flood.counts.rateLimited} refused RATE_LIMITED, ${flood.counts.sent - flood.counts.accepted - flood.counts.busy - flood.counts.rateLimited} queued (not yet acknowledged) when the socket closed`,
    ],
    [
      'invalid frames',
      `${INVALID_FRAMES} sent, ${flood.counts.invalid} answered INVALID_JSON${flood.counts.closedWith === null ? '' : `, then the socket was closed with ${flood.counts.closedWith}`}; ${flood.after.logLines - flood.before.logLines} log lines in the whole flood run`,
    ],
    [
      'model turns (tutor calls)',
      `flood run: ${attackerTurns.during} during (bystander included), ${attackerTurns.afterLeaving} after the attacker left; baseline: ${bystanderTurns}`,
    ],
    [
      'bystander ping p50 / p99',
      `flood ${percentile(flood.rtts, 0.5).toFixed(2)} / ${p99(flood.rtts).toFixed(2)} ms; baseline ${percentile(baseline.rtts, 0.5).toFixed(2)} / ${p99(baseline.rtts).toFixed(2)} ms; p99 ratio ${(p99(flood.rtts) / p99(baseline.rtts)).toFixed(2)}`,
    ],
    [
      'server RSS before / end of flood / attacker gone',
      `${mb(flood.before.rss)} / ${mb(flood.atEnd.rss)} / ${mb(flood.after.rss)} (baseline ${mb(baseline.before.rss)} / ${mb(baseline.atEnd.rss)} / ${mb(baseline.after.rss)})`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
}

if (process.argv[2] === 'server') await runServer();
else await main();
