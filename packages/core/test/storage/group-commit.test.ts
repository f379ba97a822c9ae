import { ConcurrencyError, type StorageAdapter } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnChildScript } from './child-process';
import { messages, uniqueId } from './fixtures';
import { expectIntactLog, seededRandom } from './kill-test-helpers';
import { type PostgresServer, startPostgresServer } from './postgres-server';
import { lacks } from '../../../../test/system-dependencies';

// Group commit: appends of different sessions that queue while a statement is in flight are
// committed together, each session keeping its own checks, order and acknowledgement.

let server: PostgresServer;
const withoutPostgres = lacks('postgres');

beforeAll(async () => {
  if (!withoutPostgres) server = await startPostgresServer();
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

/** A storage whose every statement is counted at the driver (`pg.Pool.query`). */
async function countingPostgres(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const counter = { appends: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (
    ...args: unknown[]
  ) => {
    const config = args[0] as { text?: string } | string;
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (/insert into recall_events/.test(text)) counter.appends += 1;
    return query(...args);
  };
  const storage = await createPostgresStorage({ pool, connectionString });
  return {
    storage,
    counter,
    close: async () => {
      await storage.close();
      await pool.end();
    },
  };
}

function sessions(count: number): string[] {
  return Array.from({ length: count }, () => uniqueId('sess'));
}

describe.skipIf(withoutPostgres)('group commit on PostgreSQL', () => {
  test('concurrent sessions are appended in fewer statements than sessions, each in order', async () => {
    const connectionString = await server.createDatabase();
    const { storage, counter, close } = await countingPostgres(connectionString);
    try {
      const ids = sessions(40);
      const first = await Promise.all(
        ids.map((id) => storage.append(id, messages(id, 0, 2), { expectedSeq: 0 })),
      );
      // Two statements may be in flight at once (the default); the rest queue behind them.
      expect(counter.appends).toBeLessThanOrEqual(4);
      for (const [index, result] of first.entries()) {
        expect(result.status).toBe('appended');
        expect(result.events.map((event) => [event.sessionId, event.seq])).toEqual([
          [ids[index], 1],
          [ids[index], 2],
        ]);
      }
      // Two appends of one session queued together keep their order: the second waits.
      const [one, two, ...others] = await Promise.all([
        storage.append(ids[0]!, messages(ids[0]!, 2, 1), { expectedSeq: 2 }),
        storage.append(ids[0]!, messages(ids[0]!, 3, 1), { expectedSeq: 3 }),
        ...ids.slice(1).map((id) => storage.append(id, messages(id, 2, 1), { expectedSeq: 2 })),
      ]);
      expect(one!.events[0]!.seq).toBe(3);
      expect(two!.events[0]!.seq).toBe(4);
      expect(others.every((result) => result.events[0]!.seq === 3)).toBe(true);
      for (const id of ids) {
        const log = await storage.read(id);
        expect(log.map((event) => event.seq)).toEqual(
          Array.from({ length: id === ids[0] ? 4 : 3 }, (_, index) => index + 1),
        );
        expect(log.map((event) => (event.data as { content: string }).content)).toEqual(
          log.map((event) => `message ${event.seq}`),
        );
      }
    } finally {
      await close();
    }
  });

  test("one session's conflict, duplicate or foreign id fails only that session", async () => {
    const connectionString = await server.createDatabase();
    const { storage, counter, close } = await countingPostgres(connectionString);
    try {
      const ids = sessions(12);
      const [stale, resent, thief, ...rest] = ids as [string, string, string, ...string[]];
      await storage.append(stale, messages(stale, 0, 1), { expectedSeq: 0 });
      const sent = messages(resent, 0, 2);
      await storage.append(resent, sent, { expectedSeq: 0 });
      const stolen = messages(rest[0]!, 0, 1);
      counter.appends = 0;
      // Fill both statements, so everything after them queues into one batch.
      const fillers = sessions(2);
      const settled = await Promise.allSettled([
        ...fillers.map((id) => storage.append(id, messages(id, 0, 1), { expectedSeq: 0 })),
        storage.append(stale, messages(stale, 0, 1), { expectedSeq: 0 }),
        storage.append(resent, sent, { expectedSeq: 0 }),
        ...rest.map((id, index) =>
          storage.append(id, index === 0 ? stolen : messages(id, 0, 1), { expectedSeq: 0 }),
        ),
        // The same event id in another session of the same batch fails the statement as a
        // whole; each session is then appended on its own.
        storage.append(thief, [{ ...stolen[0]!, sessionId: thief }] as typeof stolen, {
          expectedSeq: 0,
        }),
      ]);
      const [, , staleResult, resentResult, ...restResults] = settled as unknown as [
        unknown,
        unknown,
        PromiseSettledResult<unknown>,
        PromiseSettledResult<unknown>,
        ...PromiseSettledResult<unknown>[],
      ];
      const thiefResult = restResults.pop()!;
      expect(staleResult.status).toBe('rejected');
      expect((staleResult as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect(resentResult).toMatchObject({ status: 'fulfilled', value: { status: 'duplicate' } });
      // Exactly one of the two sessions sharing an event id gets it; every other is written.
      expect([thiefResult.status, restResults[0]!.status].sort()).toEqual([
        'fulfilled',
        'rejected',
      ]);
      expect((await storage.read(thief)).length + (await storage.read(rest[0]!)).length).toBe(1);
      for (const [index, result] of restResults.entries()) {
        if (index === 0) continue;
        expect(result, `session ${index}`).toMatchObject({
          status: 'fulfilled',
          value: { status: 'appended' },
        });
        expect((await storage.read(rest[index]!)).length).toBe(1);
      }
      expect(await storage.lastSeq(stale)).toBe(1);
      expect(await storage.lastSeq(resent)).toBe(2);
    } finally {
      await close();
    }
  });

  test('an append is acknowledged only once committed: a fresh connection reads it', async () => {
    const connectionString = await server.createDatabase();
    const { storage, close } = await countingPostgres(connectionString);
    // A pool queues the reads: one pg.Client given overlapping queries is deprecated in pg 8.
    const reader = new pg.Pool({ connectionString, max: 1 });
    try {
      const ids = sessions(30);
      await Promise.all(
        ids.map(async (id) => {
          await storage.append(id, messages(id, 0, 3), { expectedSeq: 0 });
          const { rows } = await reader.query(
            'select count(*)::int as count from recall_events where session_id = $1',
            [id],
          );
          expect(rows[0].count).toBe(3);
        }),
      );
    } finally {
      await reader.end();
      await close();
    }
  });

  test('kill -9 while sessions append together: every acknowledged event survives', async () => {
    const seed = Date.now();
    const next = seededRandom(seed);
    const connectionString = await server.createDatabase();
    const ids = sessions(16);
    const child = spawnChildScript('append-sessions', {
      driver: 'postgres',
      connectionString,
      sessionIds: ids,
    });
    const acknowledged = new Map<string, number>();
    try {
      await child.waitForLine((line) => line === 'ready', 30_000);
      const target = 100 + Math.floor(next() * 300);
      await child.waitForLine(
        () => child.lines.filter((line) => line.startsWith('ack ')).length >= target,
        30_000,
      );
      child.process.kill('SIGKILL');
      await child.exited;
      for (const line of child.lines.filter((entry) => entry.startsWith('ack '))) {
        const [, id, seq] = line.split(' ') as [string, string, string];
        acknowledged.set(id, Math.max(acknowledged.get(id) ?? 0, Number(seq)));
      }
    } finally {
      child.process.kill('SIGKILL');
    }
    const storage = await createPostgresStorage({ connectionString });
    try {
      for (const id of ids) {
        await expectIntactLog(storage, id, { acknowledged: acknowledged.get(id) ?? 0, seed });
      }
    } finally {
      await storage.close();
    }
  }, 60_000);
});

describe('group commit on PGlite', () => {
  let storage: StorageAdapter;
  beforeAll(async () => {
    storage = await createPGliteStorage();
  });
  afterAll(async () => {
    await storage.close();
  });

  test('sessions queued behind a statement share one, with per-session verdicts', async () => {
    const ids = sessions(20);
    const [stale] = ids as [string];
    await storage.append(stale, messages(stale, 0, 1), { expectedSeq: 0 });
    const settled = await Promise.allSettled(
      ids.map((id) => storage.append(id, messages(id, 0, 2), { expectedSeq: 0 })),
    );
    expect((settled[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    for (const [index, result] of settled.slice(1).entries()) {
      expect(result).toMatchObject({ status: 'fulfilled' });
      const { value } = result as PromiseFulfilledResult<
        Awaited<ReturnType<StorageAdapter['append']>>
      >;
      expect(value.events.map((event) => [event.sessionId, event.seq])).toEqual([
        [ids[index + 1], 1],
        [ids[index + 1], 2],
      ]);
    }
  });
});
