import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecallError } from '../../errors/recall-error';

/** The lock file's name inside the data directory. */
export const LOCK_FILE_NAME = 'recall.lock';

/** A held directory lock. */
export interface DirectoryLock {
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/**
 * Takes an exclusive lock on a PGlite data directory: two processes on one directory corrupt
 * it (PGlite has no cross-process lock, electric-sql/pglite#1106), so the second one must fail
 * fast while the first carries on. The lock file holds the owner's pid; it is created
 * atomically (written aside, then hard-linked into place, which fails if it exists). A lock
 * whose pid is no longer running (the owner was killed) is taken over.
 */
export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = join(directory, LOCK_FILE_NAME);
  const candidate = join(directory, `${LOCK_FILE_NAME}.${process.pid}.${Date.now()}`);
  writeFileSync(candidate, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(candidate, lockPath);
        return createLock(lockPath);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const owner = readOwner(lockPath);
      if (owner === undefined) continue; // released between our link and our read
      if (owner === 'unreadable' || isRunning(owner)) throw lockedError(directory, owner);
      removeStaleLock(lockPath, owner);
    }
    throw lockedError(directory, 'unreadable');
  } finally {
    unlinkSync(candidate);
  }
}

function createLock(lockPath: string): DirectoryLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      if (readOwner(lockPath) === process.pid) unlinkQuietly(lockPath);
    },
  };
}

// Two processes may find the same stale lock; renaming it away is atomic, so only one of them
// moves it, and a process that moved a live lock by mistake (its owner took it in between)
// puts it back.
function removeStaleLock(lockPath: string, stalePid: number): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== stalePid && moved !== undefined) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone else holds the lock now; they stay the owner.
    }
  }
  unlinkQuietly(aside);
}

function readOwner(lockPath: string): number | 'unreadable' | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    return 'unreadable';
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : 'unreadable';
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

function lockedError(directory: string, owner: number | 'unreadable'): RecallError {
  if (owner === 'unreadable') {
    return new RecallError(
      'STORAGE_LOCKED',
      `The Recall database in ${directory} has an unreadable lock file (${LOCK_FILE_NAME}). If no process is using the database, delete that file.`,
    );
  }
  const holder =
    owner === process.pid
      ? 'this process (close the other adapter first)'
      : `process ${owner} (if that is not a Recall process, delete ${LOCK_FILE_NAME})`;
  return new RecallError(
    'STORAGE_LOCKED',
    `The Recall database in ${directory} is already open in ${holder}. PGlite allows one process per data directory; use PostgreSQL (@recall/core/storage/postgres) to share a database between processes.`,
  );
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}
