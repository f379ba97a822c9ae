import type { SessionEvent } from '../../events/envelope';
import { assertNever } from '../../internal/assert-never';

/** One message of a rabbit-hole side conversation. */
export interface RabbitholeMessage {
  role: 'user' | 'assistant';
  content: string;
  seq: number;
  timestamp: number;
  /** True when the assistant's stream broke off before it finished. */
  interrupted?: boolean;
}

/** A rabbit hole the learner entered, with the side conversation held inside it. */
export interface RabbitholeConversation {
  rabbitholeEventId: string;
  topic: string;
  label: string;
  enteredSeq: number;
  enteredAt: number;
  /** Absent while the learner is still inside the rabbit hole. */
  exitedSeq?: number;
  exitedAt?: number;
  /** Points recalled while inside; set on exit. */
  pointsRecalledDuring?: number;
  messages: RabbitholeMessage[];
}

/**
 * The rabbit-hole conversations of a session, oldest first, rebuilt from its event log (e.g.
 * `storage.read(sessionId)`): every user message and rabbit-hole agent reply between a
 * `rabbithole_entered` and its `rabbithole_exited`. Pure; the log is the only source.
 */
export function getRabbitholeConversations(
  events: readonly SessionEvent[],
): RabbitholeConversation[] {
  const conversations: RabbitholeConversation[] = [];
  let open: RabbitholeConversation | undefined;
  for (const event of events) {
    switch (event.type) {
      case 'rabbithole_entered':
        open = {
          rabbitholeEventId: event.data.rabbitholeEventId,
          topic: event.data.topic,
          label: event.data.label,
          enteredSeq: event.seq,
          enteredAt: event.timestamp,
          messages: [],
        };
        conversations.push(open);
        break;
      case 'rabbithole_exited':
        if (open) {
          open.exitedSeq = event.seq;
          open.exitedAt = event.timestamp;
          open.pointsRecalledDuring = event.data.pointsRecalledDuring;
          open = undefined;
        }
        break;
      case 'user_message':
        open?.messages.push({
          role: 'user',
          content: event.data.content,
          seq: event.seq,
          timestamp: event.timestamp,
        });
        break;
      case 'assistant_message':
        if (open && event.data.agent === 'rabbithole') {
          open.messages.push({
            role: 'assistant',
            content: event.data.content,
            seq: event.seq,
            timestamp: event.timestamp,
            ...(event.data.interrupted === undefined
              ? {}
              : { interrupted: event.data.interrupted }),
          });
        }
        break;
      case 'session_started':
      case 'session_paused':
      case 'session_complete_overlay':
      case 'session_completed':
      case 'recall_point_recalled':
      case 'recall_point_near_miss':
      case 'rabbithole_detected':
      case 'rabbithole_declined':
      case 'show_image':
      case 'show_resource':
      case 'assistant_streaming_start':
      case 'assistant_streaming_end':
        break;
      default:
        assertNever(event, 'session event');
    }
  }
  return conversations;
}
