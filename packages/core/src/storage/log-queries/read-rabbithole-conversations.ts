import type { EventLogStore } from '../storage-adapter';
import {
  type RabbitholeConversation,
  getRabbitholeConversations,
} from './rabbithole-conversations';

/**
 * The rabbit-hole conversations of a stored session, oldest first: its event log read from
 * `storage` and folded by {@link getRabbitholeConversations}. Works with every adapter
 * (memory, PGlite, PostgreSQL); an unknown session has none.
 *
 * @example
 * for (const conversation of await readRabbitholeConversations(storage, sessionId)) {
 *   console.log(conversation.label, conversation.messages.length);
 * }
 */
export async function readRabbitholeConversations(
  storage: Pick<EventLogStore, 'read'>,
  sessionId: string,
): Promise<RabbitholeConversation[]> {
  return getRabbitholeConversations(await storage.read(sessionId));
}
