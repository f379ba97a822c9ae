import type { RecallPoint, RecallSet, RecallSetSummary, Resource } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import {
  type LinkRow,
  type PointRow,
  type RecallSetRow,
  type ResourceRow,
  type ReviewLogRow,
  type SummaryRow,
  toRecallPoint,
  toResource,
  toReviewLog,
} from './recall-set-rows';
import type { SqlExecutor, SqlQueryable } from './sql-executor';
import { parseJsonColumn, toNumber, toOptionalNumber } from './values';

// Points and resources go in with one statement each (unnest of column arrays), so saving a
// large set costs the same number of round trips as saving a small one.
const UPSERT_POINTS = `
  insert into recall_points (id, recall_set_id, ordinal, content, context, position, due,
    stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
    last_review, created_at, updated_at)
  select u.id, $1, u.ordinal, u.content, u.context, u.position, u.due, u.stability, u.difficulty,
    u.elapsed_days, u.scheduled_days, u.learning_steps, u.reps, u.lapses, u.state, u.last_review,
    u.created_at, u.updated_at
  from unnest($2::text[], $3::integer[], $4::text[], $5::text[], $6::integer[], $7::bigint[],
    $8::double precision[], $9::double precision[], $10::double precision[],
    $11::double precision[], $12::integer[], $13::integer[], $14::integer[], $15::smallint[],
    $16::bigint[], $17::bigint[], $18::bigint[])
    as u(id, ordinal, content, context, position, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at)
  on conflict (id) do update set recall_set_id = excluded.recall_set_id,
    ordinal = excluded.ordinal, content = excluded.content, context = excluded.context,
    position = excluded.position, due = excluded.due, stability = excluded.stability,
    difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
    scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps,
    reps = excluded.reps, lapses = excluded.lapses, state = excluded.state,
    last_review = excluded.last_review, created_at = excluded.created_at,
    updated_at = excluded.updated_at`;

const INSERT_RESOURCES = `
  insert into recall_resources (id, recall_set_id, ordinal, kind, title, mime_type, license,
    source, content, url, caption)
  select u.id, $1, u.ordinal, u.kind, u.title, u.mime_type, u.license, u.source, u.content,
    u.url, u.caption
  from unnest($2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::text[], $11::text[])
    as u(id, ordinal, kind, title, mime_type, license, source, content, url, caption)`;

const INSERT_LINKS = `
  insert into recall_resource_links (resource_id, ordinal, point_id, relevance)
  select * from unnest($1::text[], $2::integer[], $3::text[], $4::text[])`;

// One statement, so the set, its points and its resources come from one snapshot.
const SELECT_RECALL_SET = `
  select s.*,
    coalesce((select json_agg(p order by p.ordinal) from recall_points p
      where p.recall_set_id = s.id), '[]'::json) as points,
    coalesce((select json_agg(json_build_object('resource', r, 'links',
        coalesce((select json_agg(l order by l.ordinal) from recall_resource_links l
          where l.resource_id = r.id), '[]'::json)) order by r.ordinal)
      from recall_resources r where r.recall_set_id = s.id), '[]'::json) as resources
  from recall_sets s where s.id = $1`;

/** Inserts or replaces a set with its points and resources, in one transaction. */
export async function saveRecallSet(executor: SqlExecutor, recallSet: RecallSet): Promise<void> {
  await executor.transaction(async (transaction) => {
    await transaction.query(
      `insert into recall_sets (id, owner_id, name, description, status,
         supplementary_guidelines, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (id) do update set owner_id = excluded.owner_id, name = excluded.name,
         description = excluded.description, status = excluded.status,
         supplementary_guidelines = excluded.supplementary_guidelines,
         created_at = excluded.created_at, updated_at = excluded.updated_at`,
      [
        recallSet.id,
        recallSet.ownerId ?? null,
        recallSet.name,
        recallSet.description,
        recallSet.status,
        recallSet.supplementaryGuidelines ?? null,
        recallSet.createdAt,
        recallSet.updatedAt,
      ],
    );
    const pointIds = recallSet.points.map((point) => point.id);
    await transaction.query(
      'delete from recall_points where recall_set_id = $1 and not (id = any($2::text[]))',
      [recallSet.id, pointIds],
    );
    if (recallSet.points.length > 0) await upsertPoints(transaction, recallSet);
    await transaction.query(
      'delete from recall_resources where recall_set_id = $1 or id = any($2::text[])',
      [recallSet.id, recallSet.resources.map((resource) => resource.id)],
    );
    if (recallSet.resources.length > 0) await insertResources(transaction, recallSet);
  });
}

async function upsertPoints(transaction: SqlQueryable, recallSet: RecallSet): Promise<void> {
  const points = recallSet.points;
  const column = <T>(pick: (point: RecallPoint) => T): T[] => points.map(pick);
  await transaction.query(UPSERT_POINTS, [
    recallSet.id,
    column((point) => point.id),
    points.map((_, index) => index),
    column((point) => point.content),
    column((point) => point.context),
    column((point) => point.position),
    column((point) => point.schedule.due),
    column((point) => point.schedule.stability),
    column((point) => point.schedule.difficulty),
    column((point) => point.schedule.elapsedDays),
    column((point) => point.schedule.scheduledDays),
    column((point) => point.schedule.learningSteps),
    column((point) => point.schedule.reps),
    column((point) => point.schedule.lapses),
    column((point) => point.schedule.state),
    column((point) => point.schedule.lastReview ?? null),
    column((point) => point.createdAt),
    column((point) => point.updatedAt),
  ]);
}

