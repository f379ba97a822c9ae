import type { PointSchedule, StorageAdapter } from '@recall/core';
import { expect } from 'vitest';
// Migrations 1 and 2 are released and frozen: their statements are what a version 2 database holds.
import { MIGRATIONS } from '../../src/storage/sql/migrations';
import type { RawQuery } from './schema-v1';

const DAY = 86_400_000;
/** The time the version 2 data was written at; the migrated database is checked at it. */
export const VERSION_2_NOW = 100 * DAY;

// One schedule per point, as version 2 stored them. p1–p4 were reviewed; p5 never was.
const REVIEWED: PointSchedule = {
  due: VERSION_2_NOW + 5 * DAY,
  stability: 7.5,
  difficulty: 4.25,
  elapsedDays: 3,
  scheduledDays: 5,
  learningSteps: 0,
  reps: 2,
  lapses: 0,
  state: 2,
  lastReview: VERSION_2_NOW,
};
const NEW: PointSchedule = {
  due: 1000,
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
};
const SCHEDULES: Record<string, PointSchedule> = {
  p1: { ...REVIEWED, due: VERSION_2_NOW + 3 * DAY },
  p2: REVIEWED,
  p3: { ...REVIEWED, due: VERSION_2_NOW + 8 * DAY, reps: 1 },
  p4: { ...REVIEWED, due: VERSION_2_NOW + 2 * DAY },
  p5: NEW,
  q1: { ...REVIEWED, due: VERSION_2_NOW + 4 * DAY },
  q2: NEW,
};

// Who reviewed what: sessions name the learner (a session without a user is the anonymous
// learner's); a log without a session, or whose session row is gone, has none.
const SESSIONS = [
  { id: 'sess-alice', setId: 'rs-shared', userId: 'alice' },
  { id: 'sess-bob', setId: 'rs-shared', userId: 'bob' },
  { id: 'sess-anonymous', setId: 'rs-shared', userId: null },
] as const;
const LOGS = [
  { id: 'log-a1', pointId: 'p1', sessionId: 'sess-alice', rating: 3 },
  { id: 'log-a2', pointId: 'p2', sessionId: 'sess-alice', rating: 4 },
  { id: 'log-b2', pointId: 'p2', sessionId: 'sess-bob', rating: 2 },
  { id: 'log-b3', pointId: 'p3', sessionId: 'sess-bob', rating: 3 },
  { id: 'log-n4', pointId: 'p4', sessionId: 'sess-anonymous', rating: 1 },
  { id: 'log-legacy', pointId: 'p3', sessionId: null, rating: 4 },
  { id: 'log-gone', pointId: 'q1', sessionId: 'sess-gone', rating: 3 },
] as const;

/**
 * Builds a database as @recall/core with schema version 2 left it: its tables, its version
 * mark, a shared set (p1–p5) that Alice, Bob and the anonymous learner reviewed under one
 * shared schedule per point, and Alice's private set (q1 reviewed, q2 not).
 */
export async function createVersion2Database(query: RawQuery): Promise<void> {
  await query('create table recall_meta (key text primary key, value text not null)');
  for (const migration of MIGRATIONS.slice(0, 2)) {
    for (const statement of migration.statements) await query(statement);
  }
  await query("insert into recall_meta (key, value) values ('schema_version', '2')");
  for (const [id, ownerId] of [
    ['rs-shared', null],
    ['rs-private', 'alice'],
  ] as const) {
    await query(
      `insert into recall_sets (id, owner_id, name, description, status, created_at, updated_at)
       values ($1, $2, $3, 'Version 2 data', 'active', 1000, 1000)`,
      [id, ownerId, id],
    );
  }
  for (const [pointId, schedule] of Object.entries(SCHEDULES)) {
    const setId = pointId.startsWith('p') ? 'rs-shared' : 'rs-private';
    const position = Number(pointId.slice(1)) - 1;
    await query(
      `insert into recall_points (id, recall_set_id, ordinal, content, context, position, due,
         stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
         last_review, created_at, updated_at)
       values ($1, $2, $3, $4, 'context', $3, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1000, $15)`,
      [
        pointId,
        setId,
        position,
        `Point ${pointId}`,
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
        schedule.lastReview ?? 1000,
      ],
    );
  }
  for (const session of SESSIONS) {
    await query(
      `insert into recall_sessions (id, recall_set_id, user_id, status, target_point_ids,
         recalled_point_ids, started_at) values ($1, $2, $3, 'completed', '[]', '[]', $4)`,
      [session.id, session.setId, session.userId, VERSION_2_NOW - DAY],
    );
  }
  for (const log of LOGS) {
    await query(
      `insert into recall_review_logs (id, point_id, session_id, rating, state, due, stability,
         difficulty, elapsed_days, scheduled_days, reviewed_at)
       values ($1, $2, $3, $4, 0, 1000, 0, 0, 0, 0, $5)`,
      [log.id, log.pointId, log.sessionId, log.rating, VERSION_2_NOW - DAY],
    );
  }
}

