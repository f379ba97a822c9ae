import { ConcurrencyError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';
import {
  clientMessageIdOf,
  foreignEventIdError,
  partlyStoredBatchError,
  planAppend,
} from '../log/append-plan';
import type { AppendResult, ReadOptions, RecordReviewOptions } from '../storage-adapter';
import type { Session } from '../../model/session';
import { ACTIVE_SESSION_INDEX, activeSessionTaken, constraintOf } from '../active-session';
import { buildAppendStatement } from './append-statement';
import { eventsNotice } from './notices';
import { type SqlQueryable, UNIQUE_VIOLATION, sqlState } from './sql-executor';
import { parseJsonColumn, toNumber } from './values';

/** Options for {@link appendEvents}. */
export interface AppendEventsOptions {
  expectedSeq: number;
  /** A channel to `pg_notify` in the append's own statement (delivered on commit). */
  notifyChannel?: string;
  /** Written with the events (see `AppendOptions.reviews`). */
  reviews?: readonly RecordReviewOptions[];
  /** Saved with the events (see `AppendOptions.session`). */
  session?: Session;
  /** The advisory-lock key to store as the writer of a response this process claimed. */
  writerOf?: (responseId: string) => number | undefined;
}

// Classifies a batch again after a unique violation (another writer committed between our
// check and our insert): the head, which of its ids are stored (anywhere), and whether its
// client message id was already used in this session.
const CLASSIFY_BATCH = `
  select
    (select coalesce(max(seq), 0) from recall_events where session_id = $1) as head,
    (select coalesce(json_agg(json_build_object('id', id, 'sessionId', session_id)), '[]'::json)
      from recall_events where id = any($2::text[])) as stored,
    (select seq from recall_events where session_id = $1 and client_message_id = any($3::text[])
      order by seq limit 1) as repeated_message_seq`;

const SELECT_EVENTS = `
  select session_id, seq, id, type, data, "timestamp", turn_id, response_id, meta
  from recall_events`;

/**
 * Appends a batch atomically with the StorageAdapter's semantics — gapless seqs from
 * `expectedSeq + 1`, `ConcurrencyError` when the log has moved on, `duplicate` for a batch
 * whose ids are all stored or whose user message repeats a client message id — in one
 * statement, together with its reviews and session row.
 */
export async function appendEvents(
  executor: SqlQueryable,
  sessionId: string,
  events: readonly NewSessionEvent[],
  options: AppendEventsOptions,
): Promise<AppendResult> {
  const { expectedSeq } = options;
  const { events: stored } = planAppend({ sessionId, events, expectedSeq });
  const statement = buildAppendStatement(sessionId, stored, expectedSeq, {
    writers: writersOf(stored, options.writerOf),
    reviews: options.reviews ?? [],
    session: options.session,
    notify:
      options.notifyChannel === undefined || stored.length === 0
        ? undefined
        : { channel: options.notifyChannel, payload: eventsNotice(sessionId, stored.at(-1)!.seq) },
  });
  let row: ClassifyRow;
  try {
    [row] = (await executor.query<ClassifyRow>(
      statement.text,
      statement.params,
      statement.name,
    )) as [ClassifyRow];
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    if (constraintOf(error) === ACTIVE_SESSION_INDEX) throw activeSessionTaken(sessionId, error);
    // Another writer committed between our check and our insert (the primary key or a
    // unique constraint stopped us); classify again against what it wrote.
    const verdict = await classifyBatch(executor, sessionId, events, expectedSeq);
    if (verdict) return verdict;
    throw error;
  }
  const verdict = await verdictOf(executor, { sessionId, events, expectedSeq, row });
  return verdict ?? { status: 'appended', events: stored };
}

/** Per stored event, the advisory-lock key of its writer (starts of claimed responses). */
export function writersOf(
  stored: readonly SessionEvent[],
  writerOf: ((responseId: string) => number | undefined) | undefined,
): Array<number | null> {
  return stored.map((event) =>
    event.type === 'assistant_streaming_start' ? (writerOf?.(event.data.responseId) ?? null) : null,
  );
}

/** A `duplicate` result, or undefined when the batch may be written; throws when it may not. */
async function classifyBatch(
  queryable: SqlQueryable,
  sessionId: string,
  events: readonly NewSessionEvent[],
  expectedSeq: number,
): Promise<AppendResult | undefined> {
  const [row] = await queryable.query<ClassifyRow>(CLASSIFY_BATCH, [
    sessionId,
    events.map((event) => event.id),
    events.flatMap((event) => clientMessageIdOf(event) ?? []),
  ]);
  return verdictOf(queryable, { sessionId, events, expectedSeq, row: row! });
}

/**
 * What a classification row says about a batch: undefined when it may be (or was) written,
 * a `duplicate` result (reading the stored events back), or a thrown conflict.
 */
export async function verdictOf(
  queryable: SqlQueryable,
  batch: {
    sessionId: string;
    events: readonly NewSessionEvent[];
    expectedSeq: number;
    row: ClassifyRow;
  },
): Promise<AppendResult | undefined> {
  const { sessionId, events, expectedSeq, row } = batch;
  const head = toNumber(row.head);
  const stored = parseJsonColumn<{ id: string; sessionId: string }[]>(row.stored);
  const foreign = stored.find((entry) => entry.sessionId !== sessionId);
  if (foreign) throw foreignEventIdError(sessionId, foreign.id);
  if (events.length > 0 && stored.length === events.length) {
    const rows = await queryable.query<EventRow>(
      `${SELECT_EVENTS} where session_id = $1 and id = any($2::text[]) order by seq`,
      [sessionId, events.map((event) => event.id)],
    );
    return { status: 'duplicate', events: rows.map(toSessionEvent) };
  }
  if (row.repeated_message_seq !== null) {
    const rows = await queryable.query<EventRow>(
      `${SELECT_EVENTS} where session_id = $1 and seq = $2`,
      [sessionId, row.repeated_message_seq],
    );
    return { status: 'duplicate', events: rows.map(toSessionEvent) };
  }
  if (head !== expectedSeq) throw new ConcurrencyError(sessionId, expectedSeq, head);
  if (stored.length > 0) {
    throw partlyStoredBatchError(
      sessionId,
      stored.map((entry) => entry.id),
    );
  }
  return undefined;
}

/** Events with `seq > afterSeq` in seq order, at most `limit` of them. */
export async function readEvents(
  queryable: SqlQueryable,
  sessionId: string,
  options: ReadOptions = {},
): Promise<SessionEvent[]> {
  const rows = await queryable.query<EventRow>(
    `${SELECT_EVENTS} where session_id = $1 and seq > $2 order by seq limit $3`,
    [sessionId, Math.max(0, options.afterSeq ?? 0), options.limit ?? null],
  );
  return rows.map(toSessionEvent);
}

/** The seq of the session's last event, 0 when it has none. */
export async function lastSeq(queryable: SqlQueryable, sessionId: string): Promise<number> {
  const [row] = await queryable.query<{ head: number | string }>(
    'select coalesce(max(seq), 0) as head from recall_events where session_id = $1',
    [sessionId],
  );
  return toNumber(row!.head);
}

type Numeric = number | string | bigint;

/** What an append statement found: the head, stored ids, a repeated client message id. */
export interface ClassifyRow {
  head: Numeric;
  stored: unknown;
  repeated_message_seq: Numeric | null;
}

interface EventRow {
  session_id: string;
  seq: Numeric;
  id: string;
  type: SessionEvent['type'];
  data: unknown;
  timestamp: Numeric;
  turn_id: string | null;
  response_id: string | null;
  meta: unknown;
}

// Key order matches createEventContext's envelopes, so exports read the same as live events.
function toSessionEvent(row: EventRow): SessionEvent {
  return {
    id: row.id,
    sessionId: row.session_id,
    seq: toNumber(row.seq),
    timestamp: toNumber(row.timestamp),
    ...(row.turn_id === null ? {} : { turnId: row.turn_id }),
    ...(row.meta === null ? {} : parseJsonColumn<Record<string, unknown>>(row.meta)),
    ...(row.response_id === null ? {} : { responseId: row.response_id }),
    type: row.type,
    data: parseJsonColumn(row.data),
  } as SessionEvent;
}
