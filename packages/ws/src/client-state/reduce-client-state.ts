import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import { assertNever } from './assert-never';
import { applyChunk, applyComplete } from './assistant-stream';
import type { ClientSessionState } from './client-session-state';
import { applyAck, applyError, applyHistoryUserMessage } from './user-messages';

/**
 * The one pure reducer of a client's session state: `(state, serverMessage) → state`.
 * Live messages and replayed history go through it alike, so replaying a recorded message
 * list gives exactly the state the live run had. No I/O, no clock, no ids; returns the
 * same object when nothing changes. A log message (one with `seq`) at or below `lastSeq`
 * was already applied and is ignored, so duplicate deliveries are harmless.
 *
 * @example
 * let state = createInitialClientState();
 * socket.onmessage = (event) => {
 *   const result = parseServerMessage(event.data);
 *   if (result.ok) state = reduceClientState(state, result.message);
 * };
 */
export function reduceClientState(
  state: ClientSessionState,
  message: ServerMessage,
): ClientSessionState {
  if ('seq' in message) {
    if (message.seq <= state.lastSeq) return state;
    return { ...applyLogMessage(state, message), lastSeq: message.seq };
  }
  switch (message.type) {
    case 'assistant_chunk':
      return applyChunk(state, message);
    case 'ack':
      return applyAck(state, message);
    case 'error':
      return applyError(state, message);
    case 'pong':
      return state;
    default:
      return assertNever(message, 'server message');
  }
}

type LogMessage = Extract<ServerMessage, { seq: number }>;

function applyLogMessage(state: ClientSessionState, message: LogMessage): ClientSessionState {
  switch (message.type) {
    case 'session_started':
      return applySessionStarted(state, message);
    case 'session_paused':
      return {
        ...state,
        status: 'paused',
        recalledCount: message.recalledCount,
        totalPoints: message.totalPoints,
      };
    case 'session_complete_overlay': {
      const { type: _type, seq: _seq, ...overlay } = message;
      // Inside a rabbit hole the overlay would interrupt the tangent: show it on exit.
      return state.isInRabbithole
        ? { ...state, deferredCompletionOverlay: overlay }
        : { ...state, completionOverlay: overlay };
    }
    case 'session_complete':
      return {
        ...state,
        status: 'completed',
        summary: message.summary,
        isInRabbithole: false,
        rabbitholeTopic: null,
        rabbitholePrompt: null,
        completionOverlay: null,
        deferredCompletionOverlay: null,
        displayedRecalledCount: state.recalledCount,
      };
    case 'recall_point_recalled':
      return {
        ...state,
        recalledCount: message.recalledCount,
        totalPoints: message.totalPoints,
        recalledPointIds: state.recalledPointIds.includes(message.pointId)
          ? state.recalledPointIds
          : [...state.recalledPointIds, message.pointId],
        // Counted now, displayed on exit: celebrating a recall mid-tangent would distract.
        displayedRecalledCount: state.isInRabbithole
          ? state.displayedRecalledCount
          : message.recalledCount,
      };
    case 'recall_point_near_miss':
      return {
        ...state,
        nearMisses: [...state.nearMisses, { pointId: message.pointId, feedback: message.feedback }],
      };
    case 'rabbithole_detected':
      return {
        ...state,
        rabbitholePrompt: {
          rabbitholeEventId: message.rabbitholeEventId,
          topic: message.topic,
          label: message.label,
        },
      };
    case 'rabbithole_entered':
      return {
        ...state,
        isInRabbithole: true,
        rabbitholeTopic: message.topic,
        rabbitholePrompt: null,
      };
    case 'rabbithole_exited':
      // Also fine without a prior `rabbithole_entered`: leaving is idempotent.
      return {
        ...leaveRabbithole(state),
        rabbitholeLabels: [...state.rabbitholeLabels, message.label],
      };
    case 'rabbithole_declined':
      return state.rabbitholePrompt?.rabbitholeEventId === message.rabbitholeEventId
        ? { ...state, rabbitholePrompt: null }
        : state;
    case 'show_image': {
      const { type: _type, seq: _seq, ...image } = message;
      return { ...state, images: [...state.images, image] };
    }
    case 'show_resource': {
      const { type: _type, seq: _seq, ...resource } = message;
      return { ...state, resources: [...state.resources, resource] };
    }
    case 'assistant_complete':
      return applyComplete(state, message);
    case 'user_message':
      return applyHistoryUserMessage(state, message);
    default:
      return assertNever(message, 'server message');
  }
}

function applySessionStarted(
  state: ClientSessionState,
  message: ServerMessageOf<'session_started'>,
): ClientSessionState {
  const started: ClientSessionState = {
    ...leaveRabbithole(state),
    sessionId: message.sessionId,
    status: 'active',
    totalPoints: message.totalPoints,
    recalledCount: message.recalledCount,
    displayedRecalledCount: message.recalledCount,
    rabbitholePrompt: null,
    lastError: null,
  };
  if (message.openingMessage === '') return started;
  // Recall servers stream the opening instead; other servers may inline it.
  const opening = {
    id: `opening-${message.seq}`,
    role: 'assistant' as const,
    content: message.openingMessage,
    agent: 'tutor' as const,
    status: 'complete' as const,
  };
  return { ...started, messages: [...started.messages, opening] };
}

/** Back to the main session: buffered recalls and a deferred overlay become visible. */
function leaveRabbithole(state: ClientSessionState): ClientSessionState {
  return {
    ...state,
    isInRabbithole: false,
    rabbitholeTopic: null,
    displayedRecalledCount: state.recalledCount,
    completionOverlay: state.deferredCompletionOverlay ?? state.completionOverlay,
    deferredCompletionOverlay: null,
  };
}
