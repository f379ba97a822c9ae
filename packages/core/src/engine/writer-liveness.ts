import type { OpenResponse } from '../session/session-state';
import type { EngineRuntime, SessionEntry } from './runtime';

/**
 * The storage-level claims of one turn (`StorageAdapter.claimResponse`): its responses are
 * marked live across processes before they are appended, and unmarked when the turn ends.
 * A no-op on storages without claims.
 */
export interface StorageClaims {
  /** Claims each id not claimed yet; resolves once all are held. */
  claim(responseIds: Iterable<string>): Promise<void>;
  /** Releases every claim (in the background: a failed release dies with its connection). */
  releaseAll(): void;
}

/** Creates the claims of one turn. */
export function createStorageClaims(runtime: EngineRuntime): StorageClaims {
  const releases = new Map<string, Promise<() => Promise<void>>>();
  return {
    async claim(responseIds) {
      const claimResponse = runtime.storage.claimResponse?.bind(runtime.storage);
      if (claimResponse === undefined) return;
      for (const responseId of responseIds) {
        if (!releases.has(responseId)) releases.set(responseId, claimResponse(responseId));
      }
      await Promise.all(releases.values());
    },
    releaseAll() {
      for (const release of releases.values()) {
        release.then((done) => done()).catch(() => undefined);
      }
      releases.clear();
    },
  };
}

/**
 * Asks the storage whether the writers of `blocking` responses still live. A response whose
 * writer is gone (its process died: the storage holds no claim for it) becomes an orphan at
 * once, closed by the next append, instead of after `orphanedResponseMs`. Resolves true when
 * it found one. Storages without `isResponseLive` never find one.
 */
export async function findDeadWriters(
  runtime: EngineRuntime,
  entry: SessionEntry,
  blocking: readonly OpenResponse[],
): Promise<boolean> {
  const isResponseLive = runtime.storage.isResponseLive?.bind(runtime.storage);
  if (isResponseLive === undefined) return false;
  let found = false;
  for (const open of blocking) {
    const start = { sessionId: entry.sessionId, seq: open.startSeq };
    if (await isResponseLive(open.responseId, start)) continue;
    entry.abandonedResponseIds.add(open.responseId);
    found = true;
  }
  return found;
}
