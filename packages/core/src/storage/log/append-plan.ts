import { RecallError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';

/** Options for {@link planAppend}: a batch and where the caller expects the log to end. */
export interface PlanAppendOptions {
  sessionId: string;
  /** The events to append, in order; any `sessionId` or `seq` they carry is ignored. */
  events: readonly NewSessionEvent[];
  /** The seq the caller believes the log ends at (0 for an empty log). */
  expectedSeq: number;
}

/** A batch as it will be stored if the log still ends at `expectedSeq`. */
export interface AppendPlan {
  sessionId: string;
  expectedSeq: number;
  /** The events stamped with the session id and seqs `expectedSeq + 1`, `+ 2`, … */
  events: SessionEvent[];
  /** The `clientMessageId`s of the batch's `user_message`s, for duplicate detection. */
  clientMessageIds: string[];
}

/**
 * Plans an append: checks that the batch is well formed (no event id or client message id
 * twice) and stamps each event with its session id and its seq from `expectedSeq + 1`. Every
 * adapter plans its appends here, so all of them reject the same malformed batches with the
 * same error and stamp the same envelopes; the engine plans here too, to know the seqs a
 * batch will get. Pure: whether the log still ends at `expectedSeq` is the adapter's check.
 *
 * @example
 * const plan = planAppend({ sessionId, events, expectedSeq: await log.lastSeq(sessionId) });
 */
export function planAppend(options: PlanAppendOptions): AppendPlan {
  const { sessionId, events, expectedSeq } = options;
  const ids = new Set<string>();
  const clientMessageIds: string[] = [];
  const stamped: SessionEvent[] = [];
  for (const event of events) {
    if (ids.has(event.id)) {
      throw new RecallError(
        'INVALID_MESSAGE',
        `Session ${sessionId}: event id ${event.id} appears twice in one append batch.`,
      );
    }
    ids.add(event.id);
    const clientMessageId = clientMessageIdOf(event);
    if (clientMessageId !== undefined) {
      if (clientMessageIds.includes(clientMessageId)) {
        throw new RecallError(
          'INVALID_MESSAGE',
          `Session ${sessionId}: client message id ${clientMessageId} appears twice in one append batch.`,
        );
      }
      clientMessageIds.push(clientMessageId);
    }
    stamped.push(sequenceEvent(event, sessionId, expectedSeq + stamped.length + 1));
  }
  return { sessionId, expectedSeq, events: stamped, clientMessageIds };
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
 * `event` stored at `seq` of `sessionId`: the envelope fields only an append assigns, in
 * envelope order (`id, sessionId, seq, …`), so every adapter returns the same keys. Prefer
 * {@link planAppend}, which stamps a whole batch; this is for one event (test fixtures).
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

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
