import type { RecallPoint, RecallSet, Resource } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import { toNumber, toOptionalNumber, toOptionalString } from './values';

// Rows as both drivers return them: `pg` gives int8 as strings, PGlite as numbers.

export type Numeric = number | string | bigint;

export interface RecallSetRow {
  id: string;
  owner_id: string | null;
  name: string;
  description: string;
  status: RecallSet['status'];
  supplementary_guidelines: string | null;
  created_at: Numeric;
  updated_at: Numeric;
  points: unknown;
  resources: unknown;
}

export interface PointRow {
  id: string;
  recall_set_id: string;
  content: string;
  context: string;
  position: Numeric;
  created_at: Numeric;
  updated_at: Numeric;
}

/** A row of `recall_schedules`: one learner's card state for one point. */
export interface ScheduleRow {
  point_id: string;
  due: Numeric;
  stability: Numeric;
  difficulty: Numeric;
  elapsed_days: Numeric;
  scheduled_days: Numeric;
  learning_steps: Numeric;
  reps: Numeric;
  lapses: Numeric;
  state: Numeric;
  last_review: Numeric | null;
}

export interface ResourceRow {
  id: string;
  recall_set_id: string;
  kind: Resource['kind'];
  title: string;
  mime_type: string | null;
  license: string | null;
  source: string | null;
  content: string | null;
  url: string | null;
  caption: string | null;
}

export interface LinkRow {
  point_id: string;
  relevance: string | null;
}

export interface SummaryRow {
  id: string;
  name: string;
  description: string;
  status: RecallSet['status'];
  total_points: Numeric;
  due_count: Numeric;
  next_due_at: Numeric | null;
}

export interface ReviewLogRow {
  id: string;
  point_id: string;
  session_id: string | null;
  rating: Numeric;
  state: Numeric;
  due: Numeric;
  stability: Numeric;
  difficulty: Numeric;
  elapsed_days: Numeric;
  scheduled_days: Numeric;
  reviewed_at: Numeric;
}

export function toRecallPoint(row: PointRow): RecallPoint {
  return {
    id: row.id,
    recallSetId: row.recall_set_id,
    content: row.content,
    context: row.context,
    position: toNumber(row.position),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

export function toPointSchedule(row: ScheduleRow): PointSchedule {
  const lastReview = toOptionalNumber(row.last_review);
  return {
    due: toNumber(row.due),
    stability: toNumber(row.stability),
    difficulty: toNumber(row.difficulty),
    elapsedDays: toNumber(row.elapsed_days),
    scheduledDays: toNumber(row.scheduled_days),
    learningSteps: toNumber(row.learning_steps),
    reps: toNumber(row.reps),
    lapses: toNumber(row.lapses),
    state: toNumber(row.state),
    ...(lastReview === undefined ? {} : { lastReview }),
  };
}

export function toResource(row: ResourceRow, links: LinkRow[]): Resource {
  const base = {
    id: row.id,
    recallSetId: row.recall_set_id,
    title: row.title,
    ...optionalString('mimeType', row.mime_type),
    ...optionalString('license', row.license),
    ...optionalString('source', row.source),
    links: links.map((link) => ({
      pointId: link.point_id,
      ...optionalString('relevance', link.relevance),
    })),
  };
  if (row.kind === 'image') {
    return {
      ...base,
      kind: 'image',
      url: row.url ?? '',
      ...optionalString('caption', row.caption),
    };
  }
  return { ...base, kind: 'text', content: row.content ?? '' };
}

function optionalString<K extends string>(key: K, value: string | null): { [P in K]?: string } {
  const present = toOptionalString(value);
  return (present === undefined ? {} : { [key]: present }) as { [P in K]?: string };
}

export function toReviewLog(row: ReviewLogRow): ReviewLog {
  return {
    id: row.id,
    pointId: row.point_id,
    ...(row.session_id === null ? {} : { sessionId: row.session_id }),
    rating: toNumber(row.rating) as ReviewLog['rating'],
    state: toNumber(row.state),
    due: toNumber(row.due),
    stability: toNumber(row.stability),
    difficulty: toNumber(row.difficulty),
    elapsedDays: toNumber(row.elapsed_days),
    scheduledDays: toNumber(row.scheduled_days),
    reviewedAt: toNumber(row.reviewed_at),
  };
}
