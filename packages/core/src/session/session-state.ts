import type { TokenUsage } from '../events/catalog';
import { EMPTY_USAGE, type LLMMessage } from '../llm/llm-adapter';
import type { SessionStatus } from '../model/session';

/** A target point's place on the checklist. */
export type PointStatus = 'pending' | 'recalled';

/** Which agent the learner is talking to. */
export type SessionMode = 'recall' | 'rabbithole';

/**
 * The completion overlay: `pending` when the last point was recalled inside a rabbit hole
 * (it is shown on exit), `shown` once `session_complete_overlay` was emitted. Dismissing
 * it is a client concern and appends nothing.
 */
export type OverlayState = 'none' | 'pending' | 'shown';

/** What the evaluator observed about one point in a learner turn. */
export type PointObservation =
  | { pointId: string; kind: 'recalled' }
  | { pointId: string; kind: 'near_miss'; feedback: string };

/** How a point fared so far in this session (drives its FSRS rating). */
export interface PointProgress {
  /**
   * Learner answers that attempted this point while it was the focus (per the evaluator's
   * `attempted`) and left it pending. Answering another point or going off-topic is no attempt.
   */
  failedAttempts: number;
  nearMisses: number;
}

/** A detected tangent waiting for the learner's choice. */
export interface PendingRabbithole {
  rabbitholeEventId: string;
  topic: string;
  label: string;
  triggerMessageContent: string;
}

/** One entered rabbit hole and its side conversation (kept after exit). */
export interface RabbitholeRecord {
  rabbitholeEventId: string;
  topic: string;
  label: string;
  status: 'active' | 'exited';
  /** The rabbit-hole agent's history, starting with its curiosity cue. */
  messages: readonly LLMMessage[];
  pointsRecalledDuring: number;
  enteredAt: number;
  exitedAt: number | null;
}

/** A response whose stream has started and not ended. */
export interface OpenResponse {
  responseId: string;
  agent: 'tutor' | 'rabbithole';
  /** Timestamp of its `assistant_streaming_start`. */
  startedAt: number;
  /** Seq of its `assistant_streaming_start`. */
  startSeq: number;
}

/** The opening question (new session) or recap (resume) the tutor owes the learner. */
export interface Greeting {
  kind: 'opening' | 'recap';
  generated: boolean;
}

/**
 * Everything the engine knows about a session, folded from its event log by
 * {@link reduceSession}. Immutable: every change returns a new object.
 */
export interface EngineSessionState {
  sessionId: string;
  recallSetId: string;
  recallSetName: string;
  userId: string | null;
  /** The seq of the last applied event (0 before any). */
  lastSeq: number;
  /** `created` until `session_started` is applied. */
  status: 'created' | SessionStatus;
  /** The checklist's points, in probe order. */
  targetPointIds: readonly string[];
  checklist: Readonly<Record<string, PointStatus>>;
  /** Recalled points in the order they were recalled. */
  recalledPointIds: readonly string[];
  probeIndex: number;
  /** The first pending point at or after `probeIndex` (wrapping); null when none. */
  focusPointId: string | null;
  mode: SessionMode;
  pendingRabbithole: PendingRabbithole | null;
  activeRabbitholeId: string | null;
  rabbitholes: readonly RabbitholeRecord[];
  /** Normalised topics of every detection, to suppress duplicates. */
  detectedTopics: readonly string[];
  /** Recall-mode learner messages that will still skip detection. */
  declineCooldown: number;
  /** The cooldown a decline starts (fixed when the state is created). */
  declineCooldownMessages: number;
  /** Learner messages answered by the tutor (recall mode). */
  exchangeCount: number;
  overlay: OverlayState;
  greeting: Greeting | null;
  /** The tutor's history: learner words and tutor replies only (frozen in rabbit holes). */
  tutorMessages: readonly LLMMessage[];
  /** Observations the next tutor request carries (from the previous recall-mode turn). */
  tutorNotes: readonly PointObservation[];
  /** Observations of the latest recall-mode learner turn, collected as they arrive. */
  turnObservations: readonly PointObservation[];
  /** The focus point the latest recall-mode learner message answered. */
  answeringFocusPointId: string | null;
  /**
   * The point the latest recall-mode learner message may have answered instead of the focus:
   * the covered branch the tutor was offered after an answer that attempted the focus without
   * credit (the tutor may have judged it covered and moved on). Null when there is none.
   */
  answeringAlternativePointId: string | null;
  /**
   * The focus the latest recall-mode answer attempted without credit — the tutor, deciding on
   * its own, may have moved on from it (see {@link answeringAlternativePointId}).
   */
  unresolvedFocusPointId: string | null;
  pointProgress: Readonly<Record<string, PointProgress>>;
  /** Points already rated Again in this session (when it was paused). */
  againRatedPointIds: readonly string[];
  /** Resources already shown (`show_image` / `show_resource`): each is shown once a session. */
  shownResourceIds: readonly string[];
  /** Usage of tutor and rabbit-hole calls. */
  usage: TokenUsage;
  /** Usage of evaluator and detector calls. */
  judgeUsage: TokenUsage;
  /** The latest response still streaming (its `assistant_streaming_end` not stored yet). */
  response: OpenResponse | null;
  /** Every response still open, oldest first (more than one only after a writer died). */
  openResponses: readonly OpenResponse[];
  startedAt: number | null;
  pausedAt: number | null;
  resumedAt: number | null;
  endedAt: number | null;
  /** When the current active stretch began (null while paused or ended). */
  activeSince: number | null;
  /** Active time of the stretches already closed by a pause. */
  activeDurationMs: number;
}

/** Options for {@link createSessionState}. */
export interface CreateSessionStateOptions {
  sessionId: string;
  recallSetId: string;
  /** The checklist's points in probe order (from the session row). */
  targetPointIds: readonly string[];
  userId?: string;
  /** @default 3 */
  declineCooldownMessages?: number;
}

/** The state of a session before any event. */
export function createSessionState(options: CreateSessionStateOptions): EngineSessionState {
  const checklist: Record<string, PointStatus> = {};
  const pointProgress: Record<string, PointProgress> = {};
  for (const pointId of options.targetPointIds) {
    checklist[pointId] = 'pending';
    pointProgress[pointId] = { failedAttempts: 0, nearMisses: 0 };
  }
  return {
    sessionId: options.sessionId,
    recallSetId: options.recallSetId,
    recallSetName: '',
    userId: options.userId ?? null,
    lastSeq: 0,
    status: 'created',
    targetPointIds: [...options.targetPointIds],
    checklist,
    recalledPointIds: [],
    probeIndex: 0,
    focusPointId: options.targetPointIds[0] ?? null,
    mode: 'recall',
    pendingRabbithole: null,
    activeRabbitholeId: null,
    rabbitholes: [],
    detectedTopics: [],
    declineCooldown: 0,
    declineCooldownMessages: options.declineCooldownMessages ?? 3,
    exchangeCount: 0,
    overlay: 'none',
    greeting: null,
    tutorMessages: [],
    tutorNotes: [],
    turnObservations: [],
    answeringFocusPointId: null,
    answeringAlternativePointId: null,
    unresolvedFocusPointId: null,
    pointProgress,
    againRatedPointIds: [],
    shownResourceIds: [],
    usage: EMPTY_USAGE,
    judgeUsage: EMPTY_USAGE,
    response: null,
    openResponses: [],
    startedAt: null,
    pausedAt: null,
    resumedAt: null,
    endedAt: null,
    activeSince: null,
    activeDurationMs: 0,
  };
}
