import { createFsrsScheduler } from '@recall/core';
import { describe, expect, test } from 'vitest';
import type { RecallSetListItem } from './api-routes';
import {
  BOB,
  BOB_TOKEN,
  cookieOf,
  DAY,
  errors,
  get,
  NOW,
  serveDemoApi,
  storage,
} from './api-test-server';

// Host checks, response headers and the identity cookie (X22, X30, X31):
// api-routes-security.test.ts.
serveDemoApi();

describe('JSON API', () => {
  test('GET /api/recall-sets lists the three seed sets with due counts', async () => {
    const response = await get('/api/recall-sets', { headers: { cookie: cookieOf(BOB_TOKEN) } });
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^application\/json/);
    const sets = JSON.parse(response.text) as Array<Record<string, unknown>>;
    expect(sets.map((set) => set.id).sort()).toEqual([
      'french-revolution',
      'javascript-event-loop',
      'photosynthesis',
    ]);
    const photosynthesis = sets.find((set) => set.id === 'photosynthesis');
    expect(photosynthesis).toEqual({
      id: 'photosynthesis',
      name: 'Photosynthesis',
      description: expect.any(String),
      totalPoints: 6,
      dueCount: 6,
      nextDueAt: NOW - DAY,
    });
  });

  test('GET /api/recall-sets/:id returns points (id and content, never context) and resources', async () => {
    const response = await get('/api/recall-sets/french-revolution');
    expect(response.status).toBe(200);
    const set = JSON.parse(response.text);
    expect(set.points).toHaveLength(7);
    expect(set.points[0]).toEqual({
      id: 'french-revolution-point-1',
      content: expect.stringContaining('Estates-General'),
    });
    expect(response.text).not.toContain('"context"');
    expect(response.text).not.toContain('had not met since 1614');
    const kinds = set.resources.map((resource: { kind: string }) => resource.kind).sort();
    expect(kinds).toEqual(['image', 'text']);
    for (const resource of set.resources) {
      expect(resource.license).toBe('CC0-1.0');
      expect(resource.source).toEqual(expect.any(String));
    }
  });

  test('seed images are served from /media', async () => {
    const set = JSON.parse((await get('/api/recall-sets/photosynthesis')).text);
    const image = set.resources.find((resource: { kind: string }) => resource.kind === 'image');
    const response = await get(image.url);
    expect(response.status).toBe(200);
    expect(response.type).toBe('image/svg+xml');
    expect(response.text).toContain('<svg');
  });

  test('GET /api/sessions lists only the user’s sessions, newest first, with counts', async () => {
    const response = await get('/api/sessions?recallSetId=photosynthesis');
    expect(response.status).toBe(200);
    const sessions = JSON.parse(response.text);
    expect(sessions.map((session: { id: string }) => session.id)).toEqual([
      'session-new',
      'session-old',
    ]);
    expect(sessions[1]).toMatchObject({
      status: 'completed',
      totalPoints: 2,
      recalledCount: 1,
      recallSetId: 'photosynthesis',
    });
    expect(JSON.parse((await get('/api/sessions?recallSetId=french-revolution')).text)).toEqual([]);
  });

  test('GET /api/sessions/:id/events returns the event log as JSON Lines', async () => {
    const response = await get('/api/sessions/session-old/events');
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^application\/x-ndjson/);
    const lines = response.text.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).type)).toEqual(['session_started', 'user_message']);
    expect(lines.map((line) => JSON.parse(line).seq)).toEqual([1, 2]);
  });

  test.each([
    ['/api/recall-sets/no-such-set', 'RECALL_SET_NOT_FOUND'],
    ['/api/recall-sets/..%2F..%2Fetc%2Fpasswd', 'RECALL_SET_NOT_FOUND'],
    ['/api/recall-sets/%E0%A4%A', 'RECALL_SET_NOT_FOUND'],
    [`/api/recall-sets/${'x'.repeat(500)}`, 'RECALL_SET_NOT_FOUND'],
    ['/api/sessions/no-such-session/events', 'SESSION_NOT_FOUND'],
    ['/api/sessions/%27%20OR%201=1/events', 'SESSION_NOT_FOUND'],
    ['/api/sessions/session-other-user/events', 'SESSION_NOT_FOUND'],
    ['/api/sessions?recallSetId=%00bad', 'RECALL_SET_NOT_FOUND'],
    ['/api/sessions/session-old', 'NOT_FOUND'],
    ['/api/recall-sets/photosynthesis/points', 'NOT_FOUND'],
    ['/api/nothing-here', 'NOT_FOUND'],
    ['/api', 'NOT_FOUND'],
  ])('GET %s → 404 with a JSON error (%s), no stack trace', async (path, code) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.type).toMatch(/^application\/json/);
    const body = JSON.parse(response.text);
    expect(body).toEqual({ error: { code, message: expect.any(String) } });
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });

  test('another user’s recall set and session get the same 404 as unknown ids; lists hold only the user’s own (X29)', async () => {
    const asBob = { headers: { cookie: cookieOf(BOB_TOKEN) } };
    const aliceSets = JSON.parse((await get('/api/recall-sets')).text) as Array<{ id: string }>;
    expect(aliceSets.map((set) => set.id)).toContain('alice-private');
    const bobSets = JSON.parse((await get('/api/recall-sets', asBob)).text) as Array<{
      id: string;
    }>;
    expect(bobSets.map((set) => set.id)).not.toContain('alice-private');

    expect((await get('/api/recall-sets/alice-private')).status).toBe(200);
    const foreignSet = await get('/api/recall-sets/alice-private', asBob);
    const unknownSet = await get('/api/recall-sets/no-such-set', asBob);
    expect([foreignSet.status, foreignSet.text]).toEqual([unknownSet.status, unknownSet.text]);
    expect(foreignSet.status).toBe(404);
    expect(foreignSet.text).not.toContain('Alice');

    const bobSessions = JSON.parse((await get('/api/sessions', asBob)).text) as Array<{
      id: string;
    }>;
    expect(bobSessions.map((session) => session.id)).toEqual(['session-other-user']);
    const foreignLog = await get('/api/sessions/session-old/events', asBob);
    const unknownLog = await get('/api/sessions/no-such-session/events', asBob);
    expect([foreignLog.status, foreignLog.text]).toEqual([unknownLog.status, unknownLog.text]);
    expect(foreignLog.status).toBe(404);
    // A session nobody owns belongs to no user of the demo.
    expect((await get('/api/sessions/session-nobody/events')).status).toBe(404);
    expect((await get('/api/sessions/session-other-user/events', asBob)).status).toBe(200);
  });

  test('due counts are each learner’s own, on shared sets too', async () => {
    const scheduler = createFsrsScheduler();
    for (const pointId of ['photosynthesis-point-1', 'photosynthesis-point-2']) {
      const { schedule, log } = scheduler.rate({
        pointId,
        schedule: scheduler.createSchedule(NOW - DAY),
        rating: 3,
        now: NOW - 1000,
        logId: `bob:${pointId}`,
      });
      await storage.recordReview({ userId: BOB, schedule, log });
    }
    const asBob = { headers: { cookie: cookieOf(BOB_TOKEN) } };
    const dueCounts = async (init: RequestInit = {}) =>
      Object.fromEntries(
        (JSON.parse((await get('/api/recall-sets', init)).text) as RecallSetListItem[]).map(
          (set) => [set.id, set.dueCount],
        ),
      );
    expect(await dueCounts()).toMatchObject({ photosynthesis: 6, 'alice-private': 6 });
    expect(await dueCounts(asBob)).toMatchObject({ photosynthesis: 4 });
    const detail = async (init: RequestInit = {}) =>
      JSON.parse((await get('/api/recall-sets/photosynthesis', init)).text).dueCount;
    expect(await detail()).toBe(6);
    expect(await detail(asBob)).toBe(4);
  });

  test('the API answers only GET', async () => {
    const response = await get('/api/recall-sets', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(JSON.parse(response.text).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  test('client-side routes get the app shell; missing files and traversal get 404', async () => {
    expect((await get('/sessions/abc')).text).toContain('<title>app</title>');
    expect((await get('/')).text).toContain('<title>app</title>');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/media/..%2Fpackage.json')).status).toBe(404);
    expect((await get('/media/%2e%2e/src/main.ts')).status).toBe(404);
  });

  test('no request above reached the error handler', () => {
    expect(errors).toEqual([]);
  });
});
