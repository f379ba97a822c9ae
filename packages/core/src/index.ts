// Public API of @recall/core. Exports are listed by hand; internals stay in internal/.

// Event catalog and envelope
export {
  SESSION_EVENT_TYPES,
  sessionEventDataSchemas,
  sessionSummarySchema,
  tokenUsageSchema,
  agentSchema,
} from './events/catalog';
export type {
  SessionEventType,
  SessionEventData,
  SessionSummary,
  TokenUsage,
  Agent,
} from './events/catalog';
export { sessionEventSchema } from './events/envelope';
export type { SessionEvent, SessionEventOf, EventEnvelopeFields } from './events/envelope';
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

// Adapters
export type {
  StorageAdapter,
  AppendOptions,
  AppendResult,
  ReadOptions,
  ListSessionsOptions,
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

// Storage
export { createMemoryStorage } from './storage/memory/memory-storage';
