import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import { createDemoIdentity, IDENTITY_COOKIE, signToken, userIdOf } from './demo-identity';

const KEY = Buffer.alloc(32, 1);
const OTHER_KEY = Buffer.alloc(32, 2);
const TOKEN = 'c3'.repeat(16);

function request(cookie?: string, address = '203.0.113.9'): IncomingMessage {
  return {
    headers: cookie === undefined ? {} : { cookie: `${IDENTITY_COOKIE}=${cookie}` },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

function response(): ServerResponse & { cookies: string[] } {
  const cookies: string[] = [];
  return { cookies, appendHeader: (_name: string, value: string) => cookies.push(value) } as never;
}

describe('createDemoIdentity', () => {
  test('only cookies this server signed are learners; made-up or foreign ones are not', () => {
    const identity = createDemoIdentity({ key: KEY });
    expect(identity.read(request(signToken(KEY, TOKEN)))).toBe(userIdOf(TOKEN));
    expect(identity.read(request(TOKEN))).toBeNull();
    expect(identity.read(request(signToken(OTHER_KEY, TOKEN)))).toBeNull();
    expect(identity.read(request(`${TOKEN}.${'0'.repeat(64)}`))).toBeNull();
    expect(identity.read(request(`${TOKEN}.abc`))).toBeNull();
    expect(identity.read(request())).toBeNull();
  });

  test('an unsigned cookie of a learner with data is re-signed, keeping the learner', async () => {
    const identity = createDemoIdentity({
      key: KEY,
      hasData: async (userId) => userId === userIdOf(TOKEN),
    });
    const answer = response();
    expect(await identity.ensure(request(TOKEN), answer)).toEqual({
      ok: true,
      userId: userIdOf(TOKEN),
    });
    expect(answer.cookies[0]).toMatch(new RegExp(`^${IDENTITY_COOKIE}=${signToken(KEY, TOKEN)}; `));
    // An unsigned cookie without data is a new learner.
    const stranger = response();
    const fresh = await identity.ensure(request('d4'.repeat(16)), stranger);
    expect(fresh.ok && fresh.userId).not.toBe(userIdOf('d4'.repeat(16)));
    expect(stranger.cookies).toHaveLength(1);
  });

  test('new learners are issued under a per-address budget; known learners are never refused', async () => {
    let now = 1_000_000;
    const identity = createDemoIdentity({
      key: KEY,
      newLearnerBudget: { burst: 3, refillPerSecond: 0.5 },
      now: () => now,
    });
    const outcomes = [];
    for (let index = 0; index < 10; index += 1) {
      outcomes.push(await identity.ensure(request(), response()));
    }
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3);
    expect(outcomes.filter((outcome) => !outcome.ok)).toHaveLength(7);
    expect(outcomes[3]).toEqual({ ok: false, retryAfterMs: 2_000 });
    expect((await identity.ensure(request(signToken(KEY, TOKEN)), response())).ok).toBe(true);
    expect((await identity.ensure(request(undefined, '198.51.100.1'), response())).ok).toBe(true);
    now += 2_000;
    expect((await identity.ensure(request(), response())).ok).toBe(true);
  });

  test('a key shorter than 32 bytes is refused', () => {
    expect(() => createDemoIdentity({ key: Buffer.alloc(16) })).toThrow(TypeError);
  });
});
