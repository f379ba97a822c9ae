import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { RecallError } from '../../errors/recall-error';
import { importOptionalPeer } from '../../internal/optional-peer';
import type { StorageAdapter } from '../storage-adapter';
import { createSqlStorage } from '../sql/create-sql-storage';
import { FeedTrust } from '../sql/feed-trust';
import { migrate } from '../sql/migrate';
import { SCHEMA_VERSION } from '../sql/migrations';
import type { SqlExecutor } from '../sql/sql-executor';
import { inspectDataDirectory, writeMarker } from './data-directory';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock';
import { createPGliteExecutor } from './pglite-executor';

/** Options for {@link createPGliteStorage}. */
export interface PGliteStorageOptions {
  /**
   * Directory holding the database files; created when missing. One process at a time may
   * open it. Omit for an in-memory database that disappears on close.
   */
  dataDir?: string;
}

/**
 * Opens Recall's embedded default storage: PostgreSQL compiled to WebAssembly (PGlite),
 * file-backed in a directory, with the same schema and queries as the PostgreSQL adapter.
 * Migrates the schema on open. Rejects with `STORAGE_LOCKED` when another process has the
 * directory open, and with `STORAGE_INCOMPATIBLE` (changing nothing) when the directory is not
 * a Recall database or was written by a newer @recall/core.
 *
 * @example
 * const storage = await createPGliteStorage({ dataDir: '.recall-data' });
 */
export async function createPGliteStorage(
  options: PGliteStorageOptions = {},
): Promise<StorageAdapter> {
  const { PGlite } = await importOptionalPeer({
    packageName: '@electric-sql/pglite',
    usedBy: 'createPGliteStorage',
    load: () => import('@electric-sql/pglite'),
  });
  if (options.dataDir === undefined) {
    const database = new PGlite();
    return openOn(database, undefined);
  }
  const directory = resolve(options.dataDir);
  inspectDataDirectory(directory);
  mkdirSync(directory, { recursive: true });
  const lock = acquireDirectoryLock(directory);
  let database: PGlite;
  try {
    // Again under the lock: another process may have created the database meanwhile.
    const state = inspectDataDirectory(directory);
    if (state.kind === 'new' || state.schemaVersion < SCHEMA_VERSION) {
      writeMarker(directory, SCHEMA_VERSION);
    }
    database = new PGlite({ dataDir: directory });
    await database.waitReady.catch((error: unknown) => {
      throw new RecallError(
        'STORAGE_INCOMPATIBLE',
        `PGlite could not open the database in ${directory} (damaged, or written by an incompatible PGlite): ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  return openOn(database, lock);
}

async function openOn(database: PGlite, lock: DirectoryLock | undefined): Promise<StorageAdapter> {
  const executor: SqlExecutor = createPGliteExecutor(database);
  const close = async () => {
    try {
      if (!database.closed) await database.close();
    } finally {
      lock?.release();
    }
  };
  try {
    await migrate(executor);
  } catch (error) {
    await close();
    throw error;
  }
  // One process writes the directory, so it hears of every write.
  const { adapter } = createSqlStorage({ executor, trust: new FeedTrust(true), close });
  return Object.assign(adapter, { scope: 'process' as const });
}
