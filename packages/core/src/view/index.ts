// Public API of @recall/core/view: the shared fold of a session's log, for browsers. Zod-free
// by construction: nothing here reaches the schemas, the engine, FSRS or the LLM adapters, so
// a client that imports this entry bundles only the fold (a test bundles it and checks).
// Exports are listed by hand; the same names are on the main entry too.

export { reduceSessionView } from '../session/view/reduce-session-view';
export { createSessionView } from '../session/view/session-view';
export type {
  SessionView,
  CreateSessionViewOptions,
  SessionMode,
  OverlayState,
  PendingRabbithole,
  RabbitholeVisit,
  CompletionOverlay,
  CompletionOverlayData,
  PublicSessionSummary,
} from '../session/view/session-view';
export type {
  SessionTimelineItem,
  TimelineMessage,
  TimelineMessageStatus,
  TimelineImage,
  TimelineResource,
  TimelineRabbitholeEntered,
  TimelineRabbitholeExited,
  TimelineNearMiss,
} from '../session/view/timeline';
export {
  activeDurationMs,
  afterLearnerMessage,
  displayedRecalledCount,
  visibleCompletionOverlay,
} from '../session/view/reduce-session-view';

// The events the fold reads, as clients receive them
export type {
  PublicSessionEvent,
  PublicSessionEventOf,
  PublicSessionEventData,
} from '../events/envelope';
export type { SessionEventType } from '../events/catalog';
