// Public API of @recall/core. Exports are listed by hand; internals stay in internal/.

// Event catalog and envelope
export {
  SESSION_EVENT_TYPES,
  sessionEventDataSchemas,
  sessionSummarySchema,
  tokenUsageSchema,
  agentSchema,
  SHOW_RESOURCE_SNIPPET_MAX_LENGTH,
} from './events/catalog';
export type {
  SessionEventType,
  SessionEventData,
  SessionSummary,
  TokenUsage,
  Agent,
} from './events/catalog';
export { sessionEventSchema, eventEnvelopeSchema, contextEnvelopeSchema } from './events/envelope';
export type {
  SessionEvent,
  SessionEventOf,
  NewSessionEvent,
  NewSessionEventOf,
  EventEnvelopeFields,
  ContextEnvelopeFields,
} from './events/envelope';
export { createEventContext } from './events/event-context';
export type { EventContext, EventContextOptions } from './events/event-context';
export { parseSessionEvent } from './events/parse-session-event';
export type { ParseSessionEventResult } from './events/parse-session-event';

// Errors
export { RECALL_ERROR_CODES, isRetryableCode } from './errors/codes';
export type { RecallErrorCode } from './errors/codes';
export {
  RecallError,
  ConcurrencyError,
  LLMOutputError,
  toRecallError,
} from './errors/recall-error';
export type { RecallErrorOptions } from './errors/recall-error';

// Domain model
export {
  recallSetSchema,
  recallPointSchema,
  resourceSchema,
  resourceLinkSchema,
} from './model/recall-set';
export type {
  RecallSet,
  RecallPoint,
  Resource,
  ResourceLink,
  RecallSetSummary,
} from './model/recall-set';
export { pointScheduleSchema, reviewLogSchema, reviewRatingSchema } from './model/schedule';
export type { PointSchedule, ReviewLog, ReviewRating } from './model/schedule';
export { sessionSchema, sessionStatusSchema } from './model/session';
export type { Session, SessionStatus } from './model/session';
export type { LearnerOptions } from './model/learner';

// Adapters
export type {
  StorageAdapter,
  AppendOptions,
  AppendResult,
  ReadOptions,
  ListSessionsOptions,
  ListRecallSetsOptions,
  GetSchedulesOptions,
  GetDuePointsOptions,
  RecordReviewOptions,
  GetReviewLogsOptions,
  FindActiveSessionOptions,
  ResponseLivenessOptions,
  Unsubscribe,
} from './storage/storage-adapter';
export { EMPTY_USAGE, addUsage } from './llm/llm-adapter';
export type {
  LLMAdapter,
  LLMCallKind,
  LLMCallOptions,
  LLMMessage,
  LLMObjectOptions,
  LLMObjectResult,
  LLMStreamPart,
  LLMFinishReason,
} from './llm/llm-adapter';

// Utilities
export { assertNever } from './internal/assert-never';

// Text every storage holds the same way (no NUL, no unpaired surrogate), and blank text
export { isStorableText, isBlankText, toStorableText } from './text/storable-text';

// Storage
export { createMemoryStorage } from './storage/memory/memory-storage';

// Voice: transcription adapter, transcript pipeline, term extractor, notation parsing
export type {
  TranscriptionAdapter,
  TranscribeOptions,
  TranscriptionAudio,
  TranscriptionResult,
} from './voice/transcription-adapter';
export { createDeepgramTranscription } from './voice/deepgram';
export type { DeepgramTranscriptionOptions } from './voice/deepgram';
export { createTranscriptPipeline } from './voice/transcript-pipeline';
export type {
  TranscriptPipeline,
  TranscriptPipelineOptions,
  ProcessTranscriptOptions,
  ProcessedTranscript,
  TranscriptCorrection,
  TranscriptSource,
} from './voice/transcript-pipeline';
export { createTermExtractor } from './voice/term-extractor';
export type { TermExtractor, TermExtractorOptions, GetTermsOptions } from './voice/term-extractor';
export { parseNotation, hasNotation } from './voice/notation';
export type { NotationSegment } from './voice/notation';
export type { VoiceStatus } from './voice/voice-status';

