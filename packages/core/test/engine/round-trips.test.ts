import { PGlite } from '@electric-sql/pglite';
import type { StorageAdapter } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { scriptEvaluation } from '@recall/core/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../storage/postgres-server';
import { lacks } from '../../../../test/system-dependencies';
import { createHarness } from './harness';

// SQL round trips of the engine on each SQL storage, counted at the driver (every statement
// of every connection: pool, LISTEN and lock connections; BEGIN and COMMIT count). A session
// is watched by a subscriber, as a client attached to a server watches it.

let statements = 0;
const restores: Array<() => void> = [];

/** Counts every call of `name` on `prototype` until the end of the file. */
function count(prototype: object, name: string, weight = 1): void {
  const target = prototype as Record<string, (...args: unknown[]) => unknown>;
  const original = target[name]!;
  target[name] = function (this: unknown, ...args: unknown[]) {
    statements += weight;
    return original.apply(this, args);
  };
  restores.push(() => {
    target[name] = original;
  });
}

let postgres: PostgresServer | undefined;
const withoutPostgres = lacks('postgres');

beforeAll(async () => {
  count(pg.Client.prototype, 'query');
  count(PGlite.prototype, 'query');
  count(PGlite.prototype, 'exec');
  // A transaction's BEGIN and COMMIT (its own statements are not counted: none runs per turn).
  count(PGlite.prototype, 'transaction', 2);
  if (!withoutPostgres) postgres = await startPostgresServer();
}, 30_000);

afterAll(async () => {
  for (const restore of restores) restore();
  await postgres?.stop();
});

const none = () => scriptEvaluation({ recalled: [] });

async function measure(storage: StorageAdapter) {
  const h = await createHarness({
    storage,
    script: {
      evaluator: [none(), none(), scriptEvaluation({ recalled: ['p1'] }), none()],
    },
  });
  await storage.saveRecallSet(h.recallSet);
  const spend = async (work: () => Promise<unknown>) => {
    const before = statements;
    await work();
    return statements - before;
  };
  // A first session warms up what a process does once (LISTEN, its node lock, the set).
  const warm = await h.engine.startSession(h.recallSet.id, { userId: 'warm' });
  await h.engine.whenIdle(warm.sessionId);
  const stop = h.engine.subscribe(warm.sessionId, { afterSeq: 0 }, () => {});
  // PostgreSQL serves heads and sets from memory once it listens (from the first subscription).
  await vi.waitFor(
    async () => {
      await storage.lastSeq(warm.sessionId);
      expect(storage.knownLastSeq?.(warm.sessionId)).toBeDefined();
    },
    { timeout: 10_000 },
  );
  await h.say(warm.sessionId, 'A first answer.');
  const start = await spend(async () => {
    const { sessionId } = await h.engine.startSession(h.recallSet.id, { userId: 'measured' });
    await h.engine.whenIdle(sessionId);
    h.engine.subscribe(sessionId, { afterSeq: 0 }, () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  const ordinary = await spend(() => h.say(warm.sessionId, 'Something that recalls nothing.'));
  const recall = await spend(() =>
    h.say(warm.sessionId, 'ATP synthase makes ATP from ADP and phosphate'),
  );
  const ordinaryAgain = await spend(() => h.say(warm.sessionId, 'And nothing again.'));
  stop();
  await h.engine.close();
  return { start, ordinary, recall, ordinaryAgain };
}

describe('SQL round trips per turn', () => {
  test('PGlite: an ordinary turn is 2 statements, a turn with a recall 3, a session start 5', async () => {
    // Start: find the learner's active session, read their schedules, append the start with
    // the session row, append the greeting's end, and the subscriber's catch-up read.
    const storage = await createPGliteStorage();
    try {
      expect(await measure(storage)).toEqual({
        start: 5,
        ordinary: 2,
        recall: 3,
        ordinaryAgain: 2,
      });
    } finally {
      await storage.close();
    }
  }, 30_000);

  test.skipIf(withoutPostgres)(
    'PostgreSQL: the same, with no read back of its own appends and no claim round trip',
    async () => {
      const storage = await createPostgresStorage({
        connectionString: await postgres!.createDatabase(),
      });
      try {
        expect(await measure(storage)).toEqual({
          start: 5,
          ordinary: 2,
          recall: 3,
          ordinaryAgain: 2,
        });
      } finally {
        await storage.close();
      }
    },
    30_000,
  );
});
