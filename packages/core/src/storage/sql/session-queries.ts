import type { Session, SessionStatus } from '../../model/session';
import type { FindActiveSessionOptions, ListSessionsOptions } from '../storage-adapter';
import { learnerKey } from '../learner-key';
import type { SqlQueryable } from './sql-executor';
import { parseJsonColumn, toNumber, toOptionalNumber } from './values';

/** Inserts or replaces a session row. */
export async function saveSession(queryable: SqlQueryable, session: Session): Promise<void> {
  await queryable.query(
    `insert into recall_sessions (id, recall_set_id, user_id, status, target_point_ids,
       recalled_point_ids, started_at, paused_at, resumed_at, ended_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7, $8, $9, $10)
     on conflict (id) do update set recall_set_id = excluded.recall_set_id,
       user_id = excluded.user_id, status = excluded.status,
       target_point_ids = excluded.target_point_ids,
       recalled_point_ids = excluded.recalled_point_ids, started_at = excluded.started_at,
       paused_at = excluded.paused_at, resumed_at = excluded.resumed_at,
       ended_at = excluded.ended_at`,
    [
      session.id,
      session.recallSetId,
      session.userId ?? null,
      session.status,
      JSON.stringify(session.targetPointIds),
      JSON.stringify(session.recalledPointIds),
      session.startedAt,
      session.pausedAt ?? null,
      session.resumedAt ?? null,
      session.endedAt ?? null,
    ],
  );
}

/** The session with this id, or null. */
export async function getSession(
  queryable: SqlQueryable,
  sessionId: string,
): Promise<Session | null> {
  const [row] = await queryable.query<SessionRow>('select * from recall_sessions where id = $1', [
    sessionId,
  ]);
  return row ? toSession(row) : null;
}

/**
 * The learner's newest in-progress or paused session of the set, or null. The anonymous
 * learner's sessions are those stored without a user id.
 */
export async function findActiveSession(
  queryable: SqlQueryable,
  options: FindActiveSessionOptions,
): Promise<Session | null> {
  learnerKey(options.userId);
  const [row] = await queryable.query<SessionRow>(
    `select * from recall_sessions
     where recall_set_id = $1 and status in ('in_progress', 'paused')
       and user_id is not distinct from $2::text
     order by started_at desc limit 1`,
    [options.recallSetId, options.userId ?? null],
  );
  return row ? toSession(row) : null;
}

/** Sessions matching every given filter, newest first. */
export async function listSessions(
  queryable: SqlQueryable,
  options: ListSessionsOptions = {},
): Promise<Session[]> {
  const rows = await queryable.query<SessionRow>(
    `select * from recall_sessions
     where ($1::text is null or recall_set_id = $1)
       and ($2::text is null or user_id = $2)
       and ($3::text is null or status = $3)
     order by started_at desc`,
    [options.recallSetId ?? null, options.userId ?? null, options.status ?? null],
  );
  return rows.map(toSession);
}

type Numeric = number | string | bigint;

interface SessionRow {
  id: string;
  recall_set_id: string;
  user_id: string | null;
  status: SessionStatus;
  target_point_ids: unknown;
  recalled_point_ids: unknown;
  started_at: Numeric;
  paused_at: Numeric | null;
  resumed_at: Numeric | null;
  ended_at: Numeric | null;
}

function toSession(row: SessionRow): Session {
  const pausedAt = toOptionalNumber(row.paused_at);
  const resumedAt = toOptionalNumber(row.resumed_at);
  const endedAt = toOptionalNumber(row.ended_at);
  return {
    id: row.id,
    recallSetId: row.recall_set_id,
    ...(row.user_id === null ? {} : { userId: row.user_id }),
    status: row.status,
    targetPointIds: parseJsonColumn<string[]>(row.target_point_ids),
    recalledPointIds: parseJsonColumn<string[]>(row.recalled_point_ids),
    startedAt: toNumber(row.started_at),
    ...(pausedAt === undefined ? {} : { pausedAt }),
    ...(resumedAt === undefined ? {} : { resumedAt }),
    ...(endedAt === undefined ? {} : { endedAt }),
  };
}
