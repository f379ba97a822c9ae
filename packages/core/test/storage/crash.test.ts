import { createPostgresStorage } from '@recall/core/storage/postgres';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { messages, uniqueId } from './fixtures';
import { appendUntilKilled, expectIntactLog, seededRandom } from './kill-test-helpers';
import { type PostgresServer, startPostgresServer } from './postgres-server';
import { lacks } from '../../../../test/system-dependencies';

// The PGlite kill test lives in pglite.test.ts, next to the PGlite template it copies.
let server: PostgresServer;
const withoutPostgres = lacks('postgres');

beforeAll(async () => {
  server = await startPostgresServer();
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(withoutPostgres)('kill -9 of a process appending to PostgreSQL', () => {
  test('every acknowledged append survives', async () => {
    const seed = Date.now();
    const next = seededRandom(seed);
    const connectionString = await server.createDatabase();
    const sessionId = uniqueId('sess');
    const storage = await createPostgresStorage({ connectionString });
    for (const delayMs of [0, Math.floor(next() * 300)]) {
      const acked = await appendUntilKilled(
        { driver: 'postgres', connectionString, sessionId },
        1 + Math.floor(next() * 100),
        delayMs,
      );
      await expectIntactLog(storage, sessionId, { acknowledged: acked, seed });
    }
    await storage.close();
  }, 60_000);
});

describe.skipIf(withoutPostgres)('PostgreSQL server crash', () => {
  test('appends fail with STORAGE_UNAVAILABLE while it is down; acked events survive; subscribers catch up', async () => {
    const connectionString = await server.createDatabase();
    const sessionId = uniqueId('sess');
    const writer = await createPostgresStorage({ connectionString });
    const reader = await createPostgresStorage({ connectionString, reconnectDelayMs: 50 });
    const received: number[] = [];
    const unsubscribe = reader.subscribe(sessionId, 0, (event) => received.push(event.seq));
    const errors: string[] = [];
    let crash: Promise<void> | undefined;
    let acked = 0;
    while (acked < 150) {
      if (acked === 50) crash ??= server.crashAndRestart();
      const batch = messages(sessionId, acked, 1);
      // Retry the same batch (same event id) until it is acknowledged: a commit whose
      // acknowledgement was lost comes back as a duplicate, never as a second copy.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const result = await writer.append(sessionId, batch, { expectedSeq: acked });
          acked = result.events.at(-1)!.seq;
          break;
        } catch (error) {
          errors.push((error as { code?: string }).code ?? String(error));
          if (attempt > 200) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
    await crash;
    expect(
      errors.every((code) => code === 'STORAGE_UNAVAILABLE'),
      errors.join(', '),
    ).toBe(true);
    await expectIntactLog(writer, sessionId, { acknowledged: acked, seed: 0 });
    expect(await writer.lastSeq(sessionId)).toBe(150);
    await vi.waitFor(() => expect(received).toHaveLength(150), { timeout: 15_000 });
    expect(received).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
    unsubscribe();
    await Promise.all([writer.close(), reader.close()]);
  }, 60_000);
});
