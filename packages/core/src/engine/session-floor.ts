import { RecallError } from '../errors/recall-error';
import type { NewSessionEvent } from '../events/envelope';
import type { EventContext } from './turn';
import type { OpenResponse } from '../session/session-state';
import type { StorageAdapter } from '../storage/storage-adapter';
import type { EngineRuntime } from './runtime';
import type { SessionActor } from './session-actor';

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
export function blockingResponses(actor: SessionActor): OpenResponse[] {
  const { liveResponses } = actor.runtime;
  return actor.state.openResponses.filter(
    (open) => !liveResponses.has(open.responseId) && !isOrphaned(actor, open),
  );
}

/**
 * Open responses whose writer is gone: left open by a finished turn of this instance; on a
 * `scope: 'process'` storage, claimed by no live engine of this process (their writer
 * crashed before this process started); or older than `config.orphanedResponseMs` with no
 * live stream on this instance (their writer died, or hangs).
 */
export function orphanedResponses(actor: SessionActor): OpenResponse[] {
  const { liveResponses } = actor.runtime;
  return actor.state.openResponses.filter(
    (open) => !liveResponses.has(open.responseId) && isOrphaned(actor, open),
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
  actor: SessionActor,
  blocking: readonly OpenResponse[],
): Promise<boolean> {
  const { storage } = actor.runtime;
  const isResponseLive = storage.isResponseLive?.bind(storage);
  if (isResponseLive === undefined) return false;
  let found = false;
  for (const open of blocking) {
    const start = { sessionId: actor.sessionId, seq: open.startSeq };
    if (await isResponseLive(open.responseId, start)) continue;
    actor.markWriterGone(open.responseId);
    found = true;
  }
  return found;
}

/**
 * Resolves once no other writer's turn is open in the session's log (each ends, or turns
 * orphaned), keeping the cached state caught up. Woken by the storage's live feed.
 * Rejects with `ABORTED` when `signal` aborts (the engine closes).
 */
export async function awaitFloor(actor: SessionActor, signal: AbortSignal): Promise<void> {
  if (blockingResponses(actor).length === 0) return;
  const { runtime } = actor;
  let changed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = runtime.storage.subscribe(actor.sessionId, actor.state.lastSeq, () => {
    changed = true;
    wake?.();
  });
  try {
    for (;;) {
      const blocking = blockingResponses(actor);
      if (blocking.length === 0) return;
      if (signal.aborted) throw new RecallError('ABORTED', 'The engine is closed.');
      // A writer whose process died holds no claim: take its turn over now.
      if (await findDeadWriters(actor, blocking)) continue;
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
      await actor.catchUp({ always: true });
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

function isOrphaned(actor: SessionActor, open: OpenResponse): boolean {
  if (actor.isWriterGone(open.responseId)) return true;
  // Every writer of a process-scoped storage lives here: an unclaimed response has none.
  const { runtime } = actor;
  const { storage } = runtime;
  if (storage.scope === 'process' && !liveTurnResponses.get(storage)?.has(open.responseId)) {
    return true;
  }
  return runtime.clock() - open.startedAt >= runtime.config.orphanedResponseMs;
}

/**
 * Commands a session may have pending before a learner message is refused: the running one
 * (a turn holds its place until its reply has ended) and one queued behind it.
 */
export const MAX_PENDING_COMMANDS = 2;
/** What a turn is assumed to take before this engine has timed one; bounds of the estimate. */
const DEFAULT_TURN_MS = 4_000;
const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Weight of the newest duration in the running average. */
const SMOOTHING = 0.2;
/** Average learner-turn duration per engine, in ms. */
const turnDurations = new WeakMap<EngineRuntime, number>();

/** Folds a finished learner turn's duration into the engine's running average. */
export function recordTurnDuration(runtime: EngineRuntime, duration: number): void {
  const average = turnDurations.get(runtime);
  turnDurations.set(
    runtime,
    average === undefined ? duration : average + SMOOTHING * (duration - average),
  );
}

/**
 * Refuses a learner message when the session already has as much pending work as it may:
 * the actor's queued and running commands, plus turns other writers have open in the log
 * (a message queued on another node is not in the log yet, so it does not count). Returns
 * the `SESSION_BUSY` error to reject with, or `null` to admit. A resend of a message the log
 * already holds is always admitted: it is answered `duplicate`.
 */
export function refuseWhenBusy(
  actor: SessionActor,
  options: {
    clientMessageId: string | undefined;
    pendingCommands: number;
    /** When the learner turn running on the session started (engine clock), if one is. */
    runningSince: number | undefined;
  },
): RecallError | null {
  const { clientMessageId } = options;
  if (clientMessageId !== undefined && actor.clientMessageIds.has(clientMessageId)) return null;
  const foreign = blockingResponses(actor);
  if (options.pendingCommands + foreign.length < MAX_PENDING_COMMANDS) return null;
  const { runtime } = actor;
  const startedAt = options.runningSince ?? Math.min(...foreign.map((open) => open.startedAt));
  const elapsed = Number.isFinite(startedAt) ? Math.max(0, runtime.clock() - startedAt) : 0;
  const average = turnDurations.get(runtime) ?? DEFAULT_TURN_MS;
  const retryAfterMs = Math.round(
    Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, average - elapsed)),
  );
  return new RecallError(
    'SESSION_BUSY',
    `The tutor is still answering an earlier message and one more is waiting; send this one again in ${retryAfterMs} ms.`,
    { retryAfterMs },
  );
}
