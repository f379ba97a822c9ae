// One benchmark run: a server child (Recall on one storage, or the bare baseline) and a load
// generator child for N learners, measured from the outside.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startChild } from './child';
import type { LoadSpec } from './load';
import type { ServerSpec } from './server';
import type { Percentiles } from './stats';
import { postgresCpuMs } from './process-cpu';
import { topSelfTime, type SelfTime, type WriteCallers, writevCallers } from './profile';

/** PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s), and a margin. */
const STATISTICS_DELAY_MS = 10_500;

const here = fileURLToPath(new URL('.', import.meta.url));

/** Where a run's server keeps its data. */
export type Target = 'bare' | 'memory' | 'pglite' | 'postgres';

export interface RunOptions {
  target: Target;
  learners: number;
  turns: number;
  /** For `postgres`: a fresh database. */
  connectionString?: string;
  /** Profile the server's CPU while learners talk; report its top self-time functions. */
  profile: boolean;
  /** The class start: learners connect at this rate after `go`, talking once greeted. */
  connectRatePerSecond?: number;
  /** With `profile`: keep the server's `.cpuprofile` in this directory (named after the run). */
  profileOut?: string;
  /**
   * Another checkout of this repository (with its own `node_modules`) whose server runs
   * instead of this one's: the code before a change, measured in the same run.
   */
  baseline?: string;
}

interface ServerStats {
  statements: number;
  webSocketWrites: number;
  otherWrites: number;
  cpu: { user: number; system: number };
  rss: number;
  loopDelayP99Ms: number;
  at: number;
}

/** What one run measured. */
export interface RunResult {
  target: Target;
  /** `baseline` when the server came from `--baseline`'s checkout. */
  build: 'branch' | 'baseline';
  /** `class`: connects at a rate, overlapping turns; `turns`: everyone connected first. */
  scenario: 'turns' | 'class';
  learners: number;
  greeted: number;
  /** Connections refused before a greeting, by `HTTP <status>` or `close <code>`. */
  connectRefused: Record<string, number>;
  /** Connections neither greeted nor refused by the connect deadline. */
  connectTimedOut: number;
  /** Transactions PostgreSQL committed per turn (its own count: pg_stat_database). */
  commitsPerTurn: number | undefined;
  loadAverage: [number, number];
  sessionStartMs: Percentiles;
  startStatementsPerSession: number;
  turnsSent: number;
  turnsEnded: number;
  timedOut: number;
  refusals: Record<string, number>;
  turnsPerSecond: number;
  eventsPerSecond: number;
  firstChunkMs: Percentiles;
  lastEventMs: Percentiles;
  framesPerTurn: number;
  chunksPerReply: number;
  statementsPerTurn: number;
  webSocketWritesPerTurn: number;
  serverCpuPercent: number;
  /** The server's CPU time (user + system) per turn sent, in milliseconds. */
  serverCpuMsPerTurn: number;
  /** The part of {@link RunResult.serverCpuMsPerTurn} spent in the kernel (system calls). */
  serverSystemCpuMsPerTurn: number;
  serverRssMb: number;
  /** PostgreSQL's server processes, for runs on PostgreSQL (Linux). */
  postgresCpuPercent: number | undefined;
  /** PostgreSQL's server processes' CPU time per turn sent, in milliseconds. */
  postgresCpuMsPerTurn: number | undefined;
  loopDelayP99Ms: number;
  closedEarly: number;
  check: { lost: number; tail: number; duplicated: number; outOfOrder: number; unexpected: number };
  profile: SelfTime[];
  /** With `profile`: whose socket writes the server's `writev` time was spent on. */
  writev: WriteCallers | undefined;
}

