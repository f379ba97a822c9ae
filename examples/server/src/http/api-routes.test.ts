import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsrsScheduler, createMemoryStorage, type StorageAdapter } from '@recall/core';
import { formatSessionLog } from '@recall/core/storage/log';
import { createEventContext } from '@recall/core/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOOPBACK_HOSTS } from '@recall/ws/server';
import { loadSeedData } from '../seed/seed-data';
import { createApiHandler, type RecallSetListItem } from './api-routes';
import { createDemoIdentity, IDENTITY_COOKIE, signToken, userIdOf } from './demo-identity';
import { createRequestHandler } from './request-handler';

const NOW = Date.UTC(2026, 0, 15, 9);
const DAY = 86_400_000;

/** Two browsers' identity cookies, and the users they stand for. */
const ALICE_TOKEN = 'a1'.repeat(16);
const BOB_TOKEN = 'b2'.repeat(16);
const ALICE = userIdOf(ALICE_TOKEN);
const BOB = userIdOf(BOB_TOKEN);
const KEY = Buffer.alloc(32, 7);
const cookieOf = (token: string) => `${IDENTITY_COOKIE}=${signToken(KEY, token)}`;

let server: Server;
let base: string;
let storage: StorageAdapter;
const errors: unknown[] = [];

beforeAll(async () => {
  storage = createMemoryStorage();
  await loadSeedData(storage, { now: NOW - DAY });
  const appDir = await mkdtemp(join(tmpdir(), 'recall-app-'));
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>app</title>');
  await seedSessions(storage);
  const privateSet = await storage.getRecallSet('photosynthesis');
  await storage.saveRecallSet({
    ...privateSet!,
    id: 'alice-private',
    name: 'Alice’s notes',
    ownerId: ALICE,
    points: privateSet!.points.map((point) => ({
      ...point,
      id: `private-${point.id}`,
      recallSetId: 'alice-private',
    })),
    resources: [],
  });
  const api = createApiHandler({
    storage,
    clock: () => NOW,
    exportEvents: formatSessionLog,
    onError: (error) => errors.push(error),
  });
  server = createServer(
    createRequestHandler({
      api,
      appDir,
      mediaDir: join(import.meta.dirname, '../../media'),
      identity: createDemoIdentity({ key: KEY }),
      allowedHosts: LOOPBACK_HOSTS,
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await storage.close();
});

async function seedSessions(target: StorageAdapter): Promise<void> {
  let counter = 0;
  const ids = () => `event-${++counter}`;
  for (const [sessionId, userId, startedAt] of [
    ['session-old', ALICE, NOW - 2 * DAY],
    ['session-new', ALICE, NOW - DAY],
    ['session-other-user', BOB, NOW],
    ['session-nobody', undefined, NOW],
  ] as const) {
    await target.saveSession({
      id: sessionId,
      recallSetId: 'photosynthesis',
      ...(userId === undefined ? {} : { userId }),
      status: sessionId === 'session-old' ? 'completed' : 'paused',
      targetPointIds: ['photosynthesis-point-1', 'photosynthesis-point-2'],
      recalledPointIds: ['photosynthesis-point-1'],
      startedAt,
    });
    const context = createEventContext({ clock: () => startedAt, ids });
    await target.append(
      sessionId,
      [
        context.build('session_started', {
          sessionId,
          recallSetId: 'photosynthesis',
          recallSetName: 'Photosynthesis',
          totalPoints: 2,
          recalledCount: 0,
          resumed: false,
        }),
        context.build('user_message', { content: 'Light reactions happen in the thylakoids.' }),
      ],
      { expectedSeq: 0 },
    );
  }
}

/** A request from Alice's browser unless `init` says otherwise. */
async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(base + path, {
    ...init,
    headers: { cookie: cookieOf(ALICE_TOKEN), ...init.headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    text,
  };
}

/** A request with any Host header (fetch cannot set one). */
function withHost(path: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      headers: { host, cookie: cookieOf(ALICE_TOKEN) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

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

  test('a request naming another host is refused before any data is read (X22)', async () => {
    const port = (server.address() as AddressInfo).port;
    const rebound = await withHost('/api/sessions', `attacker.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.text).not.toContain('session-');
    expect((await withHost('/', `attacker.example:${port}`)).status).toBe(403);
    expect((await withHost('/api/sessions', `localhost:${port}`)).status).toBe(200);
  });

  test('JSON answers are never cached or sniffed; every answer carries the CSP (X30)', async () => {
    for (const path of ['/api/recall-sets', '/api/sessions/session-old/events', '/api/nothing']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    for (const path of ['/', '/api/recall-sets', '/media/chloroplast.svg']) {
      const policy = (await get(path)).headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  test('a browser without the cookie gets its own anonymous user: random, HttpOnly, SameSite=Lax (X31)', async () => {
    const first = await fetch(`${base}/api/sessions`);
    const second = await fetch(`${base}/api/sessions`);
    const cookies = [first, second].map((response) => response.headers.get('set-cookie') ?? '');
    for (const cookie of cookies) {
      expect(cookie).toMatch(new RegExp(`^${IDENTITY_COOKIE}=[0-9a-f]{32}\\.[0-9a-f]{64}; `));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
    }
    expect(cookies[0]).not.toBe(cookies[1]);
    // A new user has no sessions; with the cookie, the same user comes back (no new cookie).
    expect(await first.json()).toEqual([]);
    const token = /=([0-9a-f]{32})/.exec(cookies[0] ?? '')?.[1] ?? '';
    const again = await fetch(`${base}/api/sessions`, { headers: { cookie: cookieOf(token) } });
    expect(again.headers.get('set-cookie')).toBeNull();
    // A forged or malformed cookie is not a user: a fresh one is issued.
    const forged = await fetch(`${base}/api/sessions`, { headers: { cookie: cookieOf('x') } });
    expect(forged.headers.get('set-cookie')).toMatch(/^recall_demo_id=[0-9a-f]{32}\.[0-9a-f]{64};/);
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
