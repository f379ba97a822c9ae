// Storage benchmark: append throughput (batches of 1 and of 20) and replay of a 10,000-event
// session, for the in-memory, PGlite (file-backed) and PostgreSQL adapters, side by side.
// PostgreSQL runs in a throwaway server started with the test harness (initdb + pg_ctl).
// Run: npm run bench -- storage
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { startPostgresServer } from '../packages/core/test/storage/postgres-server';

const SINGLE_APPENDS = 2000;
const BATCH_SIZE = 20;
const REPLAY_EVENTS = 10_000;
const REPLAY_RUNS = 5;

interface Measures {
  singleAppendsPerSecond: number;
  batchAppendsPerSecond: number;
  batchEventsPerSecond: number;
  replayMs: number;
}

function batch(_sessionId: string, lastSeq: number, size: number) {
  const context = createEventContext({ clock: Date.now, ids: randomUUID });
  return Array.from({ length: size }, (_, index) =>
    context.build('assistant_message', {
      content: `A typical tutor reply of a sentence or two, number ${lastSeq + index + 1}.`,
      agent: 'tutor',
      usage: { inputTokens: 1200, outputTokens: 40, cacheReadTokens: 1000, cacheWriteTokens: 0 },
    }),
  );
}

async function appendAll(storage: StorageAdapter, sessionId: string, total: number, size: number) {
  for (let seq = 0; seq < total; seq += size) {
    await storage.append(sessionId, batch(sessionId, seq, size), { expectedSeq: seq });
  }
}

async function measure(storage: StorageAdapter): Promise<Measures> {
  await appendAll(storage, randomUUID(), 100, 1); // warm-up

  const singleSession = randomUUID();
  let started = performance.now();
  await appendAll(storage, singleSession, SINGLE_APPENDS, 1);
  const singleSeconds = (performance.now() - started) / 1000;

  const replaySession = randomUUID();
  started = performance.now();
  await appendAll(storage, replaySession, REPLAY_EVENTS, BATCH_SIZE);
  const batchSeconds = (performance.now() - started) / 1000;

  const replays: number[] = [];
  for (let run = 0; run < REPLAY_RUNS; run += 1) {
    started = performance.now();
    const events = await storage.read(replaySession);
    replays.push(performance.now() - started);
    if (events.length !== REPLAY_EVENTS) throw new Error(`Replay read ${events.length} events.`);
  }
  replays.sort((a, b) => a - b);
  return {
    singleAppendsPerSecond: SINGLE_APPENDS / singleSeconds,
    batchAppendsPerSecond: REPLAY_EVENTS / BATCH_SIZE / batchSeconds,
    batchEventsPerSecond: REPLAY_EVENTS / batchSeconds,
    replayMs: replays[Math.floor(REPLAY_RUNS / 2)]!,
  };
}

const directory = mkdtempSync(join(tmpdir(), 'recall-bench-'));
const server = await startPostgresServer();
const results: [string, Measures][] = [];
try {
  const adapters: [string, () => Promise<StorageAdapter>][] = [
    ['memory', async () => createMemoryStorage()],
    ['PGlite (file)', () => createPGliteStorage({ dataDir: join(directory, 'pglite') })],
    [
      'PostgreSQL',
      async () => createPostgresStorage({ connectionString: await server.createDatabase() }),
    ],
  ];
  for (const [name, open] of adapters) {
    const storage = await open();
    try {
      results.push([name, await measure(storage)]);
    } finally {
      await storage.close();
    }
  }
} finally {
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const rows: [string, (measures: Measures) => string][] = [
  [
    `append, batch of 1 (appends/s, ${SINGLE_APPENDS} appends)`,
    (m) => integer(m.singleAppendsPerSecond),
  ],
  [`append, batch of ${BATCH_SIZE} (appends/s)`, (m) => integer(m.batchAppendsPerSecond)],
  [`append, batch of ${BATCH_SIZE} (events/s)`, (m) => integer(m.batchEventsPerSecond)],
  [
    `replay ${integer(REPLAY_EVENTS)} events (ms, median of ${REPLAY_RUNS})`,
    (m) => m.replayMs.toFixed(1),
  ],
  [`replay (events/s)`, (m) => integer((REPLAY_EVENTS / m.replayMs) * 1000)],
];
const header = ['', ...results.map(([name]) => name)];
const table = [
  header,
  ...rows.map(([label, format]) => [label, ...results.map(([, m]) => format(m))]),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
for (const [index, row] of table.entries()) {
  console.log(
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  '),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
console.log(
  `\nnode ${process.version}, ${process.platform}/${process.arch}; PostgreSQL with default fsync.`,
);
