// Public API of @recall/core: the session engine, the recall set builder, the in-memory storage,
// errors, the event log's types, and the shared zod-free fold of a session's log. Exports are
// listed by hand; everything else is internal or on a documented subpath:
//   @recall/core/view             the shared fold alone (zod-free by construction, for browsers)
//   @recall/core/schemas          zod schemas and parsers (server side)
//   @recall/core/voice            transcription adapter, Deepgram, transcript pipeline, notation
//   @recall/core/storage/log      JSON Lines export/import and queries over a session's log
//   @recall/core/storage/pglite   @recall/core/storage/postgres   SQL storage adapters
//   @recall/core/llm/anthropic    the Anthropic LLM adapter
//   @recall/core/llm/ai-sdk       any AI SDK language model (OpenAI, Google, Ollama, vLLM, …)
//   @recall/core/llm/offline      the embedded offline model (demo-grade, no API key); its
//                                 old name @recall/core/offline stays an alias for one minor
//   @recall/core/testing          scripted LLM, fixtures, a local Messages API
//   @recall/core/testing/openai   a local Chat Completions server (Node)

// Session engine
export { createRecallEngine } from './engine/create-recall-engine';
export type {
  RecallEngine,
  RecallEngineOptions,
  CommandResult,
  EngineFeedItem,
} from './engine/engine-types';
// What `RecallEngine.getSessionState` returns: the shared view plus the engine's own fields
export type { EngineSessionState } from './session/session-state';
export type {
  SessionCommand,
  SessionCommandOf,
  SessionCommandType,
  SessionCommandMethods,
  CommandOptions,
  EnterRabbitholeOptions,
} from './commands/catalog';
export { DEFAULT_ENGINE_CONFIG, estimateCostUsd } from './engine/engine-config';
export type { EngineConfig, TokenPrice } from './engine/engine-config';
export { withSpendGuard } from './engine/spend-guard';
export type { SpendGuardOptions } from './engine/spend-guard';
export { defineRecallSet } from './engine/define-recall-set';
export type { RecallSetDefinition, ResourceDefinition } from './engine/define-recall-set';
export { createFsrsScheduler } from './scheduling/fsrs-scheduler';
export type { FsrsScheduler, FsrsSchedulerOptions } from './scheduling/fsrs-scheduler';

// Adapters: storage (the in-memory one here, SQL on subpaths) and LLM
export { createMemoryStorage } from './storage/memory/memory-storage';
export type {
  StorageAdapter,
  AppendOptions,
  AppendResult,
  ReadOptions,
  ListRecallSetsOptions,
  GetSchedulesOptions,
  GetDuePointsOptions,
  RecordReviewOptions,
  GetReviewLogsOptions,
  FindActiveSessionOptions,
  ResponseLivenessOptions,
  SpendLedger,
  SpendTotals,
  AddSpendOptions,
  GetSpendOptions,
  EventLogStore,
  RecallSetStore,
  LearningStateStore,
  SessionRowStore,
  WriterClaimStore,
  ListSessionsOptions,
  Unsubscribe,
} from './storage/storage-adapter';
export type { LearnerOptions } from './model/learner';
export type {
  LLMAdapter,
  LLMCallKind,
  LLMCallOptions,
  LLMFinishReason,
  LLMMessage,
  LLMObjectOptions,
  LLMObjectResult,
  LLMStreamPart,
} from './llm/llm-adapter';

// Errors
export { RECALL_ERROR_CODES, isRetryableCode } from './errors/codes';
export type { RecallErrorCode } from './errors/codes';
export {
  RecallError,
  ConcurrencyError,
  LLMOutputError,
  toRecallError,
} from './errors/recall-error';

// What counts as a learner's own words: key terms, exposure, echoes, questions (one
// definition shared by the engine, the offline model and the evaluation harness)
export { keyTerms } from './text/lexical';
export type { KeyTerm } from './text/lexical';
export {
  ECHO_SHARE,
  ECHO_WINDOW,
  echoShare,
  exposure,
  isEcho,
  shownKeyTerms,
} from './text/exposure';
export { isLearnerQuestion } from './text/question';

// Text every storage holds the same way (no NUL, no unpaired surrogate), and blank text
export { isStorableText, isBlankText, toStorableText } from './text/storable-text';

// The session log: event types and envelopes, and what of it leaves the server
export { SESSION_EVENT_TYPES } from './events/catalog';
export type { SessionEventType, SessionEventData } from './events/catalog';
export type {
  SessionEvent,
  SessionEventOf,
  NewSessionEvent,
  NewSessionEventOf,
} from './events/envelope';
export { PUBLIC_EVENT_REDACTIONS } from './events/envelope';
export { redactSessionEvent } from './engine/runtime';
export type { PublicSessionEvent, PublicSessionEventOf } from './events/envelope';

// Domain model
export type { RecallSet, RecallPoint, Resource, RecallSetSummary } from './model/recall-set';
export type { PointSchedule, ReviewLog } from './model/schedule';
export type { Session } from './model/session';

// The shared fold of a session's log (zod-free): the engine builds on it, browsers run it as is
export { reduceSessionView } from './session/view/reduce-session-view';
export { createSessionView } from './session/view/session-view';
export type {
  SessionView,
  CompletionOverlay,
  CompletionOverlayData,
  PendingRabbithole,
} from './session/view/session-view';
export type {
  SessionTimelineItem,
  TimelineMessage,
  TimelineImage,
  TimelineResource,
  TimelineRabbitholeEntered,
  TimelineRabbitholeExited,
  TimelineNearMiss,
} from './session/view/timeline';
export {
  activeDurationMs,
  afterLearnerMessage,
  displayedRecalledCount,
  visibleCompletionOverlay,
} from './session/view/reduce-session-view';
