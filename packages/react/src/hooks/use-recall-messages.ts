import type { ChatMessage, RecallClientSnapshot } from '@recall/ws';
import { useSnapshotSelector } from './use-snapshot-selector';

const selectMessages = ({ state }: RecallClientSnapshot) => state.messages;

/**
 * The conversation, including the assistant message still streaming. Follows the throttled
 * subscription: at most one render per frame (or `throttleMs`) while text streams. Settled
 * messages keep their identity, so memoised rows do not re-render.
 */
export function useRecallMessages(): readonly ChatMessage[] {
  return useSnapshotSelector('useRecallMessages', selectMessages, undefined, 'stream');
}
