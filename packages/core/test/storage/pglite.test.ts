import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnChildScript } from './child-process';
import { describeStorageConformance } from './conformance';
import { directoryDigest } from './directory-digest';
import { eventBuilder, messages, recallSet, uniqueId } from './fixtures';
import { appendUntilKilled, expectIntactLog, seededRandom } from './kill-test-helpers';
import { createVersion1Database, eventColumns, expectUpgradedLog, pointColumns } from './schema-v1';
import { createVersion2Database, expectMigratedLearners } from './schema-v2';
import { SCHEMA_VERSION } from '../../src/storage/sql/migrations';

const root = mkdtempSync(join(tmpdir(), 'recall-pglite-'));
const template = join(root, 'template');
const templateSession = uniqueId('sess');
const templateSet = recallSet({ points: 2 });
let copies = 0;

// Creating a PGlite database runs initdb (seconds); tests copy one made by the adapter instead.
function copyOfTemplate(): string {
  copies += 1;
  const directory = join(root, `copy-${copies}`);
  cpSync(template, directory, { recursive: true });
  return directory;
}

beforeAll(async () => {
  const storage = await createPGliteStorage({ dataDir: template });
  await storage.saveRecallSet(templateSet);
  await storage.append(templateSession, messages(templateSession, 0, 3), { expectedSeq: 0 });
  await storage.close();
}, 30_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeStorageConformance('PGlite (file-backed)', {
  open: () => createPGliteStorage({ dataDir: copyOfTemplate() }),
});

// The schema as PostgreSQL reports it, read with a raw PGlite (the adapter is closed).
async function schemaFingerprint(directory: string): Promise<unknown> {
  const database = new PGlite({ dataDir: directory });
  try {
    const columns = await database.query(
      `select table_name, column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`,
    );
    const indexes = await database.query(
      "select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname",
    );
    const meta = await database.query('select key, value from recall_meta order by key');
    return { columns: columns.rows, indexes: indexes.rows, meta: meta.rows };
  } finally {
    await database.close();
  }
}

// Each test opens PGlite several times (about a second each on a busy machine).
describe('PGlite data directory', { timeout: 60_000 }, () => {
  test('a new directory is created, migrated and marked; reopening changes nothing', async () => {
    const directory = copyOfTemplate();
    const before = await schemaFingerprint(directory);
    expect(before).toMatchObject({
      meta: [{ key: 'schema_version', value: String(SCHEMA_VERSION) }],
    });
    const marker = readFileSync(join(directory, 'recall.json'), 'utf8');
    for (let open = 0; open < 2; open += 1) {
      const storage = await createPGliteStorage({ dataDir: directory });
      expect(await storage.lastSeq(templateSession)).toBe(3);
      expect(await storage.getRecallSet(templateSet.id)).toEqual(templateSet);
      await storage.close();
    }
    expect(await schemaFingerprint(directory)).toEqual(before);
    expect(readFileSync(join(directory, 'recall.json'), 'utf8')).toBe(marker);
  });

  test('a version 1 database is migrated on open: its events read back, new envelope fields are kept', async () => {
    const directory = join(root, 'version-1');
    const sessionId = uniqueId('sess');
    const old = [
      ...messages(sessionId, 0, 2),
      eventBuilder(sessionId, 2, 'turn-1').build('user_message', {
        content: 'resent?',
        clientMessageId: 'cm-1',
      }),
    ];
    const raw = new PGlite({ dataDir: directory });
    await createVersion1Database((sql, parameters) => raw.query(sql, parameters), old);
    await raw.close();
    writeFileSync(
      join(directory, 'recall.json'),
      JSON.stringify({ format: 'recall-pglite', schemaVersion: 1 }),
    );
    expect(eventColumns(await schemaFingerprint(directory))).not.toContain('meta');

    const storage = await createPGliteStorage({ dataDir: directory });
    const withCommand = await expectUpgradedLog(storage, sessionId, old);
    await storage.close();

    const migrated = await schemaFingerprint(directory);
    expect(migrated).toMatchObject({
      meta: [{ key: 'schema_version', value: String(SCHEMA_VERSION) }],
    });
    expect(eventColumns(migrated)).toContain('meta');
    expect(JSON.parse(readFileSync(join(directory, 'recall.json'), 'utf8'))).toMatchObject({
      schemaVersion: SCHEMA_VERSION,
    });
    const again = await createPGliteStorage({ dataDir: directory });
    expect(await again.read(sessionId)).toEqual([...old, withCommand]);
    await again.close();
    expect(await schemaFingerprint(directory)).toEqual(migrated);
  }, 30_000);

  test('a version 2 database is migrated on open: each learner gets the schedules and logs their sessions wrote', async () => {
    const directory = join(root, 'version-2');
    const raw = new PGlite({ dataDir: directory });
    await createVersion2Database((sql, parameters) => raw.query(sql, parameters));
    await raw.close();
    writeFileSync(
      join(directory, 'recall.json'),
      JSON.stringify({ format: 'recall-pglite', schemaVersion: 2 }),
    );
    expect(pointColumns(await schemaFingerprint(directory))).toContain('due');

    const storage = await createPGliteStorage({ dataDir: directory });
    await expectMigratedLearners(storage);
    await storage.close();

    const migrated = await schemaFingerprint(directory);
    expect(migrated).toMatchObject({
      meta: [{ key: 'schema_version', value: String(SCHEMA_VERSION) }],
    });
    expect(pointColumns(migrated)).not.toContain('due');
    // Version 4: the writer of a streamed response.
    expect(eventColumns(migrated)).toContain('writer');
    const again = await createPGliteStorage({ dataDir: directory });
    await again.close();
    expect(await schemaFingerprint(directory)).toEqual(migrated);
  }, 30_000);

  test('a directory that is not a Recall database, or is newer, is refused and left untouched', async () => {
    const foreign = join(root, 'foreign');
    mkdirSync(join(foreign, 'nested'), { recursive: true });
    writeFileSync(join(foreign, 'notes.txt'), 'my notes');
    writeFileSync(join(foreign, 'nested', 'data.bin'), Buffer.from([0, 1, 2]));
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const newer = copyOfTemplate();
    writeFileSync(
      join(newer, 'recall.json'),
      JSON.stringify({ format: 'recall-pglite', schemaVersion: 99 }),
    );
    const refusals = [
      { dataDir: foreign, message: 'not a Recall database' },
      { dataDir: file, message: 'not a directory' },
      { dataDir: newer, message: 'schema version 99' },
    ];
    for (const { dataDir, message } of refusals) {
      const before = dataDir === file ? readFileSync(file, 'utf8') : directoryDigest(dataDir);
      await expect(createPGliteStorage({ dataDir })).rejects.toMatchObject({
        code: 'STORAGE_INCOMPATIBLE',
        message: expect.stringContaining(message),
      });
      expect(dataDir === file ? readFileSync(file, 'utf8') : directoryDigest(dataDir)).toBe(before);
    }
    // A PostgreSQL data directory that Recall did not create (no marker) is not ours either.
    rmSync(join(newer, 'recall.json'));
    const before = directoryDigest(newer);
    await expect(createPGliteStorage({ dataDir: newer })).rejects.toMatchObject({
      code: 'STORAGE_INCOMPATIBLE',
      message: expect.stringContaining('has no recall.json'),
    });
    expect(directoryDigest(newer)).toBe(before);
  });

  describe('the directory lock', () => {
    let directory: string;
    beforeAll(() => {
      directory = copyOfTemplate();
    });

    test('a second open in this process fails with STORAGE_LOCKED; the first is unaffected', async () => {
      const first = await createPGliteStorage({ dataDir: directory });
      const head = await first.lastSeq(templateSession);
      await expect(createPGliteStorage({ dataDir: directory })).rejects.toMatchObject({
        code: 'STORAGE_LOCKED',
        message: expect.stringContaining('this process'),
      });
      await first.append(templateSession, messages(templateSession, head, 1), {
        expectedSeq: head,
      });
      await first.close();
      const again = await createPGliteStorage({ dataDir: directory });
      expect(await again.lastSeq(templateSession)).toBe(head + 1);
      await again.close();
    });

    test('a second process is refused fast while the first keeps working', async () => {
      const holder = spawnChildScript('lock-holder', {
        driver: 'pglite',
        dataDir: directory,
        sessionId: templateSession,
      });
      let head: number;
      try {
        head = Number((await holder.waitForLine((line) => line.startsWith('ready '))).slice(6));
        const started = Date.now();
        const error = await createPGliteStorage({ dataDir: directory }).catch((caught) => caught);
        expect(error).toMatchObject({
          code: 'STORAGE_LOCKED',
          message: expect.stringContaining(`process ${holder.process.pid}`),
        });
        expect(Date.now() - started).toBeLessThan(1000);
        holder.send('append');
        await holder.waitForLine((line) => line === `ack ${head + 1}`);
        holder.send('close');
        await holder.waitForLine((line) => line === 'closed');
        await holder.exited;
      } finally {
        holder.process.kill('SIGKILL');
      }
      const storage = await createPGliteStorage({ dataDir: directory });
      const events = await storage.read(templateSession);
      expect(events.map((event) => event.seq)).toEqual(
        Array.from({ length: head + 1 }, (_, index) => index + 1),
      );
      expect(events.at(-1)).toMatchObject({ data: { content: `held ${head + 1}` } });
      await storage.close();
    }, 30_000);

    test('a lock left by a dead process is taken over', async () => {
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(join(directory, 'recall.lock'), `${dead}\n`);
      const storage = await createPGliteStorage({ dataDir: directory });
      expect(readFileSync(join(directory, 'recall.lock'), 'utf8').trim()).toBe(String(process.pid));
      expect(await storage.lastSeq(templateSession)).toBeGreaterThanOrEqual(3);
      await storage.close();
      expect(() => readFileSync(join(directory, 'recall.lock'))).toThrow(/ENOENT/);
    });
  });

  test('kill -9 of a process appending: every acknowledged append survives and it reopens', async () => {
    const seed = Date.now();
    const next = seededRandom(seed);
    const dataDir = copyOfTemplate();
    const sessionId = uniqueId('sess');
    // Killed right after an ack is printed (pglite#1065's window) or a little later.
    const acknowledged = await appendUntilKilled(
      { driver: 'pglite', dataDir, sessionId },
      1 + Math.floor(next() * 40),
      next() < 0.5 ? 0 : Math.floor(next() * 200),
    );
    expect(acknowledged).toBeGreaterThan(0);
    const storage = await createPGliteStorage({ dataDir });
    await expectIntactLog(storage, sessionId, { acknowledged, seed });
    expect(await storage.lastSeq(templateSession)).toBe(3);
    await storage.close();
  }, 40_000);

  test('without a dataDir the database lives in memory', async () => {
    const storage = await createPGliteStorage();
    const sessionId = uniqueId('sess');
    await storage.append(sessionId, messages(sessionId, 0, 2), { expectedSeq: 0 });
    expect(await storage.lastSeq(sessionId)).toBe(2);
    await storage.close();
    await expect(storage.lastSeq(sessionId)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
  }, 20_000);
});
