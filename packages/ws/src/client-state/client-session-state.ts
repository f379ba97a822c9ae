import type { Agent, SessionSummary } from '@recall/core';
import type { ServerMessageOf } from '../protocol/server-messages';

/** Where a session stands, as the client sees it. */
export type ClientSessionStatus = 'connecting' | 'active' | 'paused' | 'completed' | 'error';

/**
 * The life of one chat message: a learner's message is `pending` until acknowledged, then
 * `sent` (or `failed`, to offer a retry); an assistant message is `streaming`, then
 * `complete` (or `interrupted` when its stream broke off).
 */
export type ChatMessageStatus =
  | 'pending'
  | 'sent'
  | 'failed'
  | 'streaming'
  | 'complete'
  | 'interrupted';

/** An error as it travels on the wire: `{ code, message, retryAfterMs?, clientMessageId? }`. */
export type WireError = Omit<ServerMessageOf<'error'>, 'type'>;

/** One line of the conversation. */
export interface ChatMessage {
  /** Stable key: the `clientMessageId` or `user-<seq>` for the learner, `responseId` for the assistant. */
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Which agent wrote an assistant message. */
  agent?: Agent;
  status: ChatMessageStatus;
  clientMessageId?: string;
  responseId?: string;
  /** Why a learner message failed (status `failed`). */
  error?: WireError;
}

type Payload<
  T extends
    | 'rabbithole_detected'
    | 'session_complete_overlay'
    | 'recall_point_near_miss'
    | 'show_image'
    | 'show_resource',
> = Omit<ServerMessageOf<T>, 'type' | 'seq'>;

/** A rabbit hole offered to the learner and not yet answered: `{ rabbitholeEventId, topic, label }`. */
export type RabbitholePrompt = Payload<'rabbithole_detected'>;

/** The "everything recalled" overlay: `{ message, recalledCount, totalPoints, durationMs }`. */
export type CompletionOverlay = Payload<'session_complete_overlay'>;

/** Feedback on a point the learner nearly recalled: `{ pointId, feedback }`. */
export type NearMiss = Payload<'recall_point_near_miss'>;

/** An image the tutor showed: `{ resourceId, url, caption?, mimeType? }`. */
export type ShownImage = Payload<'show_image'>;

/** A text resource the tutor showed: `{ resourceId, title, snippet }`. */
export type ShownResource = Payload<'show_resource'>;

/** Progress of the assistant response currently streaming. */
export interface StreamCursor {
  responseId: string;
  /** The chunk index expected next. */
  nextIndex: number;
}

/**
 * Everything a UI needs to render a session, built only by the pure functions of this
 * module from server messages (live or replayed) and the client's own commands.
 * Immutable: every change returns a new object.
 */
export interface ClientSessionState {
  sessionId: string | null;
  status: ClientSessionStatus;
  messages: readonly ChatMessage[];
  /** The true number of recalled points. */
  recalledCount: number;
  /** The number to show: recalls made inside a rabbit hole appear only on exit. */
  displayedRecalledCount: number;
  totalPoints: number;
  recalledPointIds: readonly string[];
  nearMisses: readonly NearMiss[];
  isInRabbithole: boolean;
  rabbitholeTopic: string | null;
  /** Labels of the rabbit holes exited so far, in order. */
  rabbitholeLabels: readonly string[];
  rabbitholePrompt: RabbitholePrompt | null;
  /** The overlay to show now; `null` when none or dismissed. */
  completionOverlay: CompletionOverlay | null;
  /** An overlay that arrived inside a rabbit hole, shown on exit. */
  deferredCompletionOverlay: CompletionOverlay | null;
  images: readonly ShownImage[];
  resources: readonly ShownResource[];
  summary: SessionSummary | null;
  /** The seq of the last log message applied; resume after it. */
  lastSeq: number;
  lastError: WireError | null;
  /** The response currently streaming, if any. */
  stream: StreamCursor | null;
}

/** Options for {@link createInitialClientState}. */
export interface InitialClientStateOptions {
  /** The session the client is attaching to, when already known. */
  sessionId?: string;
}

/** The state before any server message arrived. */
export function createInitialClientState(
  options: InitialClientStateOptions = {},
): ClientSessionState {
  return {
    sessionId: options.sessionId ?? null,
    status: 'connecting',
    messages: [],
    recalledCount: 0,
    displayedRecalledCount: 0,
    totalPoints: 0,
    recalledPointIds: [],
    nearMisses: [],
    isInRabbithole: false,
    rabbitholeTopic: null,
    rabbitholeLabels: [],
    rabbitholePrompt: null,
    completionOverlay: null,
    deferredCompletionOverlay: null,
    images: [],
    resources: [],
    summary: null,
    lastSeq: 0,
    lastError: null,
    stream: null,
  };
}
