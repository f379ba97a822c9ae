import type { CommandResult, SessionCommand, SessionCommandMethods } from '../commands/catalog';
import type { RecallErrorCode } from '../errors/codes';
import type { RecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { LLMAdapter } from '../llm/llm-adapter';
import type { FsrsScheduler } from '../scheduling/fsrs-scheduler';
import type { EngineSessionState } from '../session/session-state';
import type { StorageAdapter } from '../storage/storage-adapter';
import type { EngineConfig } from './engine-config';

export type {
  CommandOptions,
  CommandResult,
  EnterRabbitholeOptions,
} from '../commands/catalog';

/** Options for {@link createRecallEngine}. */
export interface RecallEngineOptions {
  storage: StorageAdapter;
  llm: LLMAdapter;
  /** FSRS scheduler for ratings. @default createFsrsScheduler() */
  scheduler?: FsrsScheduler;
  /** Epoch milliseconds. @default Date.now */
  clock?: () => number;
  /** Fresh unique ids for sessions, events and responses. @default crypto.randomUUID */
  ids?: () => string;
  /** Thresholds, cooldowns, model call options and prices; see {@link EngineConfig}. */
  config?: Partial<EngineConfig>;
}

/** One streamed piece of an assistant response. Transient: never stored. */
export interface EngineDelta {
  sessionId: string;
  responseId: string;
  /** 0-based chunk index within the response. */
  index: number;
  text: string;
  /** True for the catch-up delta a late subscriber gets: `text` is the whole text so far. */
  snapshot?: boolean;
}

/** A transient failure report for one session (e.g. an LLM error during a turn). */
export interface EngineFeedError {
  code: RecallErrorCode;
  message: string;
  retryable: boolean;
  retryAfterMs?: number;
  clientMessageId?: string;
}

/** What a {@link RecallEngine.subscribe} listener receives. */
export type EngineFeedItem =
  | { kind: 'event'; event: SessionEvent }
  | { kind: 'delta'; delta: EngineDelta }
  | { kind: 'error'; error: EngineFeedError };

/** Typed EventEmitter3 events of a {@link RecallEngine}, for in-process listeners. */
export interface RecallEngineEvents {
  /** Every event this engine instance appended, right after the append. */
  event: (event: SessionEvent) => void;
  /** Every text delta this engine instance streamed. */
  delta: (delta: EngineDelta) => void;
  /** A failure inside a session that did not reject a command (turn errors, judge errors). */
  error: (payload: { sessionId: string; error: RecallError }) => void;
}

/**
 * Runs recall sessions. Every state change is an appended event; the in-memory state is a
 * cache of {@link reduceSession} over the log, so another instance on the same storage
 * continues any session exactly where it was. Several instances (processes) may serve one
 * session: a command that finds another instance's turn open in the log waits for it to end
 * before it is accepted, so turns never interleave; the append's expected seq decides races.
 */
export interface RecallEngine extends SessionCommandMethods {
  /**
   * Resumes the learner's in-progress/paused session of the set or starts one on the points
   * due for that learner. The learner is `userId`; without one, the session belongs to the
   * anonymous learner (one learner for every session without a `userId`, never a user).
   * Rejects with RecallError RECALL_SET_NOT_FOUND | RECALL_SET_ARCHIVED | RECALL_SET_EMPTY.
   */
  startSession(
    recallSetId: string,
    options?: { userId?: string },
  ): Promise<{ sessionId: string; resumed: boolean }>;
  /**
   * Runs one session command: the one way in for every command, each handled by the engine's
   * handler for its `type`. Resolves once the engine has durably accepted it. Rejects with a
   * `RecallError`: UNKNOWN_MESSAGE_TYPE for a type the engine does not know, INVALID_MESSAGE
   * for unstorable text, and each command's own refusals (see {@link SessionCommandMethods}).
   *
   * @example
   * await engine.dispatch(sessionId, { type: 'user_message', content: 'ATP synthase makes ATP.' });
   * await engine.dispatch(sessionId, { type: 'leave_session', clientMessageId: crypto.randomUUID() });
   */
  dispatch(sessionId: string, command: SessionCommand): Promise<CommandResult>;
  /** Resolves when the session's command queue is empty and no turn is running. */
  whenIdle(sessionId: string): Promise<void>;
  /** The reducer's state, caught up with storage. Rejects with SESSION_NOT_FOUND. */
  getSessionState(sessionId: string): Promise<EngineSessionState>;
  /**
   * Stored events with seq > afterSeq first, then live ones, with no gap and no duplicate;
   * plus transient items. A response streaming at subscribe time is caught up by one
   * `delta` with `snapshot: true` right after its `assistant_streaming_start`.
   */
  subscribe(
    sessionId: string,
    options: { afterSeq: number },
    listener: (item: EngineFeedItem) => void,
  ): () => void;
  on<K extends keyof RecallEngineEvents>(event: K, listener: RecallEngineEvents[K]): this;
  off<K extends keyof RecallEngineEvents>(event: K, listener?: RecallEngineEvents[K]): this;
  once<K extends keyof RecallEngineEvents>(event: K, listener: RecallEngineEvents[K]): this;
  /** Interrupts in-flight turns (recorded as interrupted), waits for them, then stops. */
  close(): Promise<void>;
}
