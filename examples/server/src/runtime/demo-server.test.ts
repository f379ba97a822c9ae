import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createMemoryStorage } from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import { PROTOCOL_VERSION } from '@recall/ws/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
    expect(alice).toMatch(/^recall_demo_id=[0-9a-f]{32}$/);
    expect(bob).not.toBe(alice);

    const port = new URL(demo.url).port;
    expect(await upgradeStatus({})).toBe(401);
    expect(await upgradeStatus({ cookie: 'recall_demo_id=forged' })).toBe(401);
    expect(await upgradeStatus({ cookie: alice, host: `attacker.example:${port}` })).toBe(403);

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
