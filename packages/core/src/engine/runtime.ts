import { EventEmitter } from 'eventemitter3';
import { RecallError } from '../errors/recall-error';
import type { SessionEventType } from '../events/catalog';
import {
  PUBLIC_EVENT_REDACTIONS,
  type PublicSessionEvent,
  type SessionEvent,
} from '../events/envelope';
import type { LLMAdapter } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import type { FsrsScheduler } from '../scheduling/fsrs-scheduler';
import type { StorageAdapter } from '../storage/storage-adapter';
import type { EngineConfig } from './engine-config';
import type { SessionActor } from './session-actor';
import type { SpendGuard } from './spend-guard';
import type { EngineDelta, EngineFeedItem, RecallEngineEvents } from './engine-types';

/** A response being streamed by this engine instance (for late subscribers' snapshots). */
export interface LiveResponse {
  sessionId: string;
  text: string;
  /** Index of the last chunk included in `text` (-1 before the first). */
  lastIndex: number;
}

/** Receives one session's transient items (deltas, errors) next to its stored events. */
export interface FeedSink {
  deliverDelta(delta: EngineDelta): void;
  deliverError(item: Extract<EngineFeedItem, { kind: 'error' }>): void;
}

/** Everything the engine's modules share. */
export interface EngineRuntime {
  readonly storage: StorageAdapter;
  /** The model, guarded by `spendGuard` when there is one. */
  readonly llm: LLMAdapter;
  /** The daily spend budgets (`EngineConfig.dailyBudgetUsd`), or null when none is set. */
  readonly spendGuard: SpendGuard | null;
  readonly scheduler: FsrsScheduler;
  readonly clock: () => number;
  readonly ids: () => string;
  readonly config: EngineConfig;
  readonly emitter: EventEmitter<RecallEngineEvents>;
  /** The actor of each session this instance holds, least recently used first. */
  readonly sessions: Map<string, SessionActor>;
  readonly loading: Map<string, Promise<SessionActor>>;
  readonly liveResponses: Map<string, LiveResponse>;
  readonly feeds: Map<string, Set<FeedSink>>;
  /** Serialises startSession per recall set. */
  readonly startLocks: Map<string, Promise<unknown>>;
  closed: boolean;
}

/** What a runtime is made from; the rest of it starts empty. */
export type RuntimeServices = Pick<
  EngineRuntime,
  'storage' | 'llm' | 'spendGuard' | 'scheduler' | 'clock' | 'ids' | 'config'
>;

/** A runtime over `services` that holds no session yet and is open. */
export function createRuntime(services: RuntimeServices): EngineRuntime {
  return {
    ...services,
    emitter: new EventEmitter<RecallEngineEvents>(),
    sessions: new Map(),
    loading: new Map(),
    liveResponses: new Map(),
    feeds: new Map(),
    startLocks: new Map(),
    closed: false,
  };
}

/** Sends a delta to in-process listeners and to the session's feeds. */
export function emitDelta(runtime: EngineRuntime, delta: EngineDelta): void {
  runtime.emitter.emit('delta', delta);
  for (const sink of runtime.feeds.get(delta.sessionId) ?? []) sink.deliverDelta(delta);
}

/** Reports a failure that did not reject a command: an `error` event and a feed item. */
export function reportError(
  runtime: EngineRuntime,
  sessionId: string,
  error: RecallError,
  clientMessageId?: string,
): void {
  runtime.emitter.emit('error', { sessionId, error });
  const item: Extract<EngineFeedItem, { kind: 'error' }> = {
    kind: 'error',
    error: {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      ...(clientMessageId === undefined ? {} : { clientMessageId }),
    },
  };
  for (const sink of runtime.feeds.get(sessionId) ?? []) sink.deliverError(item);
}

/** The current recall set (read per command, so edits to the set take effect). */
export async function loadRecallSet(
  runtime: EngineRuntime,
  recallSetId: string,
): Promise<RecallSet> {
  const recallSet = await runtime.storage.getRecallSet(recallSetId);
  if (recallSet === null) {
    throw new RecallError('RECALL_SET_NOT_FOUND', `No recall set has id "${recallSetId}".`);
  }
  return recallSet;
}

/**
 * The session's actor if this engine holds it, moved to the most recently used end of the
 * cache (the map keeps insertion order, which pruning reads as least recently used first).
 */
export function cachedSession(runtime: EngineRuntime, sessionId: string): SessionActor | undefined {
  const cached = runtime.sessions.get(sessionId);
  if (cached !== undefined) {
    runtime.sessions.delete(sessionId);
    runtime.sessions.set(sessionId, cached);
  }
  return cached;
}

