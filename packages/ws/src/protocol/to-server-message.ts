import { type SessionEvent, assertNever } from '@recall/core';
import type { PersistedServerMessage, ServerMessageOf } from './server-messages';

/**
 * Maps one engine event to the server message every attached client receives live, or
 * `null` when clients get nothing for it. Pure and exhaustive: adding an event type to the
 * catalog fails to compile here until it is handled.
 *
 * @example
 * storage.subscribe(sessionId, afterSeq, (event) => {
 *   const message = toServerMessage(event);
 *   if (message) socket.send(JSON.stringify(message));
 * });
 */
export function toServerMessage(event: SessionEvent): PersistedServerMessage | null {
  const { seq } = event;
  switch (event.type) {
    // No message for these four in the engine → client mapping, on purpose:
    // - user_message: the sender already shows its own message optimistically and is
    //   answered with an `ack`. (`toHistoryMessage` adds a `user_message` frame on top of this
    //   mapping; Recall's server sends through it, live and in history, so a reloaded page,
    //   a second tab and a client on another node also get the learner's lines.)
    // - assistant_message: the persisted full text duplicates `assistant_streaming_end`,
    //   which becomes `assistant_complete`.
    // - assistant_streaming_start: the stream's start is implied by its first chunk.
    // - rabbithole_declined: a decline only clears the prompt, which the declining client
    //   already did locally. (`toHistoryMessage` adds it for the same reason as above.)
    case 'user_message':
    case 'assistant_message':
    case 'assistant_streaming_start':
    case 'rabbithole_declined':
      return null;
    case 'session_started': {
      const { data } = event;
      return {
        type: 'session_started',
        seq,
        sessionId: data.sessionId,
        recallSetId: data.recallSetId,
        recallSetName: data.recallSetName,
        totalPoints: data.totalPoints,
        recalledCount: data.recalledCount,
        resumed: data.resumed,
        // The opening question is not inlined: it streams right after as a normal response
        // (`assistant_chunk`s then `assistant_complete`), so it is stored and shown once.
        openingMessage: '',
      };
    }
    case 'session_paused':
      return {
        type: 'session_paused',
        seq,
        sessionId: event.data.sessionId,
        recalledCount: event.data.recalledCount,
        totalPoints: event.data.totalPoints,
      };
    case 'session_complete_overlay':
      return {
        type: 'session_complete_overlay',
        seq,
        message: event.data.message,
        recalledCount: event.data.recalledCount,
        totalPoints: event.data.totalPoints,
        durationMs: event.data.durationMs,
      };
    case 'session_completed':
      return { type: 'session_complete', seq, summary: event.data.summary };
    case 'recall_point_recalled':
      return {
        type: 'recall_point_recalled',
        seq,
        pointId: event.data.pointId,
        pointIndex: event.data.pointIndex,
        recalledCount: event.data.recalledCount,
        totalPoints: event.data.totalPoints,
      };
    case 'recall_point_near_miss':
      return {
        type: 'recall_point_near_miss',
        seq,
        pointId: event.data.pointId,
        feedback: event.data.feedback,
      };
    case 'rabbithole_detected':
      // triggerMessageContent stays on the server: the client already has that message.
      return {
        type: 'rabbithole_detected',
        seq,
        rabbitholeEventId: event.data.rabbitholeEventId,
        topic: event.data.topic,
        label: event.data.label,
      };
    case 'rabbithole_entered':
      return {
        type: 'rabbithole_entered',
        seq,
        rabbitholeEventId: event.data.rabbitholeEventId,
        topic: event.data.topic,
        label: event.data.label,
      };
    case 'rabbithole_exited':
      return {
        type: 'rabbithole_exited',
        seq,
        rabbitholeEventId: event.data.rabbitholeEventId,
        label: event.data.label,
        pointsRecalledDuring: event.data.pointsRecalledDuring,
        completionPending: event.data.completionPending,
      };
    case 'show_image': {
      const { caption, mimeType } = event.data;
      return {
        type: 'show_image',
        seq,
        resourceId: event.data.resourceId,
        url: event.data.url,
        ...(caption === undefined ? {} : { caption }),
        ...(mimeType === undefined ? {} : { mimeType }),
      };
    }
    case 'show_resource':
      return {
        type: 'show_resource',
        seq,
        resourceId: event.data.resourceId,
        title: event.data.title,
        snippet: event.data.snippet,
      };
    case 'assistant_streaming_end':
      return {
        type: 'assistant_complete',
        seq,
        responseId: event.data.responseId,
        fullContent: event.data.fullContent,
        totalChunks: event.data.totalChunks,
      };
    default:
      return assertNever(event, 'session event');
  }
}

/**
 * Maps one stored event to the message sent when replaying history to an attaching (or
 * reloaded) client. It differs from {@link toServerMessage} only where the live path
 * relies on what the client did locally: a `user_message` event becomes a `user_message`
 * message (so the learner's lines are rebuilt) and a `rabbithole_declined` event becomes a
 * `rabbithole_declined` message (so a declined prompt stays cleared).
 */
export function toHistoryMessage(event: SessionEvent): PersistedServerMessage | null {
  if (event.type === 'user_message') {
    const { clientMessageId } = event.data;
    const message: ServerMessageOf<'user_message'> = {
      type: 'user_message',
      seq: event.seq,
      content: event.data.content,
      ...(clientMessageId === undefined ? {} : { clientMessageId }),
    };
    return message;
  }
  if (event.type === 'rabbithole_declined') {
    return {
      type: 'rabbithole_declined',
      seq: event.seq,
      rabbitholeEventId: event.data.rabbitholeEventId,
      topic: event.data.topic,
    };
  }
  return toServerMessage(event);
}
