import { RecallError } from '../errors/recall-error';
import type { EngineRuntime, SessionEntry } from './runtime';
import { blockingResponses } from './turn-floor';

/**
 * Commands a session may have pending before a learner message is refused: the running one
 * (a turn holds its place until its reply has ended) and one queued behind it.
 */
export const MAX_PENDING_COMMANDS = 2;

/** What a turn is assumed to take before this engine has timed one. */
const DEFAULT_TURN_MS = 4_000;
/** Bounds of the `retryAfterMs` estimate. */
const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Weight of the newest duration in the running average. */
const SMOOTHING = 0.2;

/** Average learner-turn duration per engine, in ms. */
const turnDurations = new WeakMap<EngineRuntime, number>();
/** When the learner turn now running on a session started (engine clock). */
const runningSince = new WeakMap<SessionEntry, number>();

/**
 * Refuses a learner message when the session already has as much pending work as it may
 * have: this engine's queued and running commands, plus turns other writers have open in the
 * log (another node's running turn counts; a message queued on another node is not in the log
 * yet, so it does not). Returns the `SESSION_BUSY` error to reject with, or `null` to admit.
 * A resend of a message the log already holds is always admitted: it is answered `duplicate`.
 */
export function refuseWhenBusy(
  runtime: EngineRuntime,
  entry: SessionEntry,
  clientMessageId: string | undefined,
): RecallError | null {
  if (clientMessageId !== undefined && entry.clientMessageIds.has(clientMessageId)) return null;
  const foreign = blockingResponses(runtime, entry);
  if (entry.pendingCommands + foreign.length < MAX_PENDING_COMMANDS) return null;
  const now = runtime.clock();
  const startedAt = runningSince.get(entry) ?? Math.min(...foreign.map((open) => open.startedAt));
  const elapsed = Number.isFinite(startedAt) ? Math.max(0, now - startedAt) : 0;
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

/** Marks a learner turn as running; the returned function records its duration when it ends. */
export function timeLearnerTurn(runtime: EngineRuntime, entry: SessionEntry): () => void {
  const startedAt = runtime.clock();
  runningSince.set(entry, startedAt);
  return () => {
    if (runningSince.get(entry) === startedAt) runningSince.delete(entry);
    const duration = Math.max(0, runtime.clock() - startedAt);
    const average = turnDurations.get(runtime);
    turnDurations.set(
      runtime,
      average === undefined ? duration : average + SMOOTHING * (duration - average),
    );
  };
}
