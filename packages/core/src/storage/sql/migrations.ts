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
];

/** The schema version this code writes and understands. */
export const SCHEMA_VERSION = MIGRATIONS.length;
