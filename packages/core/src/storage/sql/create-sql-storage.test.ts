import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SessionEvent } from '../../events/envelope';
import { createEventContext } from '../../engine/turn';
import { createPGliteExecutor } from '../pglite/pglite-executor';
import { createSqlStorage, type SqlStorage } from './create-sql-storage';
import { FeedTrust } from './feed-trust';
import { migrate } from './migrate';
import { eventsNotice, recallSetNotice } from './notices';
import type { SqlExecutor } from './sql-executor';

let database: PGlite;
let sql: SqlStorage;
let trust: FeedTrust;
/** Statements sent since the last `take`. */
const sent: string[] = [];
const take = () => sent.splice(0);

function counting(executor: SqlExecutor): SqlExecutor {
  return {
    query(text, params, name) {
      sent.push(text.trim().split(/\s+/).slice(0, 3).join(' '));
      return executor.query(text, params, name);
    },
    transaction(fn) {
      sent.push('transaction');
      return executor.transaction(fn);
    },
  };
}

function batch(size: number) {
  const context = createEventContext({ clock: () => 1_000, ids: () => crypto.randomUUID() });
  return Array.from({ length: size }, (_, index) =>
    context.build('user_message', { content: `message ${index}` }),
  );
}

// One database for the file (creating PGlite takes seconds on a busy machine, more than a
// hook's default timeout): migrated once, emptied before each test, a fresh storage per test.
let executorOfFile: SqlExecutor;
beforeAll(async () => {
  database = new PGlite();
  executorOfFile = createPGliteExecutor(database);
  await migrate(executorOfFile);
}, 60_000);

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  const tables = await database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'recall_meta'",
  );
  await database.exec(`truncate ${tables.rows.map((row) => row.tablename).join(', ')} cascade`);
  // Trusted, as for PGlite; a test that plays PostgreSQL distrusts it.
  trust = new FeedTrust(true);
  sql = createSqlStorage({
    executor: counting(executorOfFile),
    trust,
    close: () => Promise.resolve(),
  });
  take();
});

afterEach(async () => {
  await sql.adapter.close();
});

describe('the SQL adapters do not read back what they just wrote', () => {
  test('an append is one statement, and its events reach a subscriber at the head with none', async () => {
    const storage = sql.adapter;
    const received: SessionEvent[] = [];
    await storage.append('s1', batch(2), { expectedSeq: 0 });
    expect(take()).toHaveLength(1);
    // The log is known to end at 2: subscribing there reads nothing.
    storage.subscribe('s1', 2, (event) => received.push(event));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const appended = await storage.append('s1', batch(3), { expectedSeq: 2 });
    expect(received).toEqual(appended.events);
    expect(take()).toEqual(['with head as']);
    expect(storage.knownLastSeq?.('s1')).toBe(5);
  });

  test('a subscriber behind the batch, or a notice from another process, reads the rows', async () => {
    const storage = sql.adapter;
    await storage.append('s1', batch(2), { expectedSeq: 0 });
    take();
    const received: number[] = [];
    storage.subscribe('s1', 0, (event) => received.push(event.seq));
    await vi.waitFor(() => expect(received).toEqual([1, 2]));
    expect(take()).toHaveLength(1);
    // Another process appended seqs 3–4 (written here behind the adapter's back).
    await database.query(
      `insert into recall_events (session_id, seq, id, type, data, "timestamp")
       select 's1', s, 'other-' || s, 'user_message', '{"content":"x"}', 1 from generate_series(3, 4) s`,
    );
    sql.receive(eventsNotice('s1', 4));
    await vi.waitFor(() => expect(received).toEqual([1, 2, 3, 4]));
    expect(take()).toHaveLength(1);
    expect(storage.knownLastSeq?.('s1')).toBe(4);
  });

  test("this process's own notice, arriving before the append's answer, sends nobody to read", async () => {
    const storage = sql.adapter;
    await storage.append('s1', batch(1), { expectedSeq: 0 });
    const received: number[] = [];
    storage.subscribe('s1', 1, (event) => received.push(event.seq));
    take();
    const appending = storage.append('s1', batch(2), { expectedSeq: 1 });
    sql.receive(eventsNotice('s1', 3));
    await appending;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([2, 3]);
    expect(take()).toEqual(['with head as']);
  });

  test('a recall set is read once, until it is saved here or another process says it was', async () => {
    const storage = sql.adapter;
    const set = {
      id: 'set-1',
      name: 'Set',
      description: '',
      status: 'active' as const,
      points: [],
      resources: [],
      createdAt: 1,
      updatedAt: 1,
    };
    await storage.saveRecallSet(set);
    take();
    await storage.getRecallSet('set-1');
    await storage.getRecallSet('set-1');
    expect(take()).toHaveLength(1);
    await storage.saveRecallSet({ ...set, name: 'Saved here' });
    take();
    expect((await storage.getRecallSet('set-1'))?.name).toBe('Saved here');
    await database.query(`update recall_sets set name = 'Saved elsewhere'`);
    sql.receive(recallSetNotice('set-1'));
    expect((await storage.getRecallSet('set-1'))?.name).toBe('Saved elsewhere');
    expect(take()).toHaveLength(2);
  });

  test('without trust (a PostgreSQL listener that is down) heads and sets come from the database', async () => {
    const storage = sql.adapter;
    trust.distrust();
    await storage.append('s1', batch(1), { expectedSeq: 0 });
    expect(storage.knownLastSeq?.('s1')).toBeUndefined();
    await storage.saveRecallSet({
      id: 'set-1',
      name: 'Set',
      description: '',
      status: 'active',
      points: [],
      resources: [],
      createdAt: 1,
      updatedAt: 1,
    });
    take();
    await storage.getRecallSet('set-1');
    await storage.getRecallSet('set-1');
    expect(take()).toHaveLength(2);
    // Listening again: what was learnt before is forgotten, what comes after is kept.
    trust.trust();
    expect(storage.knownLastSeq?.('s1')).toBeUndefined();
    await storage.lastSeq('s1');
    expect(storage.knownLastSeq?.('s1')).toBe(1);
  });
});
