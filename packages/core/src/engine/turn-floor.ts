import { RecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { EventContext } from '../events/event-context';
import type { OpenResponse } from '../session/session-state';
import type { EngineRuntime, SessionEntry } from './runtime';
import { catchUp } from './session-entry';

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

/** Open responses another writer is still streaming: a new turn must not start before they end. */
export function blockingResponses(runtime: EngineRuntime, entry: SessionEntry): OpenResponse[] {
  return entry.state.openResponses.filter(
    (open) => !runtime.liveResponses.has(open.responseId) && !isOrphaned(runtime, entry, open),
  );
}

/**
 * Open responses whose writer is gone: left open by a finished turn of this instance, or
 * older than `config.orphanedResponseMs` with no live stream here (their writer died).
 */
export function orphanedResponses(runtime: EngineRuntime, entry: SessionEntry): OpenResponse[] {
  return entry.state.openResponses.filter(
    (open) => !runtime.liveResponses.has(open.responseId) && isOrphaned(runtime, entry, open),
  );
}

/** The events that close orphaned responses as interrupted (`streaming_end`, then `message`). */
export function buildOrphanClosures(
  context: EventContext,
  orphans: readonly OpenResponse[],
): SessionEvent[] {
  return orphans.flatMap(({ responseId, agent }) => [
    context.build(
      'assistant_streaming_end',
      { responseId, fullContent: '', totalChunks: 0 },
      { responseId },
    ),
    context.build('assistant_message', { content: '', agent, interrupted: true }, { responseId }),
  ]);
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
      await catchUp(runtime, entry);
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
  return (
    entry.abandonedResponseIds.has(open.responseId) ||
    runtime.clock() - open.startedAt >= runtime.config.orphanedResponseMs
  );
}
