// Types only (no zod): the state every reader of a session log folds, in Node and browsers.
import type { PublicSessionEventData } from '../../events/envelope';
import type { SessionStatus } from '../../model/session';
import type { SessionTimelineItem, TimelineNearMiss } from './timeline';

/** Which agent the learner is talking to. */
export type SessionMode = 'recall' | 'rabbithole';

/**
 * The completion overlay: `pending` when the last point was recalled inside a rabbit hole
 * (the overlay is stored on exit), `shown` once `session_complete_overlay` is stored,
 * `dismissed` once the learner kept talking after it. Closing it with "Continue" appends
 * nothing: clients keep that themselves.
 */
export type OverlayState = 'none' | 'pending' | 'shown' | 'dismissed';

/** The "everything recalled" overlay: `{ message, recalledCount, totalPoints, durationMs }`. */
export type CompletionOverlayData = PublicSessionEventData<'session_complete_overlay'>;

/**
 * The old name of `CompletionOverlayData`.
 *
 * @deprecated Renamed {@link CompletionOverlayData}: `CompletionOverlay` is the component of
 * `@recall/react`. This alias goes in the next minor.
 */
export type CompletionOverlay = CompletionOverlayData;

/** The summary stored with `session_completed`, as clients receive it (no usage or cost). */
export type PublicSessionSummary = PublicSessionEventData<'session_completed'>['summary'];

/** A detected tangent waiting for the learner's choice. */
export interface PendingRabbithole {
  rabbitholeEventId: string;
  topic: string;
  label: string;
  /** The learner message that raised it. */
  triggerMessageContent: string;
}

/** One entered rabbit hole (kept after exit). */
export interface RabbitholeVisit {
  rabbitholeEventId: string;
  topic: string;
  label: string;
  status: 'active' | 'exited';
  /** Points recalled while inside it. */
  pointsRecalledDuring: number;
  enteredAt: number;
  exitedAt: number | null;
}

/**
 * What a session's public log says, folded by {@link reduceSessionView}: progress, the mode
 * and the rabbit holes, the completion overlay and one ordered timeline. Every field is filled
 * from the events clients receive (redacted); the engine's state is this plus what only the
 * stored events say (the checklist, targeting, usage). Immutable: every change returns a new
 * object.
 */
export interface SessionView {
  /** `''` until the first event when not known up front (a client of a recall set). */
  sessionId: string;
  recallSetId: string;
  recallSetName: string;
  /** The seq of the last applied event (0 before any). */
  lastSeq: number;
  /** `created` until `session_started` is applied. */
  status: 'created' | SessionStatus;
  /** How many points the session checks (from `session_started`). */
  totalPoints: number;
  /** Recalled points in the order they were recalled, each once. */
  recalledPointIds: readonly string[];
  mode: SessionMode;
  pendingRabbithole: PendingRabbithole | null;
  activeRabbitholeId: string | null;
  rabbitholes: readonly RabbitholeVisit[];
  overlay: OverlayState;
  /** The overlay's content once `session_complete_overlay` is stored. */
  completion: CompletionOverlayData | null;
  /** Set by `session_completed`. */
  summary: PublicSessionSummary | null;
  /** Messages, images, resources, rabbit-hole markers and near-miss hints, in log order. */
  timeline: readonly SessionTimelineItem[];
  /**
   * The near-miss hint to show now: the latest `recall_point_near_miss`, until the learner's
   * next message, entering a rabbit hole, the point's recall or the session's end. Derived
   * from the log, so a reload or a second tab shows the same hint (or none).
   */
  nearMiss: TimelineNearMiss | null;
  /** When the first `session_started` was stored (epoch ms); null before it. */
  startedAt: number | null;
  /** When the current active stretch began (null while paused, ended or not started). */
  activeSince: number | null;
  /** Active time of the stretches already closed by a pause or the completion. */
  activeDurationMs: number;
}

/** Options for {@link createSessionView}. */
export interface CreateSessionViewOptions {
  /** The session, when known; otherwise the first event's session is adopted. */
  sessionId?: string;
  recallSetId?: string;
}

/** The view of a session before any event. */
export function createSessionView(options: CreateSessionViewOptions = {}): SessionView {
  return {
    sessionId: options.sessionId ?? '',
    recallSetId: options.recallSetId ?? '',
    recallSetName: '',
    lastSeq: 0,
    status: 'created',
    totalPoints: 0,
    recalledPointIds: [],
    mode: 'recall',
    pendingRabbithole: null,
    activeRabbitholeId: null,
    rabbitholes: [],
    overlay: 'none',
    completion: null,
    summary: null,
    timeline: [],
    nearMiss: null,
    startedAt: null,
    activeSince: null,
    activeDurationMs: 0,
  };
}
