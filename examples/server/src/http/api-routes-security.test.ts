import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { IDENTITY_COOKIE } from './demo-identity';
import { base, cookieOf, errors, get, serveDemoApi, server, withHost } from './api-test-server';

// The JSON API's answers, per user (X29): api-routes.test.ts.
serveDemoApi();
// As api-routes.test.ts's last test: no request here reached the error handler.
afterAll(() => expect(errors).toEqual([]));

describe('JSON API', () => {
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
});
