import { resolve } from 'node:path';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import type { StorageChoice } from '../cli/command-line';

/** An opened storage and a one-line description for the start-up log. */
export interface OpenedStorage {
  storage: StorageAdapter;
  description: string;
}

/**
 * Opens the chosen storage. The Node-only adapters are imported lazily so `--storage memory`
 * never loads PGlite or `pg`.
 */
export async function openStorage(
  choice: StorageChoice,
  options: { cwd: string },
): Promise<OpenedStorage> {
  switch (choice.kind) {
    case 'memory':
      return {
        storage: createMemoryStorage(),
        description: 'in memory (everything is lost when the server stops)',
      };
    case 'pglite': {
      const { createPGliteStorage } = await import('@recall/core/storage/pglite');
      const dataDir = resolve(options.cwd, choice.dataDir);
      return {
        storage: await createPGliteStorage({ dataDir }),
        description: `PGlite in ${dataDir}`,
      };
    }
    case 'postgres': {
      const { createPostgresStorage } = await import('@recall/core/storage/postgres');
      const storage = await createPostgresStorage({ connectionString: choice.connectionString });
      return { storage, description: `PostgreSQL at ${redactPassword(choice.connectionString)}` };
    }
  }
}

function redactPassword(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'the given connection string';
  }
}