/**
 * Checks a storage just opened on {@link createVersion2Database}'s data: each point's schedule
 * went to the learners whose sessions reviewed it (and to a private set's owner), logs went to
 * their session's learner, and a point nobody reviewed is new to everyone.
 */
export async function expectMigratedLearners(storage: StorageAdapter): Promise<void> {
  const schedules = async (recallSetId: string, userId?: string) =>
    Object.fromEntries(
      await storage.getSchedules({ recallSetId, ...(userId === undefined ? {} : { userId }) }),
    );
  expect(await schedules('rs-shared', 'alice')).toEqual({ p1: SCHEDULES.p1, p2: SCHEDULES.p2 });
  expect(await schedules('rs-shared', 'bob')).toEqual({ p2: SCHEDULES.p2, p3: SCHEDULES.p3 });
  expect(await schedules('rs-shared')).toEqual({ p3: SCHEDULES.p3, p4: SCHEDULES.p4 });
  expect(await schedules('rs-shared', 'carol')).toEqual({});
  expect(await schedules('rs-private', 'alice')).toEqual({ q1: SCHEDULES.q1 });

  const logIds = async (pointId: string, userId?: string) =>
    (await storage.getReviewLogs({ pointId, ...(userId === undefined ? {} : { userId }) })).map(
      (log) => log.id,
    );
  expect(await logIds('p2', 'alice')).toEqual(['log-a2']);
  expect(await logIds('p2', 'bob')).toEqual(['log-b2']);
  expect(await logIds('p3')).toEqual(['log-legacy']);
  expect(await logIds('p4')).toEqual(['log-n4']);
  expect(await logIds('q1', 'alice')).toEqual(['log-gone']);
  expect(await logIds('p1', 'bob')).toEqual([]);

  const listed = async (userId?: string) =>
    Object.fromEntries(
      (
        await storage.listRecallSets({
          now: VERSION_2_NOW,
          ...(userId === undefined ? {} : { userId }),
        })
      ).map((summary) => [summary.id, `${summary.dueCount}/${summary.totalPoints}`]),
    );
  expect(await listed('alice')).toEqual({ 'rs-shared': '3/5', 'rs-private': '1/2' });
  expect(await listed('bob')).toEqual({ 'rs-shared': '3/5' });
  expect(await listed()).toEqual({ 'rs-shared': '3/5' });
  expect(await listed('carol')).toEqual({ 'rs-shared': '5/5' });

  // The content reads back without schedules, and the new schema takes new reviews.
  const shared = await storage.getRecallSet('rs-shared');
  expect(shared?.points.map((point) => Object.keys(point).sort())[0]).toEqual([
    'content',
    'context',
    'createdAt',
    'id',
    'position',
    'recallSetId',
    'updatedAt',
  ]);
  await storage.recordReview({
    userId: 'carol',
    schedule: SCHEDULES.p1!,
    log: {
      id: 'log-c1',
      pointId: 'p1',
      rating: 3,
      state: 0,
      due: 1000,
      stability: 0,
      difficulty: 0,
      elapsedDays: 0,
      scheduledDays: 0,
      reviewedAt: VERSION_2_NOW,
    },
  });
  expect(await listed('carol')).toEqual({ 'rs-shared': '4/5' });
  expect(await listed('alice')).toEqual({ 'rs-shared': '3/5', 'rs-private': '1/2' });
}