async function insertResources(transaction: SqlQueryable, recallSet: RecallSet): Promise<void> {
  const resources = recallSet.resources;
  const column = <T>(pick: (resource: Resource) => T): T[] => resources.map(pick);
  await transaction.query(INSERT_RESOURCES, [
    recallSet.id,
    column((resource) => resource.id),
    resources.map((_, index) => index),
    column((resource) => resource.kind),
    column((resource) => resource.title),
    column((resource) => resource.mimeType ?? null),
    column((resource) => resource.license ?? null),
    column((resource) => resource.source ?? null),
    column((resource) => (resource.kind === 'text' ? resource.content : null)),
    column((resource) => (resource.kind === 'image' ? resource.url : null)),
    column((resource) => (resource.kind === 'image' ? (resource.caption ?? null) : null)),
  ]);
  const links = resources.flatMap((resource) =>
    resource.links.map((link, index) => ({ resourceId: resource.id, index, link })),
  );
  if (links.length === 0) return;
  await transaction.query(INSERT_LINKS, [
    links.map((entry) => entry.resourceId),
    links.map((entry) => entry.index),
    links.map((entry) => entry.link.pointId),
    links.map((entry) => entry.link.relevance ?? null),
  ]);
}

/** The set with its points and resources in saved order, or null. */
export async function getRecallSet(
  queryable: SqlQueryable,
  recallSetId: string,
): Promise<RecallSet | null> {
  const [row] = await queryable.query<RecallSetRow>(SELECT_RECALL_SET, [recallSetId]);
  if (!row) return null;
  return {
    id: row.id,
    ...(row.owner_id === null ? {} : { ownerId: row.owner_id }),
    name: row.name,
    description: row.description,
    status: row.status,
    ...(row.supplementary_guidelines === null
      ? {}
      : { supplementaryGuidelines: row.supplementary_guidelines }),
    points: parseJsonColumn<PointRow[]>(row.points).map(toRecallPoint),
    resources: parseJsonColumn<{ resource: ResourceRow; links: LinkRow[] }[]>(row.resources).map(
      (entry) => toResource(entry.resource, entry.links),
    ),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

/** Sets visible to `ownerId` (their own and shared ones) with due counts at `now`, by name. */
export async function listRecallSets(
  queryable: SqlQueryable,
  options: { now: number; ownerId?: string },
): Promise<RecallSetSummary[]> {
  const rows = await queryable.query<SummaryRow>(
    `select s.id, s.name, s.description, s.status, count(p.id) as total_points,
       count(p.id) filter (where p.due <= $1) as due_count, min(p.due) as next_due_at
     from recall_sets s left join recall_points p on p.recall_set_id = s.id
     where $2::text is null or s.owner_id is null or s.owner_id = $2
     group by s.id`,
    [options.now, options.ownerId ?? null],
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

/** Points of a set with `due ≤ now`, in position order (served by the (set, due) index). */
export async function getDuePoints(
  queryable: SqlQueryable,
  recallSetId: string,
  now: number,
): Promise<RecallPoint[]> {
  const rows = await queryable.query<PointRow>(
    `select * from recall_points where recall_set_id = $1 and due <= $2
     order by position, ordinal`,
    [recallSetId, now],
  );
  return rows.map(toRecallPoint);
}

/** Writes the point's new schedule and its review log in one transaction; a log id already
 * stored is not stored twice, so a retried call is harmless. */
export async function recordReview(
  executor: SqlExecutor,
  pointId: string,
  schedule: PointSchedule,
  log: ReviewLog,
): Promise<void> {
  await executor.transaction(async (transaction) => {
    const updated = await transaction.query(
      `update recall_points set due = $2, stability = $3, difficulty = $4, elapsed_days = $5,
         scheduled_days = $6, learning_steps = $7, reps = $8, lapses = $9, state = $10,
         last_review = $11, updated_at = $12
       where id = $1 returning id`,
      [
        pointId,
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
        log.reviewedAt,
      ],
    );
    if (updated.length === 0) throw new Error(`No recall point has id ${pointId}.`);
    await transaction.query(
      `insert into recall_review_logs (id, point_id, session_id, rating, state, due, stability,
         difficulty, elapsed_days, scheduled_days, reviewed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (id) do nothing`,
      [
        log.id,
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
      ],
    );
  });
}

/** A point's review logs in the order they were recorded. */
export async function getReviewLogs(
  queryable: SqlQueryable,
  pointId: string,
): Promise<ReviewLog[]> {
  const rows = await queryable.query<ReviewLogRow>(
    'select * from recall_review_logs where point_id = $1 order by recorded',
    [pointId],
  );
  return rows.map(toReviewLog);
}
