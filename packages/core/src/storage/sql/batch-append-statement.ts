import type { SessionEvent } from '../../events/envelope';
import { clientMessageIdOf } from '../log/append-plan';
import { metaOf, type Statement } from './append-statement';

/** One session's batch in a group commit: its events, already sequenced from `expectedSeq`. */
export interface BatchAppendEntry {
  sessionId: string;
  expectedSeq: number;
  events: readonly SessionEvent[];
  /** Per event: the advisory-lock key of its writer (starts of claimed responses). */
  writers: ReadonlyArray<number | null>;
}

/**
 * One statement that appends the batches of several sessions (at most one per session) with
 * the checks {@link buildAppendStatement} makes for one: per session, the head must equal its
 * `expectedSeq`, none of its event ids may be stored and its client message id must be new.
 * A session that fails its checks writes nothing; the others are written all the same. One
 * row per entry, in entry order, reports what was found and how many events were inserted.
 * The text does not depend on the number of entries, so it is prepared once per connection.
 * Two writers racing on one head both pass the check; the primary key stops the second at its
 * insert and fails the whole statement, after which each entry is appended on its own.
 */
export function buildBatchAppendStatement(entries: readonly BatchAppendEntry[]): Statement {
  const rows = entries.flatMap((entry, index) =>
    entry.events.map((event, position) => ({
      entry: index,
      event,
      writer: entry.writers[position] ?? null,
    })),
  );
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  return {
    name: 'recall_append_batch_v1',
    text: `with input as (
        select * from unnest($1::integer[], $2::text[], $3::bigint[])
          as b(entry, session_id, expected_seq)),
      rows as (
        select * from unnest($4::integer[], $5::bigint[], $6::text[], $7::text[], $8::text[],
          $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[], $14::integer[])
          as u(entry, seq, id, type, data, ts, turn_id, response_id, client_message_id, meta,
            writer)),
      checked as materialized (
        select b.entry, b.session_id, b.expected_seq,
          (select coalesce(max(e.seq), 0) from recall_events e
            where e.session_id = b.session_id) as head,
          (select coalesce(json_agg(json_build_object('id', e.id, 'sessionId', e.session_id)),
              '[]'::json)
            from rows r join recall_events e on e.id = r.id where r.entry = b.entry) as stored,
          (select e.seq from rows r join recall_events e on e.session_id = b.session_id
              and e.client_message_id = r.client_message_id
            where r.entry = b.entry order by e.seq limit 1) as repeated_message_seq
        from input b),
      inserted as (
        insert into recall_events (session_id, seq, id, type, data, "timestamp", turn_id,
          response_id, client_message_id, meta, writer)
        select c.session_id, r.seq, r.id, r.type, r.data::jsonb, r.ts, r.turn_id,
          r.response_id, r.client_message_id, r.meta::jsonb, r.writer
        from rows r join checked c on c.entry = r.entry
        where c.head = c.expected_seq and json_array_length(c.stored) = 0
          and c.repeated_message_seq is null
        order by r.entry, r.seq
        returning session_id)
      select c.entry, c.head, c.stored, c.repeated_message_seq,
        (select count(*) from inserted i where i.session_id = c.session_id) as inserted
      from checked c order by c.entry`,
    params: [
      entries.map((_, index) => index),
      entries.map((entry) => entry.sessionId),
      entries.map((entry) => entry.expectedSeq),
      column((row) => row.entry),
      column((row) => row.event.seq),
      column((row) => row.event.id),
      column((row) => row.event.type),
      column((row) => JSON.stringify(row.event.data)),
      column((row) => row.event.timestamp),
      column((row) => row.event.turnId ?? null),
      column((row) => row.event.responseId ?? null),
      column((row) => clientMessageIdOf(row.event) ?? null),
      column((row) => metaOf(row.event)),
      column((row) => row.writer),
    ],
  };
}
