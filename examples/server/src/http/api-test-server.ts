import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStorage, type StorageAdapter } from '@recall/core';
import { formatSessionLog } from '@recall/core/storage/log';
import { createEventContext } from '@recall/core/testing';
import { afterAll, beforeAll } from 'vitest';
import { LOOPBACK_HOSTS } from '@recall/ws/server';
import { loadSeedData } from '../seed/seed-data';
import { createApiHandler } from './api-routes';
import { createDemoIdentity, IDENTITY_COOKIE, signToken, userIdOf } from './demo-identity';
import { createRequestHandler } from './request-handler';

// The demo's HTTP server on the seed data plus four sessions and Alice's private set, for the
// API tests (api-routes.test.ts, api-routes-security.test.ts).

export const NOW = Date.UTC(2026, 0, 15, 9);
export const DAY = 86_400_000;

/** Two browsers' identity cookies, and the users they stand for. */
export const ALICE_TOKEN = 'a1'.repeat(16);
export const BOB_TOKEN = 'b2'.repeat(16);
export const ALICE = userIdOf(ALICE_TOKEN);
export const BOB = userIdOf(BOB_TOKEN);
const KEY = Buffer.alloc(32, 7);
export const cookieOf = (token: string) => `${IDENTITY_COOKIE}=${signToken(KEY, token)}`;

// Set by serveDemoApi's beforeAll (live bindings: importers see the current server).
export let server: Server;
export let base: string;
export let storage: StorageAdapter;
/** What reached the API's error handler since the server started. */
export const errors: unknown[] = [];

/** Starts the server before the calling file's tests, stops it after them (call at top level). */
export function serveDemoApi(): void {
  beforeAll(async () => {
    errors.length = 0;
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
}

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
export async function get(path: string, init: RequestInit = {}) {
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
export function withHost(path: string, host: string): Promise<{ status: number; text: string }> {
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
