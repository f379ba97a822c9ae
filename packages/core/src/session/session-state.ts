import type { TokenUsage } from '../events/catalog';
import type { LLMMessage } from '../model/conversation';
import { EMPTY_USAGE } from '../model/usage';
import { type RabbitholeVisit, type SessionView, createSessionView } from './view/session-view';

export type { OverlayState, PendingRabbithole, SessionMode } from './view/session-view';

/** A target point's place on the checklist. */
export type PointStatus = 'pending' | 'recalled';

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
  /**
   * Learner answers that tried this point (the evaluator's `attempted`, a pasted-back question,
   * or a near miss) and left it pending, at most one per answer, focus or not. Caps the rating.
   */
  misses: number;
}

/** Something the session put before the learner, whose key terms count as shown. */
export interface ShownText {
  /** A tutor reply (question, hint, cloze), a rabbit-hole reply, near-miss feedback, a resource. */
  source: 'tutor' | 'rabbithole' | 'feedback' | 'resource';
  text: string;
}

/** One entered rabbit hole with its side conversation (kept after exit). */
export interface RabbitholeRecord extends RabbitholeVisit {
  /** The rabbit-hole agent's history, starting with its curiosity cue. */
  messages: readonly LLMMessage[];
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
 * {@link reduceSession}: the {@link SessionView} every reader shares, plus the engine's own
 * fields, read from the stored (unredacted) events. Immutable: every change returns a new
 * object.
 */
export interface EngineSessionState extends SessionView {
  /** The checklist's points in probe order (from the session row or `session_started`). */
  targetPointIds: readonly string[];
  /** Each target point's place on the checklist; only its pending points can be recalled. */
  checklist: Readonly<Record<string, PointStatus>>;
  userId: string | null;
  rabbitholes: readonly RabbitholeRecord[];
  probeIndex: number;
  /** The first pending point at or after `probeIndex` (wrapping); null when none. */
  focusPointId: string | null;
  /** Normalised topics of every detection, to suppress duplicates. */
  detectedTopics: readonly string[];
  /** Recall-mode learner messages that will still skip detection. */
  declineCooldown: number;
  /** The cooldown a decline starts (fixed when the state is created). */
  declineCooldownMessages: number;
  /** Learner messages answered by the tutor (recall mode). */
  exchangeCount: number;
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
  /** Whether the latest recall-mode learner message only says they cannot recall (`saysCannotRecall`). */
  answeringCannotRecall: boolean;
  /**
   * The focus the latest recall-mode answer attempted without credit — the tutor, deciding on
   * its own, may have moved on from it (see {@link answeringAlternativePointId}).
   */
  unresolvedFocusPointId: string | null;
  pointProgress: Readonly<Record<string, PointProgress>>;
  /** Points already rated Again in this session (when it was paused). */
  againRatedPointIds: readonly string[];
  /** Every text shown to the learner this session, oldest first (echo and exposure checks). */
  shown: readonly ShownText[];
  /** How many of `shown` came before the session's last start or resume (exposure counts the rest). */
  exposureFrom: number;
  /** The point the latest tutor reply asked about (its `askedPointId`); null when none. */
  askedPointId: string | null;
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
  pausedAt: number | null;
  resumedAt: number | null;
  endedAt: number | null;
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
    pointProgress[pointId] = { failedAttempts: 0, nearMisses: 0, misses: 0 };
  }
  return {
    ...createSessionView({ sessionId: options.sessionId, recallSetId: options.recallSetId }),
    targetPointIds: [...options.targetPointIds],
    checklist,
    totalPoints: options.targetPointIds.length,
    userId: options.userId ?? null,
    rabbitholes: [],
    probeIndex: 0,
    focusPointId: options.targetPointIds[0] ?? null,
    detectedTopics: [],
    declineCooldown: 0,
    declineCooldownMessages: options.declineCooldownMessages ?? 3,
    exchangeCount: 0,
    greeting: null,
    tutorMessages: [],
    tutorNotes: [],
    turnObservations: [],
    answeringFocusPointId: null,
    answeringAlternativePointId: null,
    answeringCannotRecall: false,
    unresolvedFocusPointId: null,
    pointProgress,
    againRatedPointIds: [],
    shown: [],
    exposureFrom: 0,
    askedPointId: null,
    shownResourceIds: [],
    usage: EMPTY_USAGE,
    judgeUsage: EMPTY_USAGE,
    response: null,
    openResponses: [],
    pausedAt: null,
    resumedAt: null,
    endedAt: null,
  };
}
