import type { StorageAdapter } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';

/** Which database a child script opens. */
export type StorageSpec =
  | { driver: 'pglite'; dataDir: string }
  | { driver: 'postgres'; connectionString: string };

export function openStorage(spec: StorageSpec): Promise<StorageAdapter> {
  return spec.driver === 'pglite'
    ? createPGliteStorage({ dataDir: spec.dataDir })
    : createPostgresStorage({ connectionString: spec.connectionString });
}

/** The JSON spec the parent passed as the first argument. */
export function readSpec<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

/** Prints one line to the parent (stdout is line-oriented). */
export function report(line: string): void {
  process.stdout.write(`${line}\n`);
}
