import type { RecallPoint, RecallSet, Resource } from '../../model/recall-set';
import {
  type LinkRow,
  type PointRow,
  type RecallSetRow,
  type ResourceRow,
  toRecallPoint,
  toResource,
} from './recall-set-rows';
import type { SqlExecutor, SqlQueryable } from './sql-executor';
import { parseJsonColumn, toNumber } from './values';

// Points and resources go in with one statement each (unnest of column arrays), so saving a
// large set costs the same number of round trips as saving a small one.
// Learners' schedules live in recall_schedules, keyed by point id: updating a point in place
// keeps them, and deleting a point cascades to them.
const UPSERT_POINTS = `
  insert into recall_points (id, recall_set_id, ordinal, content, context, position, created_at,
    updated_at)
  select u.id, $1, u.ordinal, u.content, u.context, u.position, u.created_at, u.updated_at
  from unnest($2::text[], $3::integer[], $4::text[], $5::text[], $6::integer[], $7::bigint[],
    $8::bigint[]) as u(id, ordinal, content, context, position, created_at, updated_at)
  on conflict (id) do update set recall_set_id = excluded.recall_set_id,
    ordinal = excluded.ordinal, content = excluded.content, context = excluded.context,
    position = excluded.position, created_at = excluded.created_at,
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

/**
 * Inserts or replaces a set with its points and resources, in one transaction. Points kept
 * (by id) keep their learners' schedules; removed points take theirs with them. `notify` is
 * sent on commit (other processes drop their cached copy).
 */
export async function saveRecallSet(
  executor: SqlExecutor,
  recallSet: RecallSet,
  options: { notify?: { channel: string; payload: string } } = {},
): Promise<void> {
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
    if (options.notify !== undefined) {
      await transaction.query('select pg_notify($1, $2)', [
        options.notify.channel,
        options.notify.payload,
      ]);
    }
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
