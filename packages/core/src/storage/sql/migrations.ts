/** One schema change: its statements run in order inside the migration transaction. */
export interface Migration {
  version: number;
  description: string;
  statements: readonly string[];
}

/**
 * Every schema change, oldest first; `version` equals the position + 1. Append new migrations,
 * never edit a released one — databases in the field have already run it.
 * Tables are prefixed with `recall_` so they can share a database with an application's own.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'recall sets, points, resources, review logs, sessions and session event logs',
    statements: [
      `create table recall_sets (
        id text primary key,
        owner_id text,
        name text not null,
        description text not null,
        status text not null check (status in ('active', 'archived')),
        supplementary_guidelines text,
        created_at bigint not null,
        updated_at bigint not null
      )`,
      'create index recall_sets_owner_idx on recall_sets (owner_id)',
      `create table recall_points (
        id text primary key,
        recall_set_id text not null references recall_sets (id) on delete cascade,
        ordinal integer not null,
        content text not null,
        context text not null,
        position integer not null,
        due bigint not null,
        stability double precision not null,
        difficulty double precision not null,
        elapsed_days double precision not null,
        scheduled_days double precision not null,
        learning_steps integer not null,
        reps integer not null,
        lapses integer not null,
        state smallint not null,
        last_review bigint,
        created_at bigint not null,
        updated_at bigint not null
      )`,
      // Due-point lookups and due counts filter on both columns.
      'create index recall_points_due_idx on recall_points (recall_set_id, due)',
      `create table recall_resources (
        id text primary key,
        recall_set_id text not null references recall_sets (id) on delete cascade,
        ordinal integer not null,
        kind text not null check (kind in ('text', 'image')),
        title text not null,
        mime_type text,
        license text,
        source text,
        content text,
        url text,
        caption text
      )`,
      'create index recall_resources_set_idx on recall_resources (recall_set_id, ordinal)',
      `create table recall_resource_links (
        resource_id text not null references recall_resources (id) on delete cascade,
        ordinal integer not null,
        point_id text not null,
        relevance text,
        primary key (resource_id, ordinal)
      )`,
      'create index recall_resource_links_point_idx on recall_resource_links (point_id)',
      `create table recall_review_logs (
        id text primary key,
        recorded bigint generated always as identity,
        point_id text not null,
        session_id text,
        rating smallint not null check (rating between 1 and 4),
        state smallint not null,
        due bigint not null,
        stability double precision not null,
        difficulty double precision not null,
        elapsed_days double precision not null,
        scheduled_days double precision not null,
        reviewed_at bigint not null
      )`,
      'create index recall_review_logs_point_idx on recall_review_logs (point_id, recorded)',
      `create table recall_sessions (
        id text primary key,
        recall_set_id text not null,
        user_id text,
        status text not null check (status in ('in_progress', 'paused', 'completed', 'abandoned')),
        target_point_ids jsonb not null,
        recalled_point_ids jsonb not null,
        started_at bigint not null,
        paused_at bigint,
        resumed_at bigint,
        ended_at bigint
      )`,
      'create index recall_sessions_set_idx on recall_sessions (recall_set_id, status, started_at)',
      // The primary key makes seq unique per session, so two writers that both read the same
      // head cannot both commit; the unique client_message_id makes a resent user message a
      // constraint violation rather than a second tutor turn (NULLs never collide).
      `create table recall_events (
        session_id text not null,
        seq bigint not null check (seq > 0),
        id text not null unique,
        type text not null,
        data jsonb not null,
        "timestamp" bigint not null,
        turn_id text,
        response_id text,
        client_message_id text,
        primary key (session_id, seq),
        unique (session_id, client_message_id)
      )`,
    ],
  },
  {
    version: 2,
    description: 'recall_events.meta: envelope fields without a column of their own (commandId, …)',
    statements: [
      // Nullable with no default: adding it rewrites no rows, and events without such fields
      // (every event a version 1 database holds) store nothing in it.
      'alter table recall_events add column meta jsonb',
    ],
  },
  {
    version: 3,
    description:
      'learning state per learner: recall_schedules per (user, point), recall_review_logs.user_id',
    statements: [
      // '' is the anonymous learner (sessions without a user id): no user id is empty.
      `create table recall_schedules (
        user_id text not null,
        point_id text not null references recall_points (id) on delete cascade,
        due bigint not null,
        stability double precision not null,
        difficulty double precision not null,
        elapsed_days double precision not null,
        scheduled_days double precision not null,
        learning_steps integer not null,
        reps integer not null,
        lapses integer not null,
        state smallint not null,
        last_review bigint,
        updated_at bigint not null,
        primary key (user_id, point_id)
      )`,
      // Serves the cascade when a re-saved set drops a point.
      'create index recall_schedules_point_idx on recall_schedules (point_id)',
      'alter table recall_review_logs add column user_id text',
      // A log belongs to the learner of the session that wrote it (NULL user → anonymous); a
      // log without a stored session goes to the set's owner, or else to the anonymous learner.
      `update recall_review_logs l set user_id = coalesce(
        (select coalesce(s.user_id, '') from recall_sessions s where s.id = l.session_id),
        (select rs.owner_id from recall_points p join recall_sets rs on rs.id = p.recall_set_id
          where p.id = l.point_id),
        '')`,
      'alter table recall_review_logs alter column user_id set not null',
      'drop index recall_review_logs_point_idx',
      'create index recall_review_logs_learner_idx on recall_review_logs (user_id, point_id, recorded)',
      // The one schedule a point had goes to every learner whose reviews wrote it, and, in a
      // set with an owner, to the owner when the card was ever reviewed. Any other learner —
      // and everyone, for a point never reviewed — starts the point new.
      `insert into recall_schedules (user_id, point_id, due, stability, difficulty, elapsed_days,
         scheduled_days, learning_steps, reps, lapses, state, last_review, updated_at)
       select learners.user_id, p.id, p.due, p.stability, p.difficulty, p.elapsed_days,
         p.scheduled_days, p.learning_steps, p.reps, p.lapses, p.state, p.last_review,
         p.updated_at
       from recall_points p join (
         select distinct l.user_id, l.point_id from recall_review_logs l
         union
         select rs.owner_id, p.id from recall_points p join recall_sets rs
           on rs.id = p.recall_set_id
           where rs.owner_id is not null and p.last_review is not null
       ) learners on learners.point_id = p.id`,
      'drop index recall_points_due_idx',
      `alter table recall_points drop column due, drop column stability, drop column difficulty,
        drop column elapsed_days, drop column scheduled_days, drop column learning_steps,
        drop column reps, drop column lapses, drop column state, drop column last_review`,
      'create index recall_points_set_idx on recall_points (recall_set_id, position)',
    ],
  },
  {
    version: 4,
    description: 'recall_events.writer: the node streaming a response, set on its start',
    statements: [
      // The advisory-lock key of the process that appended an `assistant_streaming_start`
      // while it streams that response; the lock lives as long as the process's connection.
      // Nullable with no default: adding it rewrites no rows.
      'alter table recall_events add column writer integer',
    ],
  },
  {
    version: 5,
    description: 'recall_daily_spend: estimated model spend per day, globally and per learner',
    statements: [
      // The spend guard's totals (`StorageAdapter.spend`): `scope` 'global' with an empty
      // learner key is everyone's; 'learner' rows are keyed like schedules ('' = anonymous).
      `create table recall_daily_spend (
        day text not null,
        scope text not null check (scope in ('global', 'learner')),
        learner_key text not null,
        cost_usd double precision not null,
        primary key (day, scope, learner_key)
      )`,
    ],
  },
  {
    version: 6,
    description: 'one active session per learner and recall set (recall_sessions_active_idx)',
    statements: [
      // Only the newest active session of a learner and set was ever resumed; older ones
      // (left by two nodes starting the same learner at once) are marked abandoned so the
      // index can be built. Their logs are kept.
      `update recall_sessions s set status = 'abandoned'
       where s.status in ('in_progress', 'paused') and exists (
         select 1 from recall_sessions t
         where t.recall_set_id = s.recall_set_id and t.user_id is not distinct from s.user_id
           and t.status in ('in_progress', 'paused')
           and (t.started_at > s.started_at or (t.started_at = s.started_at and t.id > s.id)))`,
      // '' is the anonymous learner, as in recall_schedules.
      `create unique index recall_sessions_active_idx
       on recall_sessions (recall_set_id, coalesce(user_id, ''))
       where status in ('in_progress', 'paused')`,
    ],
  },
];

/** The schema version this code writes and understands. */
export const SCHEMA_VERSION = MIGRATIONS.length;
