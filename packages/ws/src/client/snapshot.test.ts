import { redactSessionEvent } from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { applyServerFrame, type ClientState, createClientState } from './client-state';
import { toSnapshot } from './snapshot';

const inputs = { connection: 'open', outbox: [] } as const;

function started(): { state: ClientState; log: ReturnType<typeof createFixtureLog> } {
  const log = createFixtureLog({ sessionId: 's1' });
  log.append('session_started', {
    sessionId: 's1',
    recallSetId: 'set',
    recallSetName: 'Cells',
    totalPoints: 2,
    recalledCount: 0,
    resumed: false,
    targetPointIds: ['p1', 'p2'],
    userId: 'u1',
  });
  let state = createClientState({ sessionId: 's1' });
  for (const event of log.events) {
    state = applyServerFrame(state, { type: 'event', event: redactSessionEvent(event) });
  }
  return { state, log };
}

describe('one status vocabulary in the snapshot', () => {
  test("the session carries no status of its own: the snapshot's says where it stands", () => {
    let { state, log } = started();
    expect(toSnapshot(state, inputs).status).toBe('connecting');
    state = applyServerFrame(state, { type: 'history_end', headSeq: 1 });
    const active = toSnapshot(state, inputs);
    expect(active.status).toBe('active');
    expect(active.session).not.toHaveProperty('status');
    expect(active.session).toMatchObject({
      sessionId: 's1',
      totalPoints: 2,
      recallSetName: 'Cells',
    });

    const paused = log.append('session_paused', {
      sessionId: 's1',
      recalledCount: 0,
      totalPoints: 2,
    });
    state = applyServerFrame(state, { type: 'event', event: redactSessionEvent(paused) });
    const snapshot = toSnapshot(state, inputs);
    expect(snapshot.status).toBe('paused');
    expect(snapshot.session).not.toHaveProperty('status');
  });

  test('the same fold gives the same session object, so selectors keep their caches', () => {
    const { state } = started();
    const first = toSnapshot(state, inputs);
    const again = toSnapshot(
      { ...state, drafting: true },
      { connection: 'reconnecting', outbox: [] },
    );
    expect(again).not.toBe(first);
    expect(again.session).toBe(first.session);
  });
});
