// Server child of scale.bench.ts: a Recall server (memory, PGlite or PostgreSQL storage, a
// real engine over the scripted bench model, default server options) or the bare `ws`
// baseline. Prints `ready <port>`; answers on stdin: `stats` → `stats {…}`, `verify <file>`
// → `verified {…}` (each client's seqs against the stored log), `profile start` and
// `profile stop <file>` → `profiled` (V8's CPU profiler, the one --cpu-prof uses, over just
// that window), `stop` → exits.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type StorageAdapter,
} from '@recall/core';
import { createRecallServer } from '../../packages/ws/src/server/index';
import { startBareServer } from './bare-server';
import {
  countPGliteStatements,
  countPostgresStatements,
  countSocketWrites,
  readCounts,
} from './counters';
import { createBenchModel, RECALL_SET_ID } from './model';

/** What the parent asks for (JSON in argv[2]). */
export type ServerSpec =
  | { storage: 'bare' | 'memory' }
  | { storage: 'pglite'; dataDir: string }
  /** `saveRecallSet: false` for the second node of one database. */
  | { storage: 'postgres'; connectionString: string; saveRecallSet?: boolean };

/**
 * One client's seqs against those it should have got (wire v2 sends every stored event): `lost` are missing seqs below the last
 * one it got (gaps), `tail` those after it (appended once it had stopped listening, e.g. by a
 * reply that ended after its turn timed out), `unexpected` seqs it should not have got.
 */
function compare(expected: readonly number[], received: readonly number[]) {
  const seen = new Set(received);
  const wanted = new Set(expected);
  const last = Math.max(0, ...received);
  let outOfOrder = 0;
  for (let index = 1; index < received.length; index += 1) {
    if (received[index]! <= received[index - 1]!) outOfOrder += 1;
  }
  return {
    lost: expected.filter((seq) => seq < last && !seen.has(seq)).length,
    tail: expected.filter((seq) => seq > last).length,
    duplicated: received.length - seen.size,
    outOfOrder,
    unexpected: [...seen].filter((seq) => !wanted.has(seq)).length,
  };
}

async function openStorage(spec: ServerSpec): Promise<StorageAdapter> {
  switch (spec.storage) {
    case 'pglite': {
      await countPGliteStatements();
      const { createPGliteStorage } = await import('@recall/core/storage/pglite');
      return createPGliteStorage({ dataDir: spec.dataDir });
    }
    case 'postgres': {
      await countPostgresStatements();
      const { createPostgresStorage } = await import('@recall/core/storage/postgres');
      return createPostgresStorage({ connectionString: spec.connectionString });
    }
    default:
      return createMemoryStorage();
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
  countSocketWrites();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let port: number;
  let expectedSeqs: (sessionId: string) => Promise<number[] | undefined>;
  let stop: () => Promise<void>;
  if (spec.storage === 'bare') {
    const bare = await startBareServer();
    port = bare.port;
    expectedSeqs = async (sessionId) => bare.sentSeqs(sessionId);
    stop = () => bare.close();
  } else {
    const storage = await openStorage(spec);
    if (spec.storage !== 'postgres' || spec.saveRecallSet !== false) {
      await storage.saveRecallSet(
        defineRecallSet(
          {
            id: RECALL_SET_ID,
            name: 'Scale bench',
            description: 'Three points nobody recalls, so every turn is an ordinary one.',
            points: [
              { id: 'p1', content: 'ATP synthase makes ATP', context: 'Inner membrane.' },
              { id: 'p2', content: 'Glycolysis splits glucose', context: 'Cytoplasm.' },
              { id: 'p3', content: 'The Krebs cycle releases CO2', context: 'Matrix.' },
            ],
          },
          { now: Date.now() - 60_000 },
        ),
      );
    }
    const engine = createRecallEngine({ storage, llm: createBenchModel() });
    let warnings = 0;
    const server = createRecallServer({
      engine,
      storage,
      port: 0,
      // Every simulated learner connects from 127.0.0.1, so the per-address limits are sized
      // as a deployment whose learners share one address would size them (a school behind one
      // NAT, scaled to the bench's class): the per-user limits stay at their defaults.
      maxConnectionsPerAddress: 10_000,
      sessionStartLimit: { perAddress: { burst: 5_000, refillPerSecond: 250 } },
      maxConcurrentSessionStarts: 2_000,
      authenticate: (request) => {
        const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
        return token === null ? null : { userId: token };
      },
      logger: {
        warn: (message, fields) => {
          warnings += 1;
          if (warnings <= 5)
            process.stderr.write(`server warning: ${message} ${JSON.stringify(fields)}\n`);
        },
        error: (message, fields) =>
          process.stderr.write(`server error: ${message} ${JSON.stringify(fields)}\n`),
      },
    });
    await server.ready;
    port = server.address()!.port;
    expectedSeqs = async (sessionId) => (await storage.read(sessionId)).map((event) => event.seq);
    stop = async () => {
      await server.close();
      await storage.close();
    };
  }
  process.stdout.write(`ready ${port}\n`);
  let profiler: Session | undefined;
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stats') {
      const memory = process.memoryUsage();
      process.stdout.write(
        `stats ${JSON.stringify({
          ...readCounts(),
          cpu: process.cpuUsage(),
          rss: memory.rss,
          heapUsed: memory.heapUsed,
          loopDelayP99Ms: loop.percentile(99) / 1e6,
          at: performance.now(),
        })}\n`,
      );
      loop.reset();
    } else if (line === 'profile start') {
      profiler ??= new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    } else if (line.startsWith('profile stop ') && profiler !== undefined) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(line.slice('profile stop '.length), JSON.stringify(profile));
      profiler.disconnect();
      process.stdout.write('profiled\n');
    } else if (line.startsWith('verify ')) {
      const clients = JSON.parse(readFileSync(line.slice('verify '.length), 'utf8')) as Array<{
        sessionId: string;
        seqs: number[];
      }>;
      const total = {
        sessions: 0,
        lost: 0,
        tail: 0,
        duplicated: 0,
        outOfOrder: 0,
        unexpected: 0,
        missingLogs: 0,
      };
      for (const client of clients) {
        const expected = await expectedSeqs(client.sessionId);
        if (expected === undefined) {
          total.missingLogs += 1;
          continue;
        }
        const result = compare(expected, client.seqs);
        total.sessions += 1;
        total.lost += result.lost;
        total.tail += result.tail;
        total.duplicated += result.duplicated;
        total.outOfOrder += result.outOfOrder;
        total.unexpected += result.unexpected;
      }
      process.stdout.write(`verified ${JSON.stringify(total)}\n`);
    } else {
      break;
    }
  }
  // `stop`, or the parent went away (stdin closed).
  await stop();
  process.exit(0);
}

await main();
