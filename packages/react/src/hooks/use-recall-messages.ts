import type { ChatMessage, TimelineItem, RecallClientSnapshot } from '@recall/ws';
import { selectMessages } from '../selectors/messages';
import { useSnapshotSelector } from '../provider/recall-provider';

const selectTimeline = ({ timeline }: RecallClientSnapshot) => timeline;

/**
 * The conversation's messages, including the reply still streaming. Follows the throttled
 * subscription: at most one render per frame (or `throttleMs`) while text streams. Settled
 * messages keep their identity, so memoised rows do not re-render.
 */
export function useRecallMessages(): readonly ChatMessage[] {
  return useSnapshotSelector('useRecallMessages', selectMessages, undefined, 'stream');
}

/**
 * The whole timeline in log order — messages, shown images and resources, rabbit-hole
 * markers, near-miss hints — as live, reloaded and replayed sessions all show it. Follows the
 * throttled subscription.
 */
export function useRecallTimeline(): readonly TimelineItem[] {
  return useSnapshotSelector('useRecallTimeline', selectTimeline, undefined, 'stream');
}
