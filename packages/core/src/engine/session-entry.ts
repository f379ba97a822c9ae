import { RecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import { reduceSession } from '../session/reduce-session';
import { createSessionState } from '../session/session-state';
import { selfDescribingStart } from '../session/session-row';
import { saveSessionRow } from './projections';
import { planReviews } from './review-plan';
import type { EngineRuntime, SessionEntry } from './runtime';

/**
 * The cached entry of a session, loaded from storage on first use: the log folded over the
 * row's targets — or, when the row is missing, over the targets the log's `session_started`
 * records (the row is then rebuilt from the folded state).
 */
export function loadSession(runtime: EngineRuntime, sessionId: string): Promise<SessionEntry> {
  const cached = runtime.sessions.get(sessionId);
  if (cached !== undefined) {
    // Re-inserting keeps the map in least-recently-used order for pruning.
    runtime.sessions.delete(sessionId);
    runtime.sessions.set(sessionId, cached);
    return Promise.resolve(cached);
  }
  let loading = runtime.loading.get(sessionId);
  if (loading === undefined) {
    loading = (async () => {
      const [row, events] = await Promise.all([
        runtime.storage.getSession(sessionId),
        runtime.storage.read(sessionId),
      ]);
      // The row is only a projection: a log whose start records its targets is enough.
      const start = selfDescribingStart(events);
      const origin =
        row !== null
          ? {
              recallSetId: row.recallSetId,
              targetPointIds: row.targetPointIds,
              ...(row.userId === undefined ? {} : { userId: row.userId }),
            }
          : start !== undefined
            ? { recallSetId: start.data.recallSetId, targetPointIds: [] }
            : undefined;
      if (origin === undefined) {
        throw new RecallError('SESSION_NOT_FOUND', `No session has id "${sessionId}".`);
      }
      const entry = createSessionEntry(runtime, { sessionId, ...origin });
      const initial = entry.state;
      applyEvents(entry, events);
      // A writer may have died between an event and its review: check them all once.
      entry.owedReviews = planReviews(initial, events);
      if (row === null) await saveSessionRow(runtime, entry.state);
      runtime.sessions.set(sessionId, entry);
      return entry;
    })().finally(() => runtime.loading.delete(sessionId));
    runtime.loading.set(sessionId, loading);
  }
  return loading;
}

/** A fresh cache entry for a session with no events yet applied. */
export function createSessionEntry(
  runtime: EngineRuntime,
  options: {
    sessionId: string;
    recallSetId: string;
    targetPointIds: readonly string[];
    userId?: string;
  },
): SessionEntry {
  return {
    sessionId: options.sessionId,
    state: createSessionState({
      ...options,
      declineCooldownMessages: runtime.config.declineCooldownMessages,
    }),
    clientMessageIds: new Map(),
    commandSeqs: new Map(),
    commandResults: new Map(),
    queueTail: Promise.resolve(),
    pendingCommands: 0,
    writeTail: Promise.resolve(),
    controller: null,
    createdHere: false,
    owedReviews: [],
    schedules: null,
    abandonedResponseIds: new Set(),
    abandonedHere: new Map(),
  };
}

/** Folds events into the entry's state (already-applied events are ignored by the reducer). */
export function applyEvents(entry: SessionEntry, events: readonly SessionEvent[]): void {
  for (const event of events) {
    if (event.type === 'user_message' && event.data.clientMessageId !== undefined) {
      entry.clientMessageIds.set(event.data.clientMessageId, event.seq);
    }
    if (event.commandId !== undefined && !entry.commandSeqs.has(event.commandId)) {
      entry.commandSeqs.set(event.commandId, event.seq);
    }
    entry.state = reduceSession(entry.state, event);
  }
}

/**
 * Reads and applies whatever other writers appended since the cached state. The reviews
 * their events call for become owed (their writer may have died before writing them). Reads
 * nothing when the cached state is known to be current — a session this engine just created,
 * or a head the storage knows without a round trip (`knownLastSeq`) — unless `always`: after
 * a conflict the log is known to have moved, whatever a late notice says.
 */
export async function catchUp(
  runtime: EngineRuntime,
  entry: SessionEntry,
  options: { always?: boolean } = {},
): Promise<void> {
  const head = entry.state.lastSeq;
  if (options.always !== true) {
    if (entry.createdHere && head === 0) return;
    if (runtime.storage.knownLastSeq?.(entry.sessionId) === head) return;
  }
  const events = await runtime.storage.read(entry.sessionId, { afterSeq: head });
  if (events.length === 0) return;
  const before = entry.state;
  applyEvents(entry, events);
  entry.owedReviews.push(...planReviews(before, events));
}

/**
 * Drops the least recently used idle sessions beyond `config.maxCachedSessions`. A session is
 * idle when no command is queued or running and nobody is subscribed to it: sessions with an
 * attached client are never dropped, so the cache holds every session in use plus up to
 * `maxCachedSessions` idle ones. Looks at a bounded number of entries per call.
 */
export function pruneSessionCache(runtime: EngineRuntime): void {
  let excess = runtime.sessions.size - runtime.feeds.size - runtime.config.maxCachedSessions;
  let budget = 2 * Math.max(0, excess) + 16;
  for (const [sessionId, entry] of runtime.sessions) {
    if (excess <= 0 || budget <= 0) return;
    budget -= 1;
    if (entry.pendingCommands === 0 && entry.controller === null && !runtime.feeds.has(sessionId)) {
      runtime.sessions.delete(sessionId);
      excess -= 1;
    }
  }
}