// Session logs as JSON Lines, and queries over a session's log
export { formatSessionLog, parseSessionLog } from './storage/jsonl/session-log-jsonl';
export type { ParseSessionLogOptions, ParsedSessionLog } from './storage/jsonl/session-log-jsonl';
export { exportSessionLog, importSessionLog } from './storage/jsonl/session-log-transfer';
export type { ImportSessionLogResult } from './storage/jsonl/session-log-transfer';
export { getRabbitholeConversations } from './storage/log-queries/rabbithole-conversations';
export { readRabbitholeConversations } from './storage/log-queries/read-rabbithole-conversations';
export type {
  RabbitholeConversation,
  RabbitholeMessage,
} from './storage/log-queries/rabbithole-conversations';

// Session engine
export { createRecallEngine } from './engine/create-recall-engine';
export type {
  RecallEngine,
  RecallEngineOptions,
  RecallEngineEvents,
  CommandResult,
  CommandOptions,
  EnterRabbitholeOptions,
  EngineDelta,
  EngineFeedItem,
  EngineFeedError,
} from './engine/engine-types';
export {
  DEFAULT_ENGINE_CONFIG,
  resolveEngineConfig,
  estimateCostUsd,
} from './engine/engine-config';
export type { EngineConfig, ModelCallSettings, TokenPrice } from './engine/engine-config';
export { defineRecallSet } from './engine/define-recall-set';
export type {
  RecallSetDefinition,
  RecallPointDefinition,
  ResourceDefinition,
  ResourceLinkDefinition,
  DefineRecallSetOptions,
} from './engine/define-recall-set';

// The shared fold of a session log (zod-free): the engine builds on it, browsers run it as is
export { reduceSessionView } from './session/view/reduce-session-view';
export { createSessionView } from './session/view/session-view';
export type {
  SessionView,
  CreateSessionViewOptions,
  CompletionOverlay,
  PublicSessionSummary,
  RabbitholeVisit,
} from './session/view/session-view';
export type {
  SessionTimelineItem,
  TimelineMessage,
  TimelineMessageStatus,
  TimelineImage,
  TimelineResource,
  TimelineRabbitholeEntered,
  TimelineRabbitholeExited,
  TimelineNearMiss,
} from './session/view/timeline';
export {
  afterLearnerMessage,
  displayedRecalledCount,
  isEveryPointRecalled,
  rabbitholeDeclinedByLearnerMessage,
  visibleCompletionOverlay,
} from './session/view/session-rules';
export { PUBLIC_EVENT_REDACTIONS, redactSessionEvent } from './events/redaction';
export type {
  PublicSessionEvent,
  PublicSessionEventOf,
  PublicSessionEventData,
} from './events/redaction';

// Session reducer (pure; the same fold serves live and replay)
export { reduceSession } from './session/reduce-session';
export { createSessionState } from './session/session-state';
export type {
  EngineSessionState,
  CreateSessionStateOptions,
  PointStatus,
  SessionMode,
  OverlayState,
  PointObservation,
  PointProgress,
  PendingRabbithole,
  RabbitholeRecord,
  Greeting,
} from './session/session-state';
export {
  findFocusPoint,
  uncheckedPointIds,
  recalledCount,
  isChecklistComplete,
} from './session/checklist';
export { summarizeSession } from './session/summarize-session';
export { sessionRowFromLog } from './session/session-row';
export type { SummarizeSessionOptions } from './session/summarize-session';

// Scheduling
export { createFsrsScheduler } from './scheduling/fsrs-scheduler';
export type { FsrsScheduler, FsrsSchedulerOptions, RateOptions } from './scheduling/fsrs-scheduler';
export { ratingForRecall, REVIEW_RATINGS } from './scheduling/recall-rating';
export type { RecallOutcome } from './scheduling/recall-rating';
