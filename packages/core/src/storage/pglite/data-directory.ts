import { readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecallError } from '../../errors/recall-error';
import { SCHEMA_VERSION } from '../sql/migrations';
import { LOCK_FILE_NAME } from './directory-lock';

/** The marker file that makes a directory a Recall database. */
export const MARKER_FILE_NAME = 'recall.json';

/** What a data directory holds, judged without opening the database. */
export type DataDirectoryState = { kind: 'new' } | { kind: 'recall'; schemaVersion: number };

interface Marker {
  format: 'recall-pglite';
  /** The highest schema version any Recall opening this directory has migrated towards. */
  schemaVersion: number;
}

/**
 * Decides from the files alone whether `directory` is new (missing or empty) or a Recall
 * database this code can open. Opening a database writes to it, so anything else — a
 * directory with other files, a newer schema — is refused (STORAGE_INCOMPATIBLE) before a
 * single byte changes.
 */
export function inspectDataDirectory(directory: string): DataDirectoryState {
  let entries: string[];
  try {
    if (!statSync(directory).isDirectory()) {
      throw incompatible(directory, 'it is a file, not a directory');
    }
    entries = readdirSync(directory);
  } catch (error) {
    if (RecallError.isInstance(error)) throw error;
    if (errorCode(error) === 'ENOENT') return { kind: 'new' };
    throw error;
  }
  if (!entries.includes(MARKER_FILE_NAME)) {
    // Our own lock or half-written marker is what a process killed while creating the
    // database leaves behind; such a directory is still new.
    const others = entries.filter(
      (entry) => !entry.startsWith(LOCK_FILE_NAME) && !entry.startsWith(`${MARKER_FILE_NAME}.`),
    );
    if (others.length === 0) return { kind: 'new' };
    throw incompatible(
      directory,
      `it is not empty and has no ${MARKER_FILE_NAME} (found ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''})`,
    );
  }
  const marker = readMarker(directory);
  if (marker.schemaVersion > SCHEMA_VERSION) {
    throw new RecallError(
      'STORAGE_INCOMPATIBLE',
      `The Recall database in ${directory} has schema version ${marker.schemaVersion}, but this version of @recall/core supports up to ${SCHEMA_VERSION}. Upgrade @recall/core; the files were not changed.`,
    );
  }
  return { kind: 'recall', schemaVersion: marker.schemaVersion };
}

/**
 * Records that this directory is a Recall database at (or migrating to) `schemaVersion`.
 * Written before migrating, so the marker never claims less than the database holds.
 */
export function writeMarker(directory: string, schemaVersion: number): void {
  const marker: Marker = { format: 'recall-pglite', schemaVersion };
  const path = join(directory, MARKER_FILE_NAME);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(marker, null, 2)}\n`);
  renameSync(temporary, path);
}

function readMarker(directory: string): Marker {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(join(directory, MARKER_FILE_NAME), 'utf8'));
  } catch (error) {
    throw incompatible(directory, `its ${MARKER_FILE_NAME} is unreadable`, error);
  }
  const marker = value as Partial<Marker> | null;
  if (
    marker?.format !== 'recall-pglite' ||
    typeof marker.schemaVersion !== 'number' ||
    !Number.isInteger(marker.schemaVersion)
  ) {
    throw incompatible(directory, `its ${MARKER_FILE_NAME} is not a Recall marker`);
  }
  return marker as Marker;
}

function incompatible(directory: string, reason: string, cause?: unknown): RecallError {
  return new RecallError(
    'STORAGE_INCOMPATIBLE',
    `${directory} is not a Recall database: ${reason}. Nothing was changed; pass an empty or new directory.`,
    cause === undefined ? {} : { cause },
  );
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}
