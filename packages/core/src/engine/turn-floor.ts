import { RecallError } from '../errors/recall-error';
import type { NewSessionEvent } from '../events/envelope';
import type { EventContext } from '../events/event-context';
import type { OpenResponse } from '../session/session-state';
import type { StorageAdapter } from '../storage/storage-adapter';
import type { EngineRuntime, SessionEntry } from './runtime';
import { catchUp } from './session-entry';
import { findDeadWriters } from './writer-liveness';

/**
 * Longest sleep between two looks at the log while another writer's turn is open: a safety
 * net for an injected clock that real time does not move and for a lagging live feed (which
 * wakes the waiter otherwise).
 */
const RECHECK_MS = 250;

/*
 * The "floor" of a session: a turn is open in the log from its `assistant_streaming_start`
 * (appended in one batch with the command's first events) until its `assistant_streaming_end`
 * (appended in one batch with the rest of its ending). A command that finds another writer's
 * turn open waits for it to end before appending; the append's `expectedSeq` settles the race
 * between writers that saw the same closed floor.
 */

/**
 * Responses whose turn a live engine instance of this process is running, per storage object
 * (from just before the append of their `assistant_streaming_start` until the turn finishes).
 * Shared by every engine of the process, so two engines on one storage see each other's
 * turns; for a `scope: 'process'` storage, an open response missing here has no writer left.
 */
const liveTurnResponses = new WeakMap<StorageAdapter, Set<string>>();

/**
 * Records the responses `events` start as streamed by a live engine of this process. Called
 * before their append, so no other engine of the process can see them open and unclaimed.
 * Returns the claimed response ids (to release when the turn finishes).
 */
export function claimStartedResponses(
  storage: StorageAdapter,
  events: readonly NewSessionEvent[],
): string[] {
  const claimed: string[] = [];
  for (const event of events) {
    if (event.type !== 'assistant_streaming_start') continue;
    let live = liveTurnResponses.get(storage);
    if (live === undefined) {
      live = new Set();
      liveTurnResponses.set(storage, live);
    }
    live.add(event.data.responseId);
    claimed.push(event.data.responseId);
  }
  return claimed;
}

/** Forgets responses claimed by a turn that finished (ended, abandoned or never appended). */
export function releaseResponses(storage: StorageAdapter, responseIds: Iterable<string>): void {
  const live = liveTurnResponses.get(storage);
  if (live === undefined) return;
  for (const responseId of responseIds) live.delete(responseId);
}

/** Open responses another writer is still streaming: a new turn must not start before they end. */
export function blockingResponses(runtime: EngineRuntime, entry: SessionEntry): OpenResponse[] {
  return entry.state.openResponses.filter(
    (open) => !runtime.liveResponses.has(open.responseId) && !isOrphaned(runtime, entry, open),
  );
}

/**
 * Open responses whose writer is gone: left open by a finished turn of this instance; on a
 * `scope: 'process'` storage, claimed by no live engine of this process (their writer
 * crashed before this process started); or older than `config.orphanedResponseMs` with no
 * live stream on this instance (their writer died, or hangs).
 */
export function orphanedResponses(runtime: EngineRuntime, entry: SessionEntry): OpenResponse[] {
  return entry.state.openResponses.filter(
    (open) => !runtime.liveResponses.has(open.responseId) && isOrphaned(runtime, entry, open),
  );
}

/**
 * The events that close orphaned responses as interrupted (`streaming_end`, then `message`),
 * with the text the learner saw when this instance streamed it (`shownText`), else none: a
 * dead writer's deltas were never stored.
 */
export function buildOrphanClosures(
  context: EventContext,
  orphans: readonly OpenResponse[],
  shownText: ReadonlyMap<string, string> = new Map(),
): NewSessionEvent[] {
  return orphans.flatMap(({ responseId, agent }) => {
    const content = shownText.get(responseId) ?? '';
    return [
      context.build(
        'assistant_streaming_end',
        { responseId, fullContent: content, totalChunks: 0 },
        { responseId },
      ),
      context.build('assistant_message', { content, agent, interrupted: true }, { responseId }),
    ];
  });
}

/**
 * Resolves once no other writer's turn is open in the session's log (each ends, or turns
 * orphaned), keeping the cached state caught up. Woken by the storage's live feed.
 * Rejects with `ABORTED` when `signal` aborts (the engine closes).
 */
export async function awaitFloor(
  runtime: EngineRuntime,
  entry: SessionEntry,
  signal: AbortSignal,
): Promise<void> {
  if (blockingResponses(runtime, entry).length === 0) return;
  let changed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = runtime.storage.subscribe(entry.sessionId, entry.state.lastSeq, () => {
    changed = true;
    wake?.();
  });
  try {
    for (;;) {
      const blocking = blockingResponses(runtime, entry);
      if (blocking.length === 0) return;
      if (signal.aborted) throw new RecallError('ABORTED', 'The engine is closed.');
      // A writer whose process died holds no claim: take its turn over now.
      if (await findDeadWriters(runtime, entry, blocking)) continue;
      if (!changed) {
        const now = runtime.clock();
        const staleInMs = Math.min(
          ...blocking.map((open) => open.startedAt + runtime.config.orphanedResponseMs - now),
        );
        await sleepUntilWoken(Math.min(Math.max(staleInMs, 1), RECHECK_MS), signal, (resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      changed = false;
      await catchUp(runtime, entry, { always: true });
    }
  } finally {
    unsubscribe();
  }
}

function sleepUntilWoken(
  timeoutMs: number,
  signal: AbortSignal,
  register: (wake: () => void) => void,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    signal.addEventListener('abort', done, { once: true });
    register(done);
  });
}

function isOrphaned(runtime: EngineRuntime, entry: SessionEntry, open: OpenResponse): boolean {
  if (entry.abandonedResponseIds.has(open.responseId)) return true;
  // Every writer of a process-scoped storage lives here: an unclaimed response has none.
  const { storage } = runtime;
  if (storage.scope === 'process' && !liveTurnResponses.get(storage)?.has(open.responseId)) {
    return true;
  }
  return runtime.clock() - open.startedAt >= runtime.config.orphanedResponseMs;
}
