import type { EventEmitter } from 'eventemitter3';
import type { RecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { LLMAdapter } from '../llm/llm-adapter';
import type { PointSchedule } from '../model/schedule';
import type { FsrsScheduler } from '../scheduling/fsrs-scheduler';
import type { EngineSessionState } from '../session/session-state';
import type { StorageAdapter } from '../storage/storage-adapter';
import type { EngineConfig } from './engine-config';
import type { PlannedReview } from './review-plan';
import type { SpendGuard } from './spend-guard';
import type {
  CommandResult,
  EngineDelta,
  EngineFeedItem,
  RecallEngineEvents,
} from './engine-types';

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

/** The engine's cached view of one session. */
export interface SessionEntry {
  readonly sessionId: string;
  state: EngineSessionState;
  /** `user_message` clientMessageIds seen in the log → their seq. */
  readonly clientMessageIds: Map<string, number>;
  /** Command ids (`commandId` envelope field) seen in the log → seq of their first event. */
  readonly commandSeqs: Map<string, number>;
  /**
   * Results of commands that appended nothing (e.g. `dismiss_overlay`), by clientMessageId:
   * the log cannot remember them, so this instance does.
   */
  readonly commandResults: Map<string, CommandResult>;
  /** Tail of the FIFO command queue. */
  queueTail: Promise<void>;
  /** Commands queued or running. */
  pendingCommands: number;
  /** Tail of the append chain: every append of the session runs after the previous one. */
  writeTail: Promise<unknown>;
  /** Aborts the running turn (on close). */
  controller: AbortController | null;
  /**
   * Created by this engine: its log is empty until this engine's first append, since no one
   * else knows its id before then.
   */
  createdHere: boolean;
  /**
   * Reviews the log calls for that may be missing from storage (after a load, a failed
   * write, or another writer's events); written, unless already stored, before the next
   * command runs.
   */
  owedReviews: PlannedReview[];
  /**
   * The session's learner's FSRS schedules of the set's points (see `review-writes.ts`): read
   * in one statement when the session starts or resumes (or before its first review after a
   * load) and kept up to date by this instance's review writes; null when not read yet.
   */
  schedules: Map<string, PointSchedule> | null;
  /**
   * Responses whose writer is known to be gone — this instance started them but could not end
   * them, or the storage holds no live claim for them: orphans at once, not after a delay.
   */
  readonly abandonedResponseIds: Set<string>;
  /**
   * The abandoned responses this instance started itself, with the text it streamed (only
   * storing their end failed): the learner saw that text, so the next command closes them
   * with it as interrupted and never answers them again as a crashed writer's turn is.
   */
  readonly abandonedHere: Map<string, string>;
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
  readonly sessions: Map<string, SessionEntry>;
  readonly loading: Map<string, Promise<SessionEntry>>;
  readonly liveResponses: Map<string, LiveResponse>;
  readonly feeds: Map<string, Set<FeedSink>>;
  /** Serialises startSession per recall set. */
  readonly startLocks: Map<string, Promise<unknown>>;
  closed: boolean;
}

/** Emits appended events to in-process listeners. */
export function emitEvents(runtime: EngineRuntime, events: readonly SessionEvent[]): void {
  for (const event of events) runtime.emitter.emit('event', event);
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
