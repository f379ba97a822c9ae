import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createMemoryStorage } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { PROTOCOL_VERSION } from '@recall/ws/protocol';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type DemoServer, startDemoServer } from './demo-server';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({
    storage: createMemoryStorage(),
    llm: createOfflineLLM(),
    appDir: null,
    mediaDir: join(import.meta.dirname, '../../media'),
  });
});

afterAll(async () => {
  await demo?.close();
});

/**
 * Runs `body` with the ws server's console warnings caught instead of printed (the refusals
 * these tests provoke are logged as `[recall/ws] <message>`); resolves the messages, in order.
 */
async function serverWarnings(body: () => Promise<void>): Promise<string[]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    await body();
    return warn.mock.calls.map(([message]) => String(message));
  } finally {
    warn.mockRestore();
  }
}

/** What a browser's first visit gets: its identity cookie. */
async function newBrowser(): Promise<string> {
  const response = await fetch(demo.url);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

/** The status line an upgrade request gets (101 when the WebSocket opens). */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL('/ws?recallSetId=photosynthesis', demo.url), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Opens a session of `photosynthesis` as the browser with `cookie`; resolves its id. */
function startSession(cookie: string): Promise<string> {
  const socket = new WebSocket(
    `${demo.url.replace(/^http/, 'ws')}ws?recallSetId=photosynthesis`,
    [PROTOCOL_VERSION],
    { headers: { cookie } },
  );
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      // The first stored event names the session.
      const message = JSON.parse(String(data)) as { type: string; event?: { sessionId: string } };
      if (message.type !== 'event' || message.event === undefined) return;
      socket.close();
      resolve(message.event.sessionId);
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed with ${code} before any event`)));
  });
}

describe('the demo server: one anonymous learner per browser (X31)', () => {
  test('the socket needs the cookie, checks the host, and each browser sees only its own sessions', async () => {
    const alice = await newBrowser();
    const bob = await newBrowser();
    expect(alice).toMatch(/^recall_demo_id=[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect(bob).not.toBe(alice);

    const port = new URL(demo.url).port;
    const warnings = await serverWarnings(async () => {
      expect(await upgradeStatus({})).toBe(401);
      expect(await upgradeStatus({ cookie: 'recall_demo_id=forged' })).toBe(401);
      // Any 32 hex digits used to be a learner; only a cookie this server signed is one now.
      const unsigned = alice.slice(0, alice.indexOf('.'));
      expect(await upgradeStatus({ cookie: unsigned })).toBe(401);
      expect(await upgradeStatus({ cookie: alice, host: `attacker.example:${port}` })).toBe(403);
    });
    expect(warnings).toEqual([
      ...Array.from({ length: 3 }, () => '[recall/ws] unauthenticated upgrade'),
      '[recall/ws] host rejected',
    ]);

    const aliceSession = await startSession(alice);
    const listed = async (cookie: string) =>
      (
        (await (
          await fetch(new URL('/api/sessions', demo.url), { headers: { cookie } })
        ).json()) as Array<{
          id: string;
        }>
      ).map((session) => session.id);
    expect(await listed(alice)).toEqual([aliceSession]);
    expect(await listed(bob)).toEqual([]);
    const foreign = await fetch(new URL(`/api/sessions/${aliceSession}/events`, demo.url), {
      headers: { cookie: bob },
    });
    expect(foreign.status).toBe(404);
    // Bob's own session of the same set is his, not Alice's resumed.
    expect(await startSession(bob)).not.toBe(aliceSession);
  });
});

describe('learners cost something to mint', () => {
  test('forged ids open nothing, and fresh ids from one address stop at its budget', async () => {
    const storage = createMemoryStorage();
    const limited = await startDemoServer({
      storage,
      llm: createOfflineLLM(),
      appDir: null,
      mediaDir: join(import.meta.dirname, '../../media'),
      newLearnerBudget: { burst: 5, refillPerSecond: 0.001 },
    });
    try {
      const visits = await Promise.all(
        Array.from({ length: 20 }, () => fetch(new URL('/api/sessions', limited.url))),
      );
      const issued = visits
        .map((visit) => visit.headers.get('set-cookie')?.split(';')[0])
        .filter((cookie): cookie is string => cookie !== undefined);
      expect(issued).toHaveLength(5);
      const refused = visits.filter((visit) => visit.status === 429);
      expect(refused).toHaveLength(15);
      expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);

      const wsUrl = `${limited.url.replace(/^http/, 'ws')}ws?recallSetId=photosynthesis`;
      let forged: string[] = [];
      const warnings = await serverWarnings(async () => {
        forged = await Promise.all(
          Array.from(
            { length: 20 },
            () =>
              new Promise<string>((resolve) => {
                const cookie = `recall_demo_id=${randomBytes(16).toString('hex')}`;
                const socket = new WebSocket(wsUrl, [PROTOCOL_VERSION], { headers: { cookie } });
                socket.on('unexpected-response', (_request, response) =>
                  resolve(String(response.statusCode)),
                );
                socket.on('open', () => resolve('open'));
                socket.on('error', () => resolve('error'));
              }),
          ),
        );
      });
      expect(forged.every((outcome) => outcome === '401')).toBe(true);
      expect(warnings).toEqual(
        Array.from({ length: 20 }, () => '[recall/ws] unauthenticated upgrade'),
      );
      expect(await storage.listSessions({})).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
