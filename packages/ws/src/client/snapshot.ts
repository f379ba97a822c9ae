import {
  type CompletionOverlayData,
  type PendingRabbithole,
  type SessionTimelineItem,
  type SessionView,
  type TimelineMessage,
  afterLearnerMessage,
  displayedRecalledCount,
  visibleCompletionOverlay,
} from '@recall/core/view';
import type { ClientState, OutgoingClientMessage, WireError } from './client-state';
import { RABBITHOLE_PROMPT_ANSWERS } from './generated/command-fields';

/** Where the link to the server stands. */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Where a session stands, as this client sees it. */
export type ClientSessionStatus = 'connecting' | 'active' | 'paused' | 'completed' | 'error';

/**
 * The life of one message: a learner's is `pending` until stored, then `sent` (or `failed`,
 * to offer a retry); an agent's is `streaming`, then `complete` (or `interrupted`).
 */
export type ChatMessageStatus = TimelineMessage['status'] | 'pending' | 'failed';

/** A learner or agent message as the conversation shows it. */
export interface ChatMessage extends Omit<TimelineMessage, 'status'> {
  status: ChatMessageStatus;
  /** Why a learner message failed (status `failed`). */
  error?: WireError;
}

/**
 * One item of the conversation, in log order: messages (with the text streamed so far),
 * shown images and resources, rabbit-hole enter/exit markers and near-miss hints.
 */
export type TimelineItem = Exclude<SessionTimelineItem, TimelineMessage> | ChatMessage;

/** A rabbit hole offered to the learner and not answered yet: `{ rabbitholeEventId, topic, label }`. */
export type RabbitholePromptState = Omit<PendingRabbithole, 'triggerMessageContent'>;

/**
 * The old name of `RabbitholePromptState`.
 *
 * @deprecated Renamed {@link RabbitholePromptState}: `RabbitholePrompt` is the component of
 * `@recall/react`. This alias goes in the next minor.
 */
export type RabbitholePrompt = RabbitholePromptState;

/** An immutable view of a client; a new object only when something changed. */
export interface RecallClientSnapshot {
  /**
   * The session as its log says, folded by the same pure core as the engine's state. Where the
   * session stands is the snapshot's own `status` (one vocabulary), so the fold's is left out.
   */
  session: Omit<SessionView, 'status'>;
  /**
   * What the conversation shows, in log order: the log's timeline with the text streamed so
   * far in the replies still streaming, then the learner's messages not stored yet.
   */
  timeline: readonly TimelineItem[];
  /** Where the session stands, as this client sees it (the log's status, the sync and refusals). */
  status: ClientSessionStatus;
  connection: ConnectionState;
  /** The prompt to show: the log's pending one, unless the learner already answered it. */
  rabbitholePrompt: RabbitholePromptState | null;
  /** The overlay to show: `null` when none, waiting for a rabbit-hole exit, or answered. */
  completionOverlay: CompletionOverlayData | null;
  /** Recalled points to show now (recalls inside a rabbit hole show on the way out). */
  displayedRecalledCount: number;
  /** The last error the server reported. */
  lastError: WireError | null;
  /** Commands not yet acknowledged by the server (sent or waiting to be sent). */
  outbox: number;
}

/** The inputs of a snapshot besides the client state. */
export interface SnapshotInputs {
  connection: ConnectionState;
  outbox: readonly OutgoingClientMessage[];
}

/**
 * The snapshot of a client state. The learner's own answers the log does not hold yet (a
 * message not stored, a draft being typed) are applied with the shared rule
 * (`afterLearnerMessage`), never a copy of it.
 */
export function toSnapshot(state: ClientState, inputs: SnapshotInputs): RecallClientSnapshot {
  const { session } = state;
  const answered =
    state.drafting || state.lines.length > 0 ? afterLearnerMessage(session) : session;
  return {
    session: withoutStatus(session),
    timeline: buildTimeline(state),
    status: statusOf(state),
    connection: inputs.connection,
    rabbitholePrompt: promptOf(answered, inputs.outbox),
    completionOverlay: state.overlayDismissed ? null : visibleCompletionOverlay(answered),
    displayedRecalledCount: displayedRecalledCount(session),
    lastError: state.lastError,
    outbox: inputs.outbox.length,
  };
}

// The same fold keeps the same object (selectors cache on it), and no status of its own.
const sessionsWithoutStatus = /* @__PURE__ */ new WeakMap<
  SessionView,
  Omit<SessionView, 'status'>
>();

function withoutStatus(session: SessionView): Omit<SessionView, 'status'> {
  let cached = sessionsWithoutStatus.get(session);
  if (cached === undefined) {
    const { status: _status, ...rest } = session;
    cached = rest;
    sessionsWithoutStatus.set(session, cached);
  }
  return cached;
}

function statusOf(state: ClientState): ClientSessionStatus {
  const status = state.session.status;
  if (status === 'completed' || status === 'abandoned') return 'completed';
  if (state.fatal) return 'error';
  if (status === 'paused') return 'paused';
  return status === 'in_progress' && state.synced ? 'active' : 'connecting';
}

// A prompt whose answer (a command the catalog marks so: enter, decline) is on its way is
// shown as answered; an answer that names a rabbit hole must name this one.
function promptOf(
  session: SessionView,
  outbox: readonly OutgoingClientMessage[],
): RabbitholePromptState | null {
  const pending = session.pendingRabbithole;
  if (pending === null) return null;
  const answering = outbox.some(
    (message) =>
      RABBITHOLE_PROMPT_ANSWERS.includes(message.type) &&
      (!('rabbitholeEventId' in message) ||
        message.rabbitholeEventId === pending.rabbitholeEventId),
  );
  if (answering) return null;
  const { rabbitholeEventId, topic, label } = pending;
  return { rabbitholeEventId, topic, label };
}

// Settled items keep their identity from one snapshot to the next (memoised rows do not
// re-render); only a streaming reply and the local lines are rebuilt.
const settledTimelines = /* @__PURE__ */ new WeakMap<
  readonly SessionTimelineItem[],
  readonly TimelineItem[]
>();

function buildTimeline(state: ClientState): readonly TimelineItem[] {
  const logTimeline = state.session.timeline;
  let base = settledTimelines.get(logTimeline);
  if (base === undefined) {
    base = logTimeline;
    settledTimelines.set(logTimeline, base);
  }
  const streaming = Object.keys(state.streams);
  if (streaming.length === 0 && state.lines.length === 0) return base;
  const items: TimelineItem[] = base.map((item) => {
    if (item.kind !== 'message' || item.status !== 'streaming' || item.responseId === undefined) {
      return item;
    }
    const streamed = state.streams[item.responseId];
    return streamed === undefined ? item : withText(item, streamed.text);
  });
  for (const line of state.lines) {
    items.push({
      kind: 'message',
      id: line.clientMessageId,
      role: 'user',
      content: line.content,
      status: line.phase === 'failed' ? 'failed' : line.phase === 'acked' ? 'sent' : 'pending',
      clientMessageId: line.clientMessageId,
      ...(line.error === undefined ? {} : { error: line.error }),
    });
  }
  return items;
}

const streamedItems = /* @__PURE__ */ new WeakMap<
  TimelineItem,
  { text: string; item: ChatMessage }
>();

function withText(item: ChatMessage, text: string): ChatMessage {
  const cached = streamedItems.get(item);
  if (cached?.text === text) return cached.item;
  const next = { ...item, content: text };
  streamedItems.set(item, { text, item: next });
  return next;
}
