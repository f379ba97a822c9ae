import type { RecallPoint, RecallSetSummary } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import { learnerKey } from '../learner-key';
import type {
  GetDuePointsOptions,
  GetReviewLogsOptions,
  GetSchedulesOptions,
  ListRecallSetsOptions,
  RecordReviewOptions,
} from '../storage-adapter';
import {
  type PointRow,
  type ReviewLogRow,
  type ScheduleRow,
  type SummaryRow,
  toPointSchedule,
  toRecallPoint,
  toReviewLog,
} from './recall-set-rows';
import type { SqlQueryable } from './sql-executor';
import { toNumber, toOptionalNumber } from './values';

// Learning state is per (learner, point). A point without a schedule row is new to the learner
// and due from its created_at: `coalesce(l.due, p.created_at)` is that rule (`pointDueAt`).

/** Sets the learner may study (shared and their own) with their due counts at `now`, by name. */
export async function listRecallSets(
  queryable: SqlQueryable,
  options: ListRecallSetsOptions,
): Promise<RecallSetSummary[]> {
  const rows = await queryable.query<SummaryRow>(
    `select s.id, s.name, s.description, s.status, count(p.id) as total_points,
       count(p.id) filter (where coalesce(l.due, p.created_at) <= $1) as due_count,
       min(coalesce(l.due, p.created_at)) as next_due_at
     from recall_sets s
       left join recall_points p on p.recall_set_id = s.id
       left join recall_schedules l on l.user_id = $2 and l.point_id = p.id
     where s.owner_id is null or s.owner_id = $2
     group by s.id`,
    [options.now, learnerKey(options.userId)],
  );
  // Sorted here rather than in SQL so the order matches every adapter, whatever the collation.
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      totalPoints: toNumber(row.total_points),
      dueCount: toNumber(row.due_count),
      nextDueAt: toOptionalNumber(row.next_due_at) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The learner's schedules of the set's points, by point id, in one statement. */
export async function getSchedules(
  queryable: SqlQueryable,
  options: GetSchedulesOptions,
): Promise<Map<string, PointSchedule>> {
  const rows = await queryable.query<ScheduleRow>(
    `select l.* from recall_schedules l join recall_points p on p.id = l.point_id
     where p.recall_set_id = $1 and l.user_id = $2`,
    [options.recallSetId, learnerKey(options.userId)],
  );
  return new Map(rows.map((row) => [row.point_id, toPointSchedule(row)]));
}

/** The set's points due for the learner at `now`, in position order. */
export async function getDuePoints(
  queryable: SqlQueryable,
  options: GetDuePointsOptions,
): Promise<RecallPoint[]> {
  const rows = await queryable.query<PointRow>(
    `select p.* from recall_points p
       left join recall_schedules l on l.user_id = $2 and l.point_id = p.id
     where p.recall_set_id = $1 and coalesce(l.due, p.created_at) <= $3
     order by p.position, p.ordinal`,
    [options.recallSetId, learnerKey(options.userId), options.now],
  );
  return rows.map(toRecallPoint);
}

// One statement, so it is atomic without a transaction (one round trip): the log is inserted
// unless its id is stored, and the schedule is written only when the log was.
const RECORD_REVIEW = `
  with point as (select id from recall_points where id = $3),
  log as (
    insert into recall_review_logs (id, user_id, point_id, session_id, rating, state, due,
      stability, difficulty, elapsed_days, scheduled_days, reviewed_at)
    select $1, $2, point.id, $4, $5::smallint, $6::smallint, $7::bigint, $8::double precision,
      $9::double precision, $10::double precision, $11::double precision, $12::bigint
    from point
    on conflict (id) do nothing
    returning point_id
  ),
  schedule as (
    insert into recall_schedules (user_id, point_id, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, state, last_review, updated_at)
    select $2, log.point_id, $13::bigint, $14::double precision, $15::double precision,
      $16::double precision, $17::double precision, $18::integer, $19::integer, $20::integer,
      $21::smallint, $22::bigint, $12::bigint
    from log
    on conflict (user_id, point_id) do update set due = excluded.due,
      stability = excluded.stability, difficulty = excluded.difficulty,
      elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
      learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
      state = excluded.state, last_review = excluded.last_review, updated_at = excluded.updated_at
    returning point_id
  )
  select (select count(*) from point) as points`;

/** Writes the learner's review log and new schedule of the point in one statement. */
export async function recordReview(
  queryable: SqlQueryable,
  options: RecordReviewOptions,
): Promise<void> {
  const { schedule, log } = options;
  const [row] = await queryable.query<{ points: number | string }>(RECORD_REVIEW, [
    log.id,
    learnerKey(options.userId),
    log.pointId,
    log.sessionId ?? null,
    log.rating,
    log.state,
    log.due,
    log.stability,
    log.difficulty,
    log.elapsedDays,
    log.scheduledDays,
    log.reviewedAt,
    schedule.due,
    schedule.stability,
    schedule.difficulty,
    schedule.elapsedDays,
    schedule.scheduledDays,
    schedule.learningSteps,
    schedule.reps,
    schedule.lapses,
    schedule.state,
    schedule.lastReview ?? null,
  ]);
  if (toNumber(row?.points ?? 0) === 0) throw new Error(`No recall point has id ${log.pointId}.`);
}

/** The learner's review logs of a point in the order they were recorded. */
export async function getReviewLogs(
  queryable: SqlQueryable,
  options: GetReviewLogsOptions,
): Promise<ReviewLog[]> {
  const rows = await queryable.query<ReviewLogRow>(
    `select * from recall_review_logs where user_id = $1 and point_id = $2 order by recorded`,
    [learnerKey(options.userId), options.pointId],
  );
  return rows.map(toReviewLog);
}