/**
 * Drops the least recently used idle sessions beyond `config.maxCachedSessions`. Sessions with
 * a subscriber are never dropped, so the cache holds every session in use plus up to
 * `maxCachedSessions` idle ones. Looks at a bounded number of actors per call.
 */
export function pruneSessionCache(runtime: EngineRuntime): void {
  let excess = runtime.sessions.size - runtime.feeds.size - runtime.config.maxCachedSessions;
  let budget = 2 * Math.max(0, excess) + 16;
  for (const [sessionId, actor] of runtime.sessions) {
    if (excess <= 0 || budget <= 0) return;
    budget -= 1;
    if (actor.idle && !runtime.feeds.has(sessionId)) {
      runtime.sessions.delete(sessionId);
      excess -= 1;
    }
  }
}

/**
 * A session's feed: stored events after `afterSeq` then live ones (from the storage
 * subscription, so events appended by other processes arrive too), with this engine's
 * transient deltas and errors woven in. Deltas of a response are delivered only after its
 * `assistant_streaming_start`; a subscriber that reaches that event while the response is
 * still streaming first gets one `snapshot` delta holding the text so far (so does one whose
 * `afterSeq` is already past the start, right after its stored history).
 */
export function subscribeToSession(
  runtime: EngineRuntime,
  sessionId: string,
  afterSeq: number,
  listener: (item: EngineFeedItem) => void,
): () => void {
  let active: { responseId: string; lastIndex: number } | null = null;
  let open = true;
  const deliver = (item: EngineFeedItem) => {
    if (!open) return;
    try {
      listener(item);
    } catch {
      // A failing listener must not break the engine or other subscribers.
    }
  };
  const sink: FeedSink = {
    deliverDelta(delta) {
      if (active === null || active.responseId !== delta.responseId) return;
      if (delta.index <= active.lastIndex) return;
      active.lastIndex = delta.index;
      deliver({ kind: 'delta', delta });
    },
    deliverError(item) {
      deliver(item);
    },
  };
  let sinks = runtime.feeds.get(sessionId);
  if (sinks === undefined) {
    sinks = new Set();
    runtime.feeds.set(sessionId, sinks);
  }
  sinks.add(sink);
  const unsubscribe = runtime.storage.subscribe(sessionId, afterSeq, (event) => {
    deliver({ kind: 'event', event });
    if (event.type === 'assistant_streaming_start') {
      const { responseId } = event.data;
      const live = runtime.liveResponses.get(responseId);
      active = { responseId, lastIndex: live?.lastIndex ?? -1 };
      if (live !== undefined && live.lastIndex >= 0) {
        deliver({
          kind: 'delta',
          delta: { sessionId, responseId, index: live.lastIndex, text: live.text, snapshot: true },
        });
      }
    } else if (
      event.type === 'assistant_streaming_end' &&
      active?.responseId === event.data.responseId
    ) {
      active = null;
    }
  });
  // A response whose start the subscriber already has (seq ≤ afterSeq) is caught up too.
  queueMicrotask(() => {
    if (!open || active !== null) return;
    for (const response of runtime.sessions.get(sessionId)?.state.openResponses ?? []) {
      const live = runtime.liveResponses.get(response.responseId);
      if (response.startSeq > afterSeq || live === undefined) continue;
      active = { responseId: response.responseId, lastIndex: live.lastIndex };
      if (live.lastIndex >= 0) {
        deliver({
          kind: 'delta',
          delta: {
            sessionId,
            responseId: response.responseId,
            index: live.lastIndex,
            text: live.text,
            snapshot: true,
          },
        });
      }
    }
  });
  return () => {
    if (!open) return;
    open = false;
    unsubscribe();
    sinks.delete(sink);
    if (sinks.size === 0) runtime.feeds.delete(sessionId);
  };
}

/**
 * `event` without the fields of {@link PUBLIC_EVENT_REDACTIONS}: a new object (stored events
 * are shared and frozen), every other field kept as stored. The feed above carries stored
 * events whole; the one place the redaction is applied is the server's serializer, before an
 * event leaves the process.
 */
export function redactSessionEvent(event: SessionEvent): PublicSessionEvent {
  const paths: readonly string[] =
    (PUBLIC_EVENT_REDACTIONS as Partial<Record<SessionEventType, readonly string[]>>)[event.type] ??
    [];
  if (paths.length === 0) return event;
  const data: Record<string, unknown> = { ...event.data };
  for (const path of paths) {
    const [parent, child] = path.split('.') as [string, string | undefined];
    if (child === undefined) {
      delete data[parent];
    } else if (typeof data[parent] === 'object' && data[parent] !== null) {
      const nested = { ...(data[parent] as Record<string, unknown>) };
      delete nested[child];
      data[parent] = nested;
    }
  }
  return { ...event, data } as PublicSessionEvent;
}
