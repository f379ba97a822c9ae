import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresBin } from '../../../../test/system-dependencies';

const run = promisify(execFile);

/** A throwaway PostgreSQL server in a temp directory, for tests and benchmarks. */
export interface PostgresServer {
  readonly port: number;
  /** A connection string for `database` (default: the `postgres` database). */
  connectionString(database?: string): string;
  /** Creates an empty database with a fresh name and returns its connection string. */
  createDatabase(): Promise<string>;
  /** `pg_ctl stop -m immediate` (a crash: no shutdown checkpoint), then start again. */
  crashAndRestart(): Promise<void>;
  /** Stops the server and deletes its directory. Idempotent. */
  stop(): Promise<void>;
}

let databaseCounter = 0;

/**
 * Starts PostgreSQL with initdb + pg_ctl on a free loopback port, its unix socket in the temp
 * directory, and stops it (even on an abrupt exit of this process) when done. The binaries are
 * found by `findPostgresBin` (`RECALL_PG_BIN`, else the newest `/usr/lib/postgresql/<n>/bin`).
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const root = mkdtempSync(join(tmpdir(), 'recall-pg-'));
  const dataDir = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(root, uid('nobody'), gid('nobody'));
  const pgCtl = (args: string[]) => run(...serverCommand(asRoot, bin, 'pg_ctl', args));

  let port = 0;
  let stopped = false;
  const start = async () => {
    await pgCtl([
      '-D',
      dataDir,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
  };
  const forceStop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      spawnSync(
        ...serverCommand(asRoot, bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
      );
    }
    rmSync(root, { recursive: true, force: true });
  };
  // If the test process exits without calling stop(), do not leave a server running.
  process.once('exit', forceStop);

  try {
    await run(
      ...serverCommand(asRoot, bin, 'initdb', [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--no-sync',
      ]),
    );
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      try {
        await start();
        break;
      } catch (error) {
        // Another process may have taken the port between our probe and the server's bind.
        if (attempt >= 3) throw withLog(error, root);
      }
    }
  } catch (error) {
    forceStop();
    throw error;
  }

  const connectionString = (database = 'postgres') =>
    `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    connectionString,
    async createDatabase() {
      databaseCounter += 1;
      const name = `recall_${process.pid}_${databaseCounter}`;
      const client = new pg.Client({ connectionString: connectionString() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return connectionString(name);
    },
    async crashAndRestart() {
      await pgCtl(['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      await start();
    },
    async stop() {
      if (stopped) return;
      process.off('exit', forceStop);
      try {
        await pgCtl(['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        stopped = true;
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

// The server binaries refuse to run as root, so under root they run as `nobody`.
function serverCommand(
  asRoot: boolean,
  bin: string,
  program: string,
  args: string[],
): [string, string[]] {
  const path = join(bin, program);
  return asRoot ? ['runuser', ['-u', 'nobody', '--', path, ...args]] : [path, args];
}

function uid(user: string): number {
  return idField(user, 2);
}

function gid(user: string): number {
  return idField(user, 3);
}

function idField(user: string, field: number): number {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${user}:`));
  const value = Number(line?.split(':')[field]);
  if (!Number.isInteger(value)) throw new Error(`No user ${user} in /etc/passwd.`);
  return value;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No port.'));
      });
    });
  });
}

function withLog(error: unknown, root: string): Error {
  let log = '';
  try {
    log = readFileSync(join(root, 'server.log'), 'utf8').slice(-2000);
  } catch {
    // No log yet.
  }
  return new Error(`PostgreSQL did not start: ${String(error)}\n${log}`, { cause: error });
}
