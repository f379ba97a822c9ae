// Types and pure functions only (no zod): browsers fold the timeline too.
import type { Agent } from '../../events/catalog';
import type { PublicSessionEvent, PublicSessionEventOf } from '../../events/envelope';

/**
 * Where a message stands in the log: a learner message is `sent` (stored); an agent message
 * is `streaming` until its `assistant_streaming_end`, then `complete`, or `interrupted` when
 * its stream broke off.
 */
export type TimelineMessageStatus = 'sent' | 'streaming' | 'complete' | 'interrupted';

/** A learner or agent message of the conversation. */
export interface TimelineMessage {
  kind: 'message';
  /** Stable key: the learner's `clientMessageId` (else the event id), the agent's `responseId`. */
  id: string;
  role: 'user' | 'assistant';
  /** The stored text; `''` while an agent message streams (its text travels as chunks). */
  content: string;
  status: TimelineMessageStatus;
  /** Which agent wrote an agent message. */
  agent?: Agent;
  clientMessageId?: string;
  responseId?: string;
}

/** An image the tutor showed (`show_image`). */
export interface TimelineImage {
  kind: 'image';
  id: string;
  resourceId: string;
  url: string;
  caption?: string;
  mimeType?: string;
}

/** A text resource the tutor showed (`show_resource`). */
export interface TimelineResource {
  kind: 'resource';
  id: string;
  resourceId: string;
  title: string;
  snippet: string;
}

/** Where the learner went into a rabbit hole (`rabbithole_entered`). */
export interface TimelineRabbitholeEntered {
  kind: 'rabbithole_entered';
  id: string;
  rabbitholeEventId: string;
  topic: string;
  label: string;
}

/** Where the learner came back from a rabbit hole (`rabbithole_exited`). */
export interface TimelineRabbitholeExited {
  kind: 'rabbithole_exited';
  id: string;
  rabbitholeEventId: string;
  label: string;
  pointsRecalledDuring: number;
}

/** Feedback on a point the learner nearly recalled (`recall_point_near_miss`). */
export interface TimelineNearMiss {
  kind: 'near_miss';
  id: string;
  pointId: string;
  feedback: string;
}

/** One item of a session's timeline, in log order. */
export type SessionTimelineItem =
  | TimelineMessage
  | TimelineImage
  | TimelineResource
  | TimelineRabbitholeEntered
  | TimelineRabbitholeExited
  | TimelineNearMiss;

/**
 * The timeline after `event`: learner and agent messages, shown images and resources,
 * rabbit-hole enter and exit markers and near-miss hints, each where the log put it. The
 * same array when the event adds nothing.
 */
export function applyToTimeline(
  timeline: readonly SessionTimelineItem[],
  event: PublicSessionEvent,
): readonly SessionTimelineItem[] {
  switch (event.type) {
    case 'user_message': {
      const { content, clientMessageId } = event.data;
      return [
        ...timeline,
        {
          kind: 'message',
          id: clientMessageId ?? event.id,
          role: 'user',
          content,
          status: 'sent',
          ...(clientMessageId === undefined ? {} : { clientMessageId }),
        },
      ];
    }
    case 'assistant_streaming_start': {
      const { responseId, agent } = event.data;
      if (findResponse(timeline, responseId) !== -1) return timeline;
      return [
        ...timeline,
        {
          kind: 'message',
          id: responseId,
          role: 'assistant',
          content: '',
          status: 'streaming',
          agent,
          responseId,
        },
      ];
    }
    case 'assistant_streaming_end': {
      const { responseId, fullContent } = event.data;
      if (findResponse(timeline, responseId) === -1) {
        // An end without its start (a log cut or written elsewhere): placed where it ends.
        return [
          ...timeline,
          {
            kind: 'message',
            id: responseId,
            role: 'assistant',
            content: fullContent,
            status: 'complete',
            responseId,
          },
        ];
      }
      return updateResponse(timeline, responseId, (message) => ({
        ...message,
        content: fullContent,
        status: 'complete',
      }));
    }
    case 'assistant_message':
      return applyAssistantMessage(timeline, event);
    case 'show_image': {
      const { resourceId, url, caption, mimeType } = event.data;
      return [
        ...timeline,
        {
          kind: 'image',
          id: event.id,
          resourceId,
          url,
          ...(caption === undefined ? {} : { caption }),
          ...(mimeType === undefined ? {} : { mimeType }),
        },
      ];
    }
    case 'show_resource': {
      const { resourceId, title, snippet } = event.data;
      return [...timeline, { kind: 'resource', id: event.id, resourceId, title, snippet }];
    }
    case 'rabbithole_entered': {
      const { rabbitholeEventId, topic, label } = event.data;
      return [
        ...timeline,
        { kind: 'rabbithole_entered', id: event.id, rabbitholeEventId, topic, label },
      ];
    }
    case 'rabbithole_exited': {
      const { rabbitholeEventId, label, pointsRecalledDuring } = event.data;
      return [
        ...timeline,
        { kind: 'rabbithole_exited', id: event.id, rabbitholeEventId, label, pointsRecalledDuring },
      ];
    }
    case 'recall_point_near_miss': {
      const { pointId, feedback } = event.data;
      return [...timeline, { kind: 'near_miss', id: event.id, pointId, feedback }];
    }
    default:
      return timeline;
  }
}

// The stored record of a response: marks it interrupted, or places a response that came
// without a stream (a log written by another server) where the log has it.
function applyAssistantMessage(
  timeline: readonly SessionTimelineItem[],
  event: PublicSessionEventOf<'assistant_message'>,
): readonly SessionTimelineItem[] {
  const { content, agent, interrupted } = event.data;
  const responseId = event.responseId;
  if (responseId !== undefined && findResponse(timeline, responseId) !== -1) {
    if (interrupted !== true) return timeline;
    return updateResponse(timeline, responseId, (message) => ({
      ...message,
      content: message.content === '' ? content : message.content,
      status: 'interrupted',
    }));
  }
  if (content === '') return timeline;
  const id = responseId ?? event.id;
  return [
    ...timeline,
    {
      kind: 'message',
      id,
      role: 'assistant',
      content,
      status: interrupted === true ? 'interrupted' : 'complete',
      agent,
      ...(responseId === undefined ? {} : { responseId }),
    },
  ];
}

// A response is in the timeline at most once, and the one an event names is nearly always
// among the last items: searched from the end, a long conversation costs no more per event.
function findResponse(timeline: readonly SessionTimelineItem[], responseId: string): number {
  for (let position = timeline.length - 1; position >= 0; position -= 1) {
    const item = timeline[position]!;
    if (item.kind === 'message' && item.responseId === responseId) return position;
  }
  return -1;
}

function updateResponse(
  timeline: readonly SessionTimelineItem[],
  responseId: string,
  update: (message: TimelineMessage) => TimelineMessage,
): readonly SessionTimelineItem[] {
  const position = findResponse(timeline, responseId);
  if (position === -1) return timeline;
  const copy = timeline.slice();
  copy[position] = update(timeline[position] as TimelineMessage);
  return copy;
}
