import type {
  ChatMessage,
  ClientSessionStatus,
  CompletionOverlay,
  ConnectionState,
  NearMiss,
  RabbitholePrompt,
  RecallClientSnapshot,
  ShownImage,
  ShownResource,
  WireError,
} from '@recall/ws';
import type { SessionSummary } from '@recall/core';

/** The whole session in one object, as `useRecallSession` returns it (without the actions). */
export interface RecallSessionState {
  sessionId: string | null;
  status: ClientSessionStatus;
  connection: ConnectionState;
  /** The conversation, including the assistant message still streaming. */
  messages: readonly ChatMessage[];
  /** The assistant message currently streaming, if any (also the last of `messages`). */
  streamingMessage: ChatMessage | null;
  recalledCount: number;
  displayedRecalledCount: number;
  totalPoints: number;
  recalledPointIds: readonly string[];
  nearMisses: readonly NearMiss[];
  isInRabbithole: boolean;
  rabbitholeTopic: string | null;
  rabbitholeLabels: readonly string[];
  rabbitholePrompt: RabbitholePrompt | null;
  completionOverlay: CompletionOverlay | null;
  images: readonly ShownImage[];
  resources: readonly ShownResource[];
  summary: SessionSummary | null;
  /** The last error the server reported (code, message, optional `retryAfterMs`). */
  error: WireError | null;
  /** Commands sent but not yet acknowledged. */
  outbox: number;
}

export function selectStreamingMessage({ state }: RecallClientSnapshot): ChatMessage | null {
  if (state.stream === null) return null;
  const { responseId } = state.stream;
  for (let index = state.messages.length - 1; index >= 0; index -= 1) {
    const message = state.messages[index];
    if (message?.responseId === responseId && message.status === 'streaming') return message;
  }
  return null;
}

// One view per snapshot, shared by every component that asks for it.
const views = new WeakMap<RecallClientSnapshot, RecallSessionState>();

export function selectSessionState(snapshot: RecallClientSnapshot): RecallSessionState {
  const cached = views.get(snapshot);
  if (cached) return cached;
  const { state } = snapshot;
  const view: RecallSessionState = {
    sessionId: state.sessionId,
    status: state.status,
    connection: snapshot.connection,
    messages: state.messages,
    streamingMessage: selectStreamingMessage(snapshot),
    recalledCount: state.recalledCount,
    displayedRecalledCount: state.displayedRecalledCount,
    totalPoints: state.totalPoints,
    recalledPointIds: state.recalledPointIds,
    nearMisses: state.nearMisses,
    isInRabbithole: state.isInRabbithole,
    rabbitholeTopic: state.rabbitholeTopic,
    rabbitholeLabels: state.rabbitholeLabels,
    rabbitholePrompt: state.rabbitholePrompt,
    completionOverlay: state.completionOverlay,
    images: state.images,
    resources: state.resources,
    summary: state.summary,
    error: state.lastError,
    outbox: snapshot.outbox,
  };
  views.set(snapshot, view);
  return view;
}
