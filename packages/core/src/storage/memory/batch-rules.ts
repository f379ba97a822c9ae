import { RecallError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';

/**
 * Rules every adapter applies to an append batch before touching its log, so they all reject
 * the same malformed batches with the same error.
 */
export function assertWellFormedBatch(sessionId: string, events: readonly NewSessionEvent[]): void {
  const ids = new Set<string>();
  const clientMessageIds = new Set<string>();
  for (const event of events) {
    if (ids.has(event.id)) {
      throw new RecallError(
        'INVALID_MESSAGE',
        `Session ${sessionId}: event id ${event.id} appears twice in one append batch.`,
      );
    }
    ids.add(event.id);
    const clientMessageId = clientMessageIdOf(event);
    if (clientMessageId === undefined) continue;
    if (clientMessageIds.has(clientMessageId)) {
      throw new RecallError(
        'INVALID_MESSAGE',
        `Session ${sessionId}: client message id ${clientMessageId} appears twice in one append batch.`,
      );
    }
    clientMessageIds.add(clientMessageId);
  }
}

/** The `clientMessageId` of a `user_message`, the only event that carries one. */
export function clientMessageIdOf(event: NewSessionEvent | SessionEvent): string | undefined {
  return event.type === 'user_message' ? event.data.clientMessageId : undefined;
}

/**
 * The error for a batch that repeats some already-stored event ids next to new ones while the
 * log does end at `expectedSeq`: storing it would duplicate events, and skipping the stored
 * ones would shift the seqs the caller expects (EventStoreDB rejects this case too).
 */
export function partlyStoredBatchError(
  sessionId: string,
  storedIds: readonly string[],
): RecallError {
  return new RecallError(
    'INVALID_MESSAGE',
    `Session ${sessionId}: the batch repeats stored event ids (${storedIds.slice(0, 3).join(', ')}${storedIds.length > 3 ? ', …' : ''}) next to new ones; nothing was written.`,
  );
}

/** The error for an event id that is already stored under another session. */
export function foreignEventIdError(sessionId: string, eventId: string): RecallError {
  return new RecallError(
    'INVALID_MESSAGE',
    `Session ${sessionId}: event id ${eventId} is already stored in another session.`,
  );
}

/**
 * `event` stored at `seq` of `sessionId`: the envelope fields only the storage's `append`
 * assigns, in envelope order (`id, sessionId, seq, …`), so every adapter returns the same keys.
 */
export function sequenceEvent(
  event: NewSessionEvent,
  sessionId: string,
  seq: number,
): SessionEvent {
  const {
    id,
    sessionId: _sessionId,
    seq: _seq,
    ...rest
  } = event as NewSessionEvent & Partial<Pick<SessionEvent, 'sessionId' | 'seq'>>;
  return { id, sessionId, seq, ...rest } as SessionEvent;
}