export async function runOnce(options: RunOptions): Promise<RunResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'recall-scale-'));
  const spec: ServerSpec =
    options.target === 'pglite'
      ? { storage: 'pglite', dataDir: join(scratch, 'pglite') }
      : options.target === 'postgres'
        ? { storage: 'postgres', connectionString: options.connectionString! }
        : { storage: options.target };
  const profileDirectory = join(scratch, 'profile');
  const serverScript =
    options.baseline === undefined
      ? join(here, 'server.ts')
      : join(options.baseline, 'bench', 'scale', 'server.ts');
  const server = startChild(serverScript, [JSON.stringify(spec)], [], options.baseline);
  const stats = async () => {
    server.send('stats');
    return JSON.parse(await server.next('stats ', 60_000)) as ServerStats;
  };
  let load: ReturnType<typeof startChild> | undefined;
  try {
    const port = Number(await server.next('ready ', 60_000));
    const loadBefore = loadavg()[0]!;
    const atReady = await stats();
    const loadSpec: LoadSpec = {
      ports: [port],
      learners: options.learners,
      turns: options.turns,
      connectConcurrency: 64,
      ...(options.connectRatePerSecond === undefined
        ? {}
        : { connectRatePerSecond: options.connectRatePerSecond }),
      connectTimeoutMs: 60_000,
      turnTimeoutMs: 30_000,
      seqFile: join(scratch, 'seqs.json'),
    };
    load = startChild(join(here, 'load.ts'), [JSON.stringify(loadSpec)]);
    const started = JSON.parse(await load.next('started ', 15 * 60_000)) as {
      greeted: number;
      sessionStartMs: Percentiles;
      connectRefused: Record<string, number>;
      connectTimedOut: number;
    };
    const postgresPort =
      options.connectionString === undefined
        ? undefined
        : Number(new URL(options.connectionString).port);
    const commitsBefore = await committedTransactions(options.connectionString);
    const postgresBefore = postgresPort === undefined ? undefined : postgresCpuMs(postgresPort);
    const before = await stats();
    if (options.profile) {
      mkdirSync(profileDirectory);
      server.send('profile start');
    }
    load.send('go');
    const finished = JSON.parse(
      await load.next('finished ', (5 + options.turns * 33) * 1000 + 60_000),
    ) as Omit<RunResult, 'target'>;
    if (options.profile) {
      server.send(`profile stop ${join(profileDirectory, 'turns.cpuprofile')}`);
      await server.next('profiled', 60_000);
      if (options.profileOut !== undefined) {
        const build = options.baseline === undefined ? 'branch' : 'baseline';
        const name = `${options.target}-${options.learners}-${build}-${Date.now()}.cpuprofile`;
        mkdirSync(options.profileOut, { recursive: true });
        copyFileSync(join(profileDirectory, 'turns.cpuprofile'), join(options.profileOut, name));
      }
    }
    const after = await stats();
    const postgresAfter = postgresPort === undefined ? undefined : postgresCpuMs(postgresPort);
    const commitsAfter = await committedTransactions(options.connectionString);
    server.send(`verify ${loadSpec.seqFile}`);
    const check = JSON.parse(await server.next('verified ', 5 * 60_000)) as RunResult['check'];
    load.send('exit');
    await load.exit(10_000);
    server.send('stop');
    await server.exit(60_000);
    const turns = Math.max(1, finished.turnsSent);
    const classStart = options.connectRatePerSecond !== undefined;
    // In the class start, sessions start while others talk: per-turn counts include starts.
    const connected = classStart ? (finished as typeof started) : started;
    return {
      ...finished,
      target: options.target,
      build: options.baseline === undefined ? 'branch' : 'baseline',
      scenario: classStart ? 'class' : 'turns',
      learners: options.learners,
      greeted: connected.greeted,
      connectRefused: connected.connectRefused,
      connectTimedOut: connected.connectTimedOut,
      commitsPerTurn:
        commitsBefore === undefined || commitsAfter === undefined
          ? undefined
          : (commitsAfter - commitsBefore) / turns,
      loadAverage: [loadBefore, loadavg()[0]!],
      sessionStartMs: connected.sessionStartMs,
      startStatementsPerSession: classStart
        ? Number.NaN
        : (before.statements - atReady.statements) / Math.max(1, started.greeted),
      statementsPerTurn: (after.statements - before.statements) / turns,
      webSocketWritesPerTurn: (after.webSocketWrites - before.webSocketWrites) / turns,
      serverCpuPercent:
        (100 * (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system)) /
        1000 /
        Math.max(1, after.at - before.at),
      serverCpuMsPerTurn:
        (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / turns,
      serverSystemCpuMsPerTurn: (after.cpu.system - before.cpu.system) / 1000 / turns,
      serverRssMb: after.rss / 1024 / 1024,
      postgresCpuPercent:
        postgresBefore === undefined || postgresAfter === undefined
          ? undefined
          : (100 * (postgresAfter - postgresBefore)) / Math.max(1, after.at - before.at),
      postgresCpuMsPerTurn:
        postgresBefore === undefined || postgresAfter === undefined
          ? undefined
          : (postgresAfter - postgresBefore) / turns,
      loopDelayP99Ms: after.loopDelayP99Ms,
      check,
      profile: options.profile ? topSelfTime(profileDirectory) : [],
      writev: options.profile ? writevCallers(profileDirectory) : undefined,
    };
  } finally {
    load?.kill();
    server.kill();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Transactions PostgreSQL committed in the run's database (its own count), if on PostgreSQL.
 * A backend that went idle reports its last commits to the statistics within 10 s: wait that
 * long first, so the count at each end of the window is complete.
 */
async function committedTransactions(connectionString: string | undefined) {
  if (connectionString === undefined) return undefined;
  await new Promise((resolve) => setTimeout(resolve, STATISTICS_DELAY_MS));
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // The statistics collector reports with a delay; flush this backend's view first.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      'select xact_commit::float8 as commits from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.commits ?? 0);
  } finally {
    await client.end();
  }
}
