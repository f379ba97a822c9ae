import { ConcurrencyError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';
import {
  assertWellFormedBatch,
  clientMessageIdOf,
  foreignEventIdError,
  partlyStoredBatchError,
  sequenceEvent,
} from '../memory/batch-rules';
import type { AppendResult, ReadOptions } from '../storage-adapter';
import { type SqlExecutor, type SqlQueryable, UNIQUE_VIOLATION, sqlState } from './sql-executor';
import { parseJsonColumn, toNumber } from './values';

/** Options for {@link appendEvents}. */
export interface AppendEventsOptions {
  expectedSeq: number;
  /** A PostgreSQL channel to `pg_notify` in the append transaction (delivered on commit). */
  notifyChannel?: string;
}

// NOTIFY payloads must be shorter than 8000 bytes; an empty payload means "re-check every
// session", which stays correct (just slower) for absurdly long session ids.
const MAX_NOTIFY_PAYLOAD_BYTES = 7900;

const INSERT_EVENTS = `
  insert into recall_events (session_id, seq, id, type, data, "timestamp", turn_id, response_id,
    client_message_id, meta)
  select $1, u.seq, u.id, u.type, u.data::jsonb, u.ts, u.turn_id, u.response_id,
    u.client_message_id, u.meta::jsonb
  from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[],
    $8::text[], $9::text[], $10::text[])
    as u(seq, id, type, data, ts, turn_id, response_id, client_message_id, meta)`;

// Event fields stored in columns of their own; any other envelope field (commandId, and those a
// later version adds) is kept in the `meta` jsonb column, so none is ever dropped.
const COLUMN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'sessionId',
  'seq',
  'timestamp',
  'turnId',
  'responseId',
  'type',
  'data',
]);

// One round trip tells whether the batch may be written: the head, which of its ids are
// stored (anywhere), and whether its client message id was already used in this session.
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
 * Appends a batch atomically with the StorageAdapter's semantics: gapless seqs from
 * `expectedSeq + 1`, `ConcurrencyError` when the log has moved on, `duplicate` for a batch
 * whose ids are all stored or whose user message repeats a client message id.
 */
export async function appendEvents(
  executor: SqlExecutor,
  sessionId: string,
  events: readonly NewSessionEvent[],
  options: AppendEventsOptions,
): Promise<AppendResult> {
  assertWellFormedBatch(sessionId, events);
  try {
    return await executor.transaction(async (transaction) => {
      const verdict = await classifyBatch(transaction, sessionId, events, options.expectedSeq);
      if (verdict) return verdict;
      const stored = events.map((event, index) =>
        sequenceEvent(event, sessionId, options.expectedSeq + index + 1),
      );
      if (stored.length === 0) return { status: 'appended', events: [] };
      await transaction.query(INSERT_EVENTS, insertParameters(sessionId, stored));
      if (options.notifyChannel !== undefined) {
        await transaction.query('select pg_notify($1, $2)', [
          options.notifyChannel,
          notifyPayload(sessionId, stored.at(-1)!.seq),
        ]);
      }
      return { status: 'appended', events: stored };
    });
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    // Another writer committed between our check and our insert (the primary key or a
    // unique constraint stopped us); classify again against what it wrote.
    const verdict = await classifyBatch(executor, sessionId, events, options.expectedSeq);
    if (verdict) return verdict;
    throw error;
  }
}

/** A `duplicate` result, or undefined when the batch may be written; throws when it may not. */
async function classifyBatch(
  queryable: SqlQueryable,
  sessionId: string,
  events: readonly NewSessionEvent[],
  expectedSeq: number,
): Promise<AppendResult | undefined> {
  const ids = events.map((event) => event.id);
  const clientMessageIds = events.flatMap((event) => clientMessageIdOf(event) ?? []);
  const [row] = await queryable.query<ClassifyRow>(CLASSIFY_BATCH, [
    sessionId,
    ids,
    clientMessageIds,
  ]);
  const head = toNumber(row!.head);
  const stored = parseJsonColumn<{ id: string; sessionId: string }[]>(row!.stored);
  const foreign = stored.find((entry) => entry.sessionId !== sessionId);
  if (foreign) throw foreignEventIdError(sessionId, foreign.id);
  if (events.length > 0 && stored.length === events.length) {
    const rows = await queryable.query<EventRow>(
      `${SELECT_EVENTS} where session_id = $1 and id = any($2::text[]) order by seq`,
      [sessionId, ids],
    );
    return { status: 'duplicate', events: rows.map(toSessionEvent) };
  }
  if (row!.repeated_message_seq !== null) {
    const rows = await queryable.query<EventRow>(
      `${SELECT_EVENTS} where session_id = $1 and seq = $2`,
      [sessionId, row!.repeated_message_seq],
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

/** Splits a notification payload written by {@link appendEvents}. */
export function parseNotifyPayload(payload: string): { sessionId: string; seq: number } | null {
  const separator = payload.indexOf(':');
  if (separator <= 0) return null;
  const seq = Number(payload.slice(0, separator));
  return Number.isInteger(seq) ? { seq, sessionId: payload.slice(separator + 1) } : null;
}

function notifyPayload(sessionId: string, seq: number): string {
  const payload = `${seq}:${sessionId}`;
  return new TextEncoder().encode(payload).length < MAX_NOTIFY_PAYLOAD_BYTES ? payload : '';
}

function insertParameters(sessionId: string, events: readonly SessionEvent[]): unknown[] {
  return [
    sessionId,
    events.map((event) => event.seq),
    events.map((event) => event.id),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => event.timestamp),
    events.map((event) => event.turnId ?? null),
    events.map((event) => event.responseId ?? null),
    events.map((event) => clientMessageIdOf(event) ?? null),
    events.map(metaOf),
  ];
}

/** The envelope fields without a column, as a JSON object (null when there are none). */
function metaOf(event: SessionEvent): string | null {
  const fields = Object.entries(event).filter(
    ([key, value]) => !COLUMN_FIELDS.has(key) && value !== undefined,
  );
  return fields.length === 0 ? null : JSON.stringify(Object.fromEntries(fields));
}

type Numeric = number | string | bigint;

interface ClassifyRow {
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
