import type { SessionEvent } from '../../events/envelope';
import type { Session } from '../../model/session';
import { learnerKey } from '../learner-key';
import { clientMessageIdOf } from '../log/append-plan';
import type { RecordReviewOptions } from '../storage-adapter';

/** What one append writes, besides the events: all of it in the same statement. */
export interface AppendWrites {
  /** Per stored event: the advisory-lock key of its writer (starts of claimed responses). */
  writers: ReadonlyArray<number | null>;
  reviews: readonly RecordReviewOptions[];
  session: Session | undefined;
  /** `pg_notify(channel, payload)` in the same statement (sent on commit), if wanted. */
  notify: { channel: string; payload: string } | undefined;
}

/** The statement, its parameters, and a name that is the same exactly when the text is. */
export interface Statement {
  text: string;
  params: unknown[];
  name: string;
}

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

/**
 * One statement that appends a batch and everything that goes with it, atomically and in one
 * round trip (a statement is its own transaction): it checks the head, the batch's stored ids
 * and its client message id; only when the log ends at `expectedSeq` and nothing repeats does
 * it insert the events, the reviews (a log id already stored writes nothing; the schedule is
 * written with its log only; a point that no longer exists is skipped), the session row and,
 * if asked, NOTIFY (delivered on commit). It reports what it found either way, so the caller
 * can tell a
 * duplicate or a conflict from a write without another round trip. Two writers racing on one
 * head both pass the check; the primary key stops the second at its insert.
 */
export function buildAppendStatement(
  sessionId: string,
  events: readonly SessionEvent[],
  expectedSeq: number,
  writes: AppendWrites,
): Statement {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const session = bind(sessionId);
  const ids = bind(events.map((event) => event.id));
  const clientMessageIds = bind(events.flatMap((event) => clientMessageIdOf(event) ?? []));
  const ctes = [
    `head as (select coalesce(max(seq), 0) as head from recall_events where session_id = ${session})`,
    `stored as (select id, session_id from recall_events where id = any(${ids}::text[]))`,
    `repeated as (select seq from recall_events where session_id = ${session}
      and client_message_id = any(${clientMessageIds}::text[]) order by seq limit 1)`,
    `verdict as (select (select head from head) = ${bind(expectedSeq)}::bigint
      and not exists (select 1 from stored) and not exists (select 1 from repeated) as ok)`,
    `inserted as (
      insert into recall_events (session_id, seq, id, type, data, "timestamp", turn_id,
        response_id, client_message_id, meta, writer)
      select ${session}, u.seq, u.id, u.type, u.data::jsonb, u.ts, u.turn_id, u.response_id,
        u.client_message_id, u.meta::jsonb, u.writer
      from unnest(${bind(events.map((event) => event.seq))}::bigint[], ${ids}::text[],
        ${bind(events.map((event) => event.type))}::text[],
        ${bind(events.map((event) => JSON.stringify(event.data)))}::text[],
        ${bind(events.map((event) => event.timestamp))}::bigint[],
        ${bind(events.map((event) => event.turnId ?? null))}::text[],
        ${bind(events.map((event) => event.responseId ?? null))}::text[],
        ${bind(events.map((event) => clientMessageIdOf(event) ?? null))}::text[],
        ${bind(events.map(metaOf))}::text[], ${bind(writes.writers)}::integer[])
        as u(seq, id, type, data, ts, turn_id, response_id, client_message_id, meta, writer)
      where (select ok from verdict)
      returning seq)`,
  ];
  if (writes.reviews.length > 0) ctes.push(...reviewCtes(writes.reviews, bind));
  if (writes.session !== undefined) ctes.push(sessionCte(writes.session, bind));
  if (writes.notify !== undefined) {
    // Volatile, so the CTE runs in full once it is read; NOTIFY is sent on commit only.
    ctes.push(`notified as materialized (
      select pg_notify(${bind(writes.notify.channel)}, ${bind(writes.notify.payload)})
      from verdict where ok)`);
  }
  const variant = [
    writes.reviews.length > 0 ? 'r' : '',
    writes.session === undefined ? '' : 's',
    writes.notify === undefined ? '' : 'n',
  ].join('');
  return {
    name: `recall_append_v4${variant === '' ? '' : `_${variant}`}`,
    text: `with ${ctes.join(',\n')}
      select (select head from head) as head,
        (select coalesce(json_agg(json_build_object('id', id, 'sessionId', session_id)),
          '[]'::json) from stored) as stored,
        (select seq from repeated) as repeated_message_seq,
        (select count(*) from inserted) as inserted${
          writes.notify === undefined ? '' : ', (select count(*) from notified) as notified'
        }`,
    params,
  };
}

