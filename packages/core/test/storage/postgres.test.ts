import { createPostgresStorage } from '@recall/core/storage/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { spawnChildScript } from './child-process';
import { describeStorageConformance } from './conformance';
import { eventBuilder, messages, uniqueId } from './fixtures';
import { type PostgresServer, startPostgresServer } from './postgres-server';
import { createVersion1Database, eventColumns, expectUpgradedLog, pointColumns } from './schema-v1';
import { createVersion2Database, expectMigratedLearners } from './schema-v2';
import { SCHEMA_VERSION } from '../../src/storage/sql/migrations';
import { lacks } from '../../../../test/system-dependencies';

let server: PostgresServer;
let conformanceDatabase: string;

beforeAll(async () => {
  server = await startPostgresServer();
  conformanceDatabase = await server.createDatabase();
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

// Skipped, after one line saying why, where no PostgreSQL binaries can be found (never on CI).
const withoutPostgres = lacks('postgres');

describe.skipIf(withoutPostgres)('PostgreSQL', () => {
  describeStorageConformance('PostgreSQL', {
    open: () => createPostgresStorage({ connectionString: conformanceDatabase }),
    openPeer: () => createPostgresStorage({ connectionString: conformanceDatabase }),
    writerClaims: true,
  });
});

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// The schema as PostgreSQL reports it: equal fingerprints mean no migration changed anything.
function schemaFingerprint(connectionString: string) {
  return withClient(connectionString, async (client) => ({
    columns: (
      await client.query(
        `select table_name, column_name, data_type, is_nullable from information_schema.columns
         where table_schema = 'public' order by table_name, column_name`,
      )
    ).rows,
    indexes: (
      await client.query(
        "select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname",
      )
    ).rows,
    meta: (
      await client
        .query(
          `select key, value from recall_meta
         where exists (select 1 from pg_tables where tablename = 'recall_meta') order by key`,
        )
        .catch(() => ({ rows: 'no recall_meta' }))
    ).rows,
  }));
}

describe.skipIf(withoutPostgres)('PostgreSQL across processes', () => {
  test('two processes racing on one session: one winner per seq, no gaps, no duplicates', async () => {
    const sessionId = uniqueId('sess');
    const rounds = 150;
    const spec = { driver: 'postgres', connectionString: conformanceDatabase, sessionId, rounds };
    const racers = ['A', 'B'].map((name) => spawnChildScript('race-appender', { ...spec, name }));
    try {
      await Promise.all(racers.map((racer) => racer.waitForLine((line) => line === 'ready')));
      for (const racer of racers) racer.send('go');
      const summaries = await Promise.all(
        racers.map(async (racer) => {
          const line = await racer.waitForLine((text) => text.startsWith('{'), 30_000);
          return JSON.parse(line) as { won: { seq: number; id: string }[]; conflicts: number };
        }),
      );
      const won = summaries.flatMap((summary) => summary.won).sort((a, b) => a.seq - b.seq);
      expect(won.map((entry) => entry.seq)).toEqual(
        Array.from({ length: rounds }, (_, index) => index + 1),
      );
      expect(summaries[0]!.conflicts + summaries[1]!.conflicts).toBe(rounds);
      const storage = await createPostgresStorage({ connectionString: conformanceDatabase });
      const log = await storage.read(sessionId);
      expect(log.map((event) => [event.seq, event.id])).toEqual(
        won.map((entry) => [entry.seq, entry.id]),
      );
      await storage.close();
    } finally {
      for (const racer of racers) racer.process.kill('SIGKILL');
    }
  }, 45_000);

  test('a subscriber receives 1,000 events appended by another process, in order, exactly once', async () => {
    const sessionId = uniqueId('sess');
    const storage = await createPostgresStorage({ connectionString: conformanceDatabase });
    const received: { seq: number; id: string }[] = [];
    const unsubscribe = storage.subscribe(sessionId, 0, (event) =>
      received.push({ seq: event.seq, id: event.id }),
    );
    const appender = spawnChildScript('append-loop', {
      driver: 'postgres',
      connectionString: conformanceDatabase,
      sessionId,
      count: 1000,
    });
    try {
      await appender.waitForLine((line) => line === 'done', 30_000);
      await vi.waitFor(() => expect(received).toHaveLength(1000), { timeout: 10_000 });
      const log = await storage.read(sessionId);
      expect(log).toHaveLength(1000);
      expect(received).toEqual(log.map((event) => ({ seq: event.seq, id: event.id })));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(1000);
    } finally {
      unsubscribe();
      appender.process.kill('SIGKILL');
      await storage.close();
    }
  }, 45_000);

  test('a dropped LISTEN connection reconnects and catches up without loss or repeats', async () => {
    const sessionId = uniqueId('sess');
    const writer = await createPostgresStorage({ connectionString: conformanceDatabase });
    const reader = await createPostgresStorage({
      connectionString: conformanceDatabase,
      reconnectDelayMs: 250,
    });
    const listenerPids = () =>
      withClient(conformanceDatabase, async (client) =>
        (
          await client.query<{ pid: number }>(
            "select pid from pg_stat_activity where query like 'LISTEN %' and datname = current_database()",
          )
        ).rows.map((row) => row.pid),
      );
    const before = new Set(await listenerPids());
    const received: number[] = [];
    const unsubscribe = reader.subscribe(sessionId, 0, (event) => received.push(event.seq));
    let readerListener = 0;
    await vi.waitFor(
      async () => {
        const added = (await listenerPids()).filter((pid) => !before.has(pid));
        expect(added).toHaveLength(1);
        readerListener = added[0]!;
      },
      { timeout: 10_000 },
    );
    await writer.append(sessionId, messages(sessionId, 0, 30), { expectedSeq: 0 });
    await vi.waitFor(() => expect(received).toHaveLength(30), { timeout: 10_000 });
    await withClient(conformanceDatabase, (client) =>
      client.query('select pg_terminate_backend($1)', [readerListener]),
    );
    await vi.waitFor(async () => expect(await listenerPids()).not.toContain(readerListener), {
      timeout: 10_000,
    });
    // These commits land while the reader is (mostly) not listening: its catch-up after
    // reconnecting must find them.
    for (let seq = 30; seq < 100; seq += 10) {
      await writer.append(sessionId, messages(sessionId, seq, 10), { expectedSeq: seq });
    }
    await vi.waitFor(() => expect(received).toHaveLength(100), { timeout: 10_000 });
    expect(received).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    const after = (await listenerPids()).filter((pid) => !before.has(pid));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(readerListener);
    unsubscribe();
    await Promise.all([writer.close(), reader.close()]);
  }, 30_000);
});

describe.skipIf(withoutPostgres)('PostgreSQL schema', () => {
  test('migrations run once; opening again (even concurrently) changes nothing', async () => {
    const database = await server.createDatabase();
    const opened = await Promise.all(
      [1, 2, 3].map(() => createPostgresStorage({ connectionString: database })),
    );
    const sessionId = uniqueId('sess');
    await opened[0]!.append(sessionId, messages(sessionId, 0, 2), { expectedSeq: 0 });
    await Promise.all(opened.map((storage) => storage.close()));
    const before = await schemaFingerprint(database);
    expect(before.meta).toEqual([{ key: 'schema_version', value: String(SCHEMA_VERSION) }]);
    const again = await createPostgresStorage({ connectionString: database });
    expect(await again.lastSeq(sessionId)).toBe(2);
    await again.close();
    expect(await schemaFingerprint(database)).toEqual(before);
  });

  test('a version 1 database is migrated on open: its events read back, new envelope fields are kept', async () => {
    const database = await server.createDatabase();
    const sessionId = uniqueId('sess');
    const old = [
      ...messages(sessionId, 0, 2),
      eventBuilder(sessionId, 2, 'turn-1').build('user_message', {
        content: 'resent?',
        clientMessageId: 'cm-1',
      }),
    ];
    await withClient(database, (client) =>
      createVersion1Database((sql, parameters) => client.query(sql, parameters), old),
    );
    expect(eventColumns(await schemaFingerprint(database))).not.toContain('meta');

    const storage = await createPostgresStorage({ connectionString: database });
    const withCommand = await expectUpgradedLog(storage, sessionId, old);
    await storage.close();

    const migrated = await schemaFingerprint(database);
    expect(migrated.meta).toEqual([{ key: 'schema_version', value: String(SCHEMA_VERSION) }]);
    expect(eventColumns(migrated)).toContain('meta');
    const again = await createPostgresStorage({ connectionString: database });
    expect(await again.read(sessionId)).toEqual([...old, withCommand]);
    await again.close();
    expect(await schemaFingerprint(database)).toEqual(migrated);
  });

  test('a version 2 database is migrated on open: each learner gets the schedules and logs their sessions wrote', async () => {
    const database = await server.createDatabase();
    await withClient(database, (client) =>
      createVersion2Database((sql, parameters) => client.query(sql, parameters)),
    );
    expect(pointColumns(await schemaFingerprint(database))).toContain('due');

    const storage = await createPostgresStorage({ connectionString: database });
    await expectMigratedLearners(storage);
    await storage.close();

    const migrated = await schemaFingerprint(database);
    expect(migrated.meta).toEqual([{ key: 'schema_version', value: String(SCHEMA_VERSION) }]);
    expect(pointColumns(migrated)).not.toContain('due');
    // Version 4: the writer of a streamed response.
    expect(eventColumns(migrated)).toContain('writer');
    await (await createPostgresStorage({ connectionString: database })).close();
    expect(await schemaFingerprint(database)).toEqual(migrated);
  });

  test('a database with a newer schema version is refused and left untouched', async () => {
    const database = await server.createDatabase();
    await (await createPostgresStorage({ connectionString: database })).close();
    await withClient(database, (client) =>
      client.query("update recall_meta set value = '99' where key = 'schema_version'"),
    );
    const before = await schemaFingerprint(database);
    await expect(createPostgresStorage({ connectionString: database })).rejects.toMatchObject({
      code: 'STORAGE_INCOMPATIBLE',
      message: expect.stringContaining('schema version 99'),
    });
    expect(await schemaFingerprint(database)).toEqual(before);
  });

  test('a database whose tables collide with Recall’s is refused and left untouched', async () => {
    const database = await server.createDatabase();
    await withClient(database, (client) => client.query('create table recall_events (x int)'));
    const before = await schemaFingerprint(database);
    expect(before.meta).toBe('no recall_meta');
    await expect(createPostgresStorage({ connectionString: database })).rejects.toMatchObject({
      code: 'STORAGE_INCOMPATIBLE',
      message: expect.stringContaining('not a Recall database'),
    });
    expect(await schemaFingerprint(database)).toEqual(before);
  });

  test('an unreachable server fails with STORAGE_UNAVAILABLE; no options is a TypeError', async () => {
    await expect(
      createPostgresStorage({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' }),
    ).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE', retryable: true });
    await expect(createPostgresStorage({})).rejects.toBeInstanceOf(TypeError);
  });

  test('a caller-owned pool is used and left open on close', async () => {
    const pool = new pg.Pool({ connectionString: conformanceDatabase, max: 2 });
    const storage = await createPostgresStorage({ pool });
    const sessionId = uniqueId('sess');
    const received: number[] = [];
    const unsubscribe = storage.subscribe(sessionId, 0, (event) => received.push(event.seq));
    const peer = await createPostgresStorage({ connectionString: conformanceDatabase });
    await peer.append(sessionId, messages(sessionId, 0, 3), { expectedSeq: 0 });
    await vi.waitFor(() => expect(received).toEqual([1, 2, 3]), { timeout: 10_000 });
    unsubscribe();
    await Promise.all([storage.close(), peer.close()]);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });
});
