import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { formatSessionLog } from '@recall/core/storage/log';
import { createEventContext } from '@recall/core/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadSeedData } from '../seed/seed-data';
import { createApiHandler } from './api-routes';
import { createRequestHandler } from './request-handler';

const NOW = Date.UTC(2026, 0, 15, 9);
const DAY = 86_400_000;

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
  const api = createApiHandler({
    storage,
    userId: 'demo-user',
    clock: () => NOW,
    exportEvents: formatSessionLog,
    onError: (error) => errors.push(error),
  });
  server = createServer(
    createRequestHandler({ api, appDir, mediaDir: join(import.meta.dirname, '../../media') }),
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
    ['session-old', 'demo-user', NOW - 2 * DAY],
    ['session-new', 'demo-user', NOW - DAY],
    ['session-other-user', 'someone-else', NOW],
  ] as const) {
    await target.saveSession({
      id: sessionId,
      recallSetId: 'photosynthesis',
      userId,
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

async function get(path: string, init?: RequestInit) {
  const response = await fetch(base + path, init);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text };
}

describe('JSON API', () => {
  test('GET /api/recall-sets lists the three seed sets with due counts', async () => {
    const response = await get('/api/recall-sets');
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

  test('GET /api/sessions lists only the demo user’s sessions, newest first, with counts', async () => {
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