function reviewCtes(
  reviews: readonly RecordReviewOptions[],
  bind: (value: unknown) => string,
): string[] {
  const column = (pick: (review: RecordReviewOptions) => unknown, type: string) =>
    `${bind(reviews.map(pick))}::${type}[]`;
  return [
    `reviews as (
      select r.* from unnest(${column((review) => review.log.id, 'text')},
        ${column((review) => learnerKey(review.userId), 'text')},
        ${column((review) => review.log.pointId, 'text')},
        ${column((review) => review.log.sessionId ?? null, 'text')},
        ${column((review) => review.log.rating, 'smallint')},
        ${column((review) => review.log.state, 'smallint')},
        ${column((review) => review.log.due, 'bigint')},
        ${column((review) => review.log.stability, 'double precision')},
        ${column((review) => review.log.difficulty, 'double precision')},
        ${column((review) => review.log.elapsedDays, 'double precision')},
        ${column((review) => review.log.scheduledDays, 'double precision')},
        ${column((review) => review.log.reviewedAt, 'bigint')},
        ${column((review) => review.schedule.due, 'bigint')},
        ${column((review) => review.schedule.stability, 'double precision')},
        ${column((review) => review.schedule.difficulty, 'double precision')},
        ${column((review) => review.schedule.elapsedDays, 'double precision')},
        ${column((review) => review.schedule.scheduledDays, 'double precision')},
        ${column((review) => review.schedule.learningSteps, 'integer')},
        ${column((review) => review.schedule.reps, 'integer')},
        ${column((review) => review.schedule.lapses, 'integer')},
        ${column((review) => review.schedule.state, 'smallint')},
        ${column((review) => review.schedule.lastReview ?? null, 'bigint')})
        with ordinality as r(log_id, user_id, point_id, session_id, rating, state, due,
          stability, difficulty, elapsed_days, scheduled_days, reviewed_at, s_due, s_stability,
          s_difficulty, s_elapsed_days, s_scheduled_days, s_learning_steps, s_reps, s_lapses,
          s_state, s_last_review, ordinal)
      where (select ok from verdict)
        and exists (select 1 from recall_points p where p.id = r.point_id))`,
    `review_logs as (
      insert into recall_review_logs (id, user_id, point_id, session_id, rating, state, due,
        stability, difficulty, elapsed_days, scheduled_days, reviewed_at)
      select log_id, user_id, point_id, session_id, rating, state, due, stability, difficulty,
        elapsed_days, scheduled_days, reviewed_at from reviews
      on conflict (id) do nothing
      returning id)`,
    // A point's schedule after the batch is the one its last written review computed.
    `review_schedules as (
      insert into recall_schedules (user_id, point_id, due, stability, difficulty,
        elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review,
        updated_at)
      select distinct on (r.user_id, r.point_id) r.user_id, r.point_id, r.s_due, r.s_stability,
        r.s_difficulty, r.s_elapsed_days, r.s_scheduled_days, r.s_learning_steps, r.s_reps,
        r.s_lapses, r.s_state, r.s_last_review, r.reviewed_at
      from reviews r join review_logs l on l.id = r.log_id
      order by r.user_id, r.point_id, r.ordinal desc
      on conflict (user_id, point_id) do update set due = excluded.due,
        stability = excluded.stability, difficulty = excluded.difficulty,
        elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
        learning_steps = excluded.learning_steps, reps = excluded.reps,
        lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review,
        updated_at = excluded.updated_at
      returning point_id)`,
  ];
}

function sessionCte(session: Session, bind: (value: unknown) => string): string {
  return `session_row as (
    insert into recall_sessions (id, recall_set_id, user_id, status, target_point_ids,
      recalled_point_ids, started_at, paused_at, resumed_at, ended_at)
    select ${bind(session.id)}, ${bind(session.recallSetId)}, ${bind(session.userId ?? null)}::text,
      ${bind(session.status)}, ${bind(JSON.stringify(session.targetPointIds))}::text::jsonb,
      ${bind(JSON.stringify(session.recalledPointIds))}::text::jsonb,
      ${bind(session.startedAt)}::bigint, ${bind(session.pausedAt ?? null)}::bigint,
      ${bind(session.resumedAt ?? null)}::bigint, ${bind(session.endedAt ?? null)}::bigint
    where (select ok from verdict)
    on conflict (id) do update set recall_set_id = excluded.recall_set_id,
      user_id = excluded.user_id, status = excluded.status,
      target_point_ids = excluded.target_point_ids,
      recalled_point_ids = excluded.recalled_point_ids, started_at = excluded.started_at,
      paused_at = excluded.paused_at, resumed_at = excluded.resumed_at,
      ended_at = excluded.ended_at
    returning id)`;
}

/** The envelope fields without a column, as a JSON object (null when there are none). */
export function metaOf(event: SessionEvent): string | null {
  const fields = Object.entries(event).filter(
    ([key, value]) => !COLUMN_FIELDS.has(key) && value !== undefined,
  );
  return fields.length === 0 ? null : JSON.stringify(Object.fromEntries(fields));
}
